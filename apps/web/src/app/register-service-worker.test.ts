import { afterEach, describe, expect, it, vi } from "vitest";
import { registerServiceWorker, SERVICE_WORKER_URL } from "./register-service-worker.ts";

/** A page and its `navigator.serviceWorker`, with the events the browser would fire. */
function fakePage(options: { readyState?: DocumentReadyState; isControlled?: boolean } = {}) {
  const pageEvents = new EventTarget();
  const containerEvents = new EventTarget();
  const container = {
    controller: options.isControlled ? ({} as ServiceWorker) : null,
    register: vi.fn(async () => ({}) as ServiceWorkerRegistration),
    addEventListener: containerEvents.addEventListener.bind(containerEvents),
  };
  const reload = vi.fn();
  const page = {
    addEventListener: pageEvents.addEventListener.bind(pageEvents),
    document: { readyState: options.readyState ?? "loading" },
    location: { reload },
  };
  return {
    container,
    page,
    reload,
    load: () => pageEvents.dispatchEvent(new Event("load")),
    newWorkerTakesOver: () => containerEvents.dispatchEvent(new Event("controllerchange")),
  };
}

const production = (
  fake: ReturnType<typeof fakePage>,
  overrides: { isProduction?: boolean; isNative?: boolean } = {},
) => ({
  isProduction: true,
  isNative: false,
  container: fake.container as unknown as ServiceWorkerContainer,
  window: fake.page as unknown as NonNullable<Parameters<typeof registerServiceWorker>[0]>["window"],
  ...overrides,
});

describe("registerServiceWorker", () => {
  it("registers /sw.js for the whole app once the page has loaded, in a production web build", () => {
    const fake = fakePage();
    registerServiceWorker(production(fake));
    expect(fake.container.register).not.toHaveBeenCalled();
    fake.load();
    expect(fake.container.register).toHaveBeenCalledWith(SERVICE_WORKER_URL, { scope: "/" });
  });

  it("registers at once when the page has already loaded", () => {
    const fake = fakePage({ readyState: "complete" });
    registerServiceWorker(production(fake));
    expect(fake.container.register).toHaveBeenCalledTimes(1);
  });

  it("does nothing in development, in the native apps, or without service workers", () => {
    for (const environment of [
      production(fakePage({ readyState: "complete" }), { isProduction: false }),
      production(fakePage({ readyState: "complete" }), { isNative: true }),
    ]) {
      registerServiceWorker(environment);
      expect((environment.container as unknown as { register: () => void }).register).not.toHaveBeenCalled();
    }
    const fake = fakePage({ readyState: "complete" });
    expect(() => registerServiceWorker({ ...production(fake), container: undefined })).not.toThrow();
  });

  it("reloads once when a deploy's worker takes over a page the previous worker served", () => {
    const fake = fakePage({ readyState: "complete", isControlled: true });
    registerServiceWorker(production(fake));
    fake.newWorkerTakesOver();
    fake.newWorkerTakesOver();
    expect(fake.reload).toHaveBeenCalledTimes(1);
  });

  it("does not reload when the first worker starts controlling a page that had none", () => {
    const fake = fakePage({ readyState: "complete", isControlled: false });
    registerServiceWorker(production(fake));
    fake.newWorkerTakesOver();
    expect(fake.reload).not.toHaveBeenCalled();
  });
});

describe("registerServiceWorker in this page", () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.unstubAllGlobals();
    delete (navigator as { serviceWorker?: unknown }).serviceWorker;
  });

  /** A production build in this page, with a `navigator.serviceWorker` to watch. */
  function productionPage() {
    vi.stubEnv("PROD", true);
    const register = vi.fn(async () => ({}) as ServiceWorkerRegistration);
    Object.defineProperty(navigator, "serviceWorker", {
      configurable: true,
      value: { controller: null, register, addEventListener: () => {} },
    });
    return register;
  }

  it("registers in a browser", () => {
    const register = productionPage();
    registerServiceWorker();
    expect(register).toHaveBeenCalledWith(SERVICE_WORKER_URL, { scope: "/" });
  });

  it.each(["ios", "android"])("never registers inside the %s app, whose files ship with it", (platform) => {
    const register = productionPage();
    vi.stubGlobal("Capacitor", { getPlatform: () => platform });
    registerServiceWorker();
    expect(register).not.toHaveBeenCalled();
  });
});
