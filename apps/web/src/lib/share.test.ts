import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeNativePlugins, resetFakeNative, runAsNative } from "../test/fake-native-plugins.ts";
import { canShareNatively, shareNatively, smsHref, whatsappHref } from "./share.ts";

vi.mock("./native-plugins.ts", async () => (await import("../test/fake-native-plugins.ts")).fakeNativePlugins);

const { Share } = fakeNativePlugins;
const LINK = "https://esim.example.dz/ar/pay/TOKEN";
const TEXT = `ادفع عني 220 DA: ${LINK}`;

afterEach(() => {
  resetFakeNative();
  Reflect.deleteProperty(navigator, "share");
});

describe("sharing a link", () => {
  it("writes the message into WhatsApp's and the SMS app's addresses, encoded, to a contact or to support's number", () => {
    expect(whatsappHref(TEXT)).toBe(`https://wa.me/?text=${encodeURIComponent(TEXT)}`);
    expect(whatsappHref("Bonjour", "+213 555 12 34 56")).toBe("https://wa.me/213555123456?text=Bonjour");
    expect(smsHref(TEXT)).toBe(`sms:?&body=${encodeURIComponent(TEXT)}`);
  });

  it.each(["ios", "android"] as const)(
    "on %s opens the system share sheet with the message and the link",
    async (platform) => {
      runAsNative(platform);
      expect(canShareNatively()).toBe(true);
      await shareNatively({ title: "اطلب من شخص أن يدفع", text: TEXT, url: LINK });
      expect(Share.share).toHaveBeenCalledExactlyOnceWith({
        title: "اطلب من شخص أن يدفع",
        text: TEXT,
        url: LINK,
        dialogTitle: "اطلب من شخص أن يدفع",
      });
    },
  );

  it("in a browser uses navigator.share with the message alone (it carries the link), and offers none without it", async () => {
    expect(canShareNatively()).toBe(false);
    const share = vi.fn().mockRejectedValue(new DOMException("cancelled", "AbortError"));
    Object.defineProperty(navigator, "share", { value: share, configurable: true });
    expect(canShareNatively()).toBe(true);
    // Closing the sheet without choosing is no failure: the other buttons remain.
    await expect(shareNatively({ title: "Partager", text: TEXT, url: LINK })).resolves.toBeUndefined();
    expect(share).toHaveBeenCalledExactlyOnceWith({ title: "Partager", text: TEXT });
    expect(Share.share).not.toHaveBeenCalled();
  });
});
