// Values put into a sentence that may be Arabic (right to left): the app's messages, the storefront's pages.

/**
 * Wraps a left-to-right value (an amount like "64 DA", an email) in Unicode isolates (U+2068 … U+2069) before it
 * goes into a message, so an Arabic sentence does not reorder it ("DA 64"). The string form of `<bdi>`.
 */
export function isolate(value: string): string {
  return `\u2068${value}\u2069`;
}

/**
 * Like `isolate`, for a value with no letter to tell its direction ("200+"): forced left to right (U+2066), else
 * an Arabic sentence shows "+200".
 */
export function isolateLtr(value: string): string {
  return `\u2066${value}\u2069`;
}
