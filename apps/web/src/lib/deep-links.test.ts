import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { type DeepLinkApp, resolveDeepLink, startDeepLinks } from "./deep-links.ts";

const HOST = "app.esimstore.example";

/** One rule written once, checked as an https App Link and as a custom-scheme link. */
const bothForms = (screenAndQuery: string) => [
  [`https://${HOST}/${screenAndQuery}`],
  [`esimstore://${screenAndQuery}`],
];

const rules: { rule: string; link: string; to: string }[] = [
  {
    rule: "payment-result success opens the eSIMs",
    link: "payment-result?status=success&paymentId=p1",
    to: "/esims?paymentId=p1",
  },
  {
    rule: "payment-result failure goes home",
    link: "payment-result?status=failure&paymentId=p1",
    to: "/home?paymentId=p1",
  },
  {
    rule: "payment-result error goes home",
    link: "payment-result?status=error&paymentId=p1",
    to: "/home?paymentId=p1",
  },
  {
    rule: "payment-result pending goes home",
    link: "payment-result?status=pending&paymentId=p1",
    to: "/home?paymentId=p1",
  },
  {
    rule: "payment-result processing goes home",
    link: "payment-result?status=processing&paymentId=p1",
    to: "/home?paymentId=p1",
  },
  {
    rule: "payment-result with an unknown status goes home",
    link: "payment-result?status=odd&paymentId=p1",
    to: "/home?paymentId=p1",
  },
  { rule: "payment-result without a status goes home", link: "payment-result?paymentId=p1", to: "/home?paymentId=p1" },
  { rule: "esims opens the eSIMs", link: "esims", to: "/esims" },
  {
    rule: "summary opens the summary with its query",
    link: "summary?plan=pl1&destination=DZ",
    to: "/summary?plan=pl1&destination=DZ",
  },
  { rule: "home goes home", link: "home", to: "/home" },
  {
    rule: "success opens the success screen with every parameter",
    link: "success?orderId=o1&paymentId=p1&x=1",
    to: "/success?orderId=o1&paymentId=p1&x=1",
  },
  {
    rule: "failure opens the failure screen with every parameter",
    link: "failure?orderId=o1&paymentId=p1",
    to: "/failure?orderId=o1&paymentId=p1",
  },
];

describe("resolveDeepLink", () => {
  beforeEach(() => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  describe.each(rules)("$rule", ({ link, to }) => {
    it.each(bothForms(link))("%s", (url) => {
      expect(resolveDeepLink(url)).toEqual({ to, promoCode: null });
      expect(console.warn).not.toHaveBeenCalled();
    });
  });

  it.each([[`https://${HOST}/`], [`https://${HOST}`], ["esimstore://"], ["esimstore:///"]])(
    "sends the bare address %s home",
    (url) => {
      expect(resolveDeepLink(url)).toEqual({ to: "/home", promoCode: null });
    },
  );

  it.each([[`https://${HOST}/ESIMS`], ["esimstore://ESIMS"], ["esimstore://esims/"]])(
    "reads the screen of %s without minding case or a trailing slash",
    (url) => {
      expect(resolveDeepLink(url).to).toBe("/esims");
    },
  );

  it("reads a custom-scheme link with an empty host by its path", () => {
    expect(resolveDeepLink("esimstore:///esims")).toEqual({ to: "/esims", promoCode: null });
  });

  describe.each([
    { link: "success?promo=summer26&orderId=o1", to: "/success?orderId=o1" },
    { link: "failure?orderId=o1&promo=summer26", to: "/failure?orderId=o1" },
    { link: "payment-result?status=success&paymentId=p1&promo=summer26", to: "/esims?paymentId=p1" },
    { link: "summary?promo=summer26&plan=pl1", to: "/summary?plan=pl1" },
    { link: "home?promo=summer26", to: "/home" },
  ])("a promo code on $link", ({ link, to }) => {
    it.each(bothForms(link))("is returned upper-cased and left out of %s", (url) => {
      expect(resolveDeepLink(url)).toEqual({ to, promoCode: "SUMMER26" });
    });
  });

  it.each(bothForms("success?promo=%20%20&orderId=o1"))("ignores a blank promo code in %s", (url) => {
    expect(resolveDeepLink(url)).toEqual({ to: "/success?orderId=o1", promoCode: null });
  });

  it.each([
    ["not a url"],
    [""],
    ["://payment-result"],
    ["esimstore//payment-result?status=success"],
    [`http://${HOST}/esims`],
    [`ftp://${HOST}/esims`],
    ["javascript:alert(1)"],
    ["otherapp://esims"],
    [`https://${HOST}/admin?promo=x`],
    ["esimstore://unknown-screen"],
    [`https://${HOST}/esims/extra`],
    ["esimstore://success/extra?orderId=o1"],
  ])("sends %j home with a warning and no promo code", (url) => {
    expect(resolveDeepLink(url)).toEqual({ to: "/home", promoCode: null });
    expect(console.warn).toHaveBeenCalledOnce();
  });
});

describe("startDeepLinks", () => {
  type Listener = (event: { url: string }) => void;

  function fakeApp(launchUrl?: string) {
    const listeners: Listener[] = [];
    const remove = vi.fn(async () => {
      listeners.length = 0;
    });
    const app: DeepLinkApp = {
      getLaunchUrl: async () => (launchUrl === undefined ? undefined : { url: launchUrl }),
      addListener: async (_event, callback) => {
        listeners.push(callback);
        return { remove };
      },
    };
    const open = (url: string) => {
      for (const listener of listeners) listener({ url });
    };
    return { app, open, remove, listeners };
  }

  function start(app: DeepLinkApp) {
    const navigate = vi.fn();
    const storePromoCode = vi.fn(async (_code: string) => {});
    const stop = startDeepLinks({ app, navigate, storePromoCode });
    return { navigate, storePromoCode, stop };
  }

  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it("handles the launch link only after 1000 ms", async () => {
    const { app } = fakeApp("esimstore://payment-result?status=success&paymentId=p1");
    const { navigate } = start(app);

    await vi.advanceTimersByTimeAsync(999);
    expect(navigate).not.toHaveBeenCalled();

    await vi.advanceTimersByTimeAsync(1);
    expect(navigate).toHaveBeenCalledExactlyOnceWith("/esims?paymentId=p1");
  });

  it("stores the launch link's promo code upper-cased before navigating", async () => {
    const { app } = fakeApp(`https://${HOST}/success?orderId=o1&promo=summer26`);
    const { navigate, storePromoCode } = start(app);

    await vi.advanceTimersByTimeAsync(1000);
    expect(storePromoCode).toHaveBeenCalledExactlyOnceWith("SUMMER26");
    expect(navigate).toHaveBeenCalledExactlyOnceWith("/success?orderId=o1");
    expect(storePromoCode.mock.invocationCallOrder[0]).toBeLessThan(navigate.mock.invocationCallOrder[0] ?? 0);
  });

  it("still navigates when the promo code cannot be stored", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const { app, open } = fakeApp();
    const navigate = vi.fn();
    startDeepLinks({ app, navigate, storePromoCode: async () => Promise.reject(new Error("full")) });
    await vi.advanceTimersByTimeAsync(0);

    open("esimstore://home?promo=abc");
    await vi.advanceTimersByTimeAsync(0);
    expect(navigate).toHaveBeenCalledExactlyOnceWith("/home");
    expect(console.warn).toHaveBeenCalledOnce();
  });

  it("tells onLink of every link as it is handled, before navigating", async () => {
    const { app, open } = fakeApp("esimstore://esims");
    const navigate = vi.fn();
    const onLink = vi.fn();
    startDeepLinks({ app, navigate, storePromoCode: async () => {}, onLink });

    await vi.advanceTimersByTimeAsync(999);
    expect(onLink).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(onLink).toHaveBeenCalledExactlyOnceWith("esimstore://esims");

    open("esimstore://home");
    expect(onLink).toHaveBeenLastCalledWith("esimstore://home");
    await vi.advanceTimersByTimeAsync(0);
    expect(onLink.mock.invocationCallOrder[1]).toBeLessThan(navigate.mock.invocationCallOrder[1] ?? 0);
  });

  it("does nothing at launch without a launch link", async () => {
    const { app } = fakeApp();
    const { navigate } = start(app);
    await vi.advanceTimersByTimeAsync(5000);
    expect(navigate).not.toHaveBeenCalled();
  });

  it("handles each later appUrlOpen at once", async () => {
    const { app, open } = fakeApp();
    const { navigate, storePromoCode } = start(app);
    await vi.advanceTimersByTimeAsync(0);

    open(`https://${HOST}/failure?orderId=o1`);
    await vi.advanceTimersByTimeAsync(0);
    expect(navigate).toHaveBeenLastCalledWith("/failure?orderId=o1");

    open("esimstore://summary?plan=pl1&promo=winter");
    await vi.advanceTimersByTimeAsync(0);
    expect(storePromoCode).toHaveBeenCalledExactlyOnceWith("WINTER");
    expect(navigate).toHaveBeenLastCalledWith("/summary?plan=pl1");
    expect(navigate).toHaveBeenCalledTimes(2);
  });

  it("sends a broken appUrlOpen link home with a warning", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const { app, open } = fakeApp();
    const { navigate } = start(app);
    await vi.advanceTimersByTimeAsync(0);

    open("garbage");
    await vi.advanceTimersByTimeAsync(0);
    expect(navigate).toHaveBeenCalledExactlyOnceWith("/home");
    expect(console.warn).toHaveBeenCalledOnce();
  });

  it("stop() removes the listener and cancels a launch link not yet handled", async () => {
    const { app, open, remove, listeners } = fakeApp("esimstore://esims");
    const { navigate, stop } = start(app);
    await vi.advanceTimersByTimeAsync(500);

    await stop();
    expect(remove).toHaveBeenCalledOnce();
    expect(listeners).toHaveLength(0);

    open("esimstore://esims");
    await vi.advanceTimersByTimeAsync(2000);
    expect(navigate).not.toHaveBeenCalled();
  });
});
