import { isNativePlatform, loadNativePlugins } from "./platform.ts";

// Sharing a link a traveller gives to others (a pay-for-me link, decision 077; an invite, decision 079): the system
// share sheet in the apps (@capacitor/share), the browser's navigator.share where it exists, and plain links for
// WhatsApp and SMS that work everywhere. Support's WhatsApp chat (decision 081) uses the same address.

/** WhatsApp's own address: a chat with `number` (E.164) when given, else a contact to choose, `text` typed in. */
export function whatsappHref(text: string, number?: string): string {
  return `https://wa.me/${number ? number.replace(/\D/g, "") : ""}?text=${encodeURIComponent(text)}`;
}

/** An SMS with the message prefilled (the `?&body=` form works on both iOS and Android). */
export function smsHref(text: string): string {
  return `sms:?&body=${encodeURIComponent(text)}`;
}

/** Whether a share sheet is there to open: always in the apps, in browsers that have navigator.share. */
export function canShareNatively(): boolean {
  return isNativePlatform() || (typeof navigator !== "undefined" && typeof navigator.share === "function");
}

/**
 * Opens the share sheet with the message, which carries the link; closing it without choosing is not a failure. The
 * apps' plugin also gets the link on its own (iOS previews it); browsers get the text alone, or they write it twice.
 */
export async function shareNatively(options: { title: string; text: string; url: string }): Promise<void> {
  try {
    if (isNativePlatform()) {
      const { Share } = await loadNativePlugins();
      await Share.share({ title: options.title, text: options.text, url: options.url, dialogTitle: options.title });
    } else {
      await navigator.share({ title: options.title, text: options.text });
    }
  } catch {
    // Cancelled by the person, or not allowed here: the WhatsApp, SMS and copy buttons remain.
  }
}
