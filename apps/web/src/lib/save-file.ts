import { isNativePlatform, loadNativePlugins } from "./platform.ts";

// The one way to save a file the person asked for (the invoice PDF, the install QR image). A browser saves what a
// temporary `download` link points at; the apps' web views (WKWebView, Android's WebView) ignore such links, so
// there the file is written to the app's cache and handed to the system share sheet, whose "Save to Files",
// "Save Image" or a messaging app keep it (decision 023).

/** What the share sheet rejects with on iOS and Android when the person closes it without choosing. */
const SHARE_CANCELED = "Share canceled";

/**
 * Saves `file` as `filename`: the browser's download, or the share sheet in the apps. Resolves once the download
 * has started or the sheet has closed (closing it without choosing is not a failure); rejects if the file could
 * not be written or shared.
 */
export async function saveFile(file: Blob, filename: string): Promise<void> {
  if (isNativePlatform()) await shareFromCache(file, filename);
  else downloadInBrowser(file, filename);
}

function downloadInBrowser(file: Blob, filename: string): void {
  const url = URL.createObjectURL(file);
  const link = document.createElement("a");
  link.href = url;
  link.download = filename;
  link.rel = "noopener";
  document.body.append(link);
  link.click();
  link.remove();
  // The click has started the download by the time the next task runs.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

async function shareFromCache(file: Blob, filename: string): Promise<void> {
  const { Directory, Filesystem, Share } = await loadNativePlugins();
  // One cache file per name: saving the same invoice again overwrites it, and the system may clear the cache.
  const { uri } = await Filesystem.writeFile({
    path: toSafeFileName(filename),
    data: await readAsBase64(file),
    directory: Directory.Cache,
  });
  try {
    await Share.share({ title: filename, files: [uri] });
  } catch (error) {
    if (!isShareCanceled(error)) throw error;
  }
}

/**
 * A name that is one path segment on every file system: letters, digits, `.`, `_` and `-` only, starting with a
 * letter or digit (never `..` or a hidden file), at most 100 characters kept from the end so the extension stays.
 */
export function toSafeFileName(filename: string): string {
  const safe = filename.replace(/[^\w.-]+/g, "-").slice(-96);
  return /^\w/.test(safe) ? safe : `file${safe}`;
}

/** The file's bytes in base64, as Filesystem.writeFile takes them (its default encoding). */
function readAsBase64(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const dataUrl = String(reader.result);
      resolve(dataUrl.slice(dataUrl.indexOf(",") + 1));
    };
    reader.onerror = () => reject(reader.error ?? new Error("The file could not be read"));
    reader.readAsDataURL(file);
  });
}

// The bridge rejects with a CapacitorException (an Error); only its message tells a cancel from a failure.
function isShareCanceled(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { message?: unknown }).message === SHARE_CANCELED;
}
