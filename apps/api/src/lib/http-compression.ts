import { brotliCompressSync, gzipSync, constants as zlibConstants } from "node:zlib";

export type ContentEncoding = "br" | "gzip";

/** br, else gzip, when the client's Accept-Encoding takes it (a `;q=0` refusal counts as not taking it). */
export function pickContentEncoding(acceptEncoding: string | undefined): ContentEncoding | null {
  const accepted = (acceptEncoding ?? "")
    .split(",")
    .map((part) => part.trim().toLowerCase())
    .filter((part) => !/;\s*q=0(\.0*)?$/.test(part))
    .map((part) => part.split(";")[0]);
  if (accepted.includes("br")) return "br";
  if (accepted.includes("gzip")) return "gzip";
  return null;
}

const compressed = new WeakMap<object, Partial<Record<ContentEncoding, Buffer>>>();

/**
 * `body` compressed, once per encoding for as long as `owner` lives (a memoised answer: the same object for a whole
 * catalog version), so a page is compressed once, not once per request.
 */
export function compressOnce(owner: object, body: string, encoding: ContentEncoding): Buffer {
  const known = compressed.get(owner) ?? {};
  const cached = known[encoding];
  if (cached) return cached;
  const encoded =
    encoding === "br"
      ? brotliCompressSync(body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 6 } })
      : gzipSync(body);
  compressed.set(owner, { ...known, [encoding]: encoded });
  return encoded;
}
