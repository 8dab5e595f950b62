import { isNativePlatform, loadNativePlugins } from "../../../lib/platform.ts";

// Sharing a pay-for-me link (decision 077): the system share sheet in the apps (@capacitor/share), the browser's
// navigator.share where it exists, and plain links for WhatsApp and SMS that work everywhere.

/** WhatsApp's own address for a message to choose a contact for. */
export function whatsappHref(text: string): string {
  return `https://wa.me/?text=${encodeURIComponent(text)}`;
}

/** An SMS with the message prefilled (the `?&body=` form works on both iOS and Android). */
export function smsHref(text: string): string {
  return `sms:?&body=${encodeURIComponent(text)}`;
}

/** Whether a share sheet is there to open: always in the apps, in browsers that have navigator.share. */
export function canShareNatively(): boolean {
  return isNativePlatform() || (typeof navigator !== "undefined" && typeof navigator.share === "function");
}

/** Opens the share sheet with the message and the link; closing it without choosing is not a failure. */
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
