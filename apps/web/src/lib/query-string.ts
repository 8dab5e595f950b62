/**
 * The query string to pass on to the next screen: every parameter of `search` except `promo`, with `overrides` set (undefined removes a parameter). Returns "" or "?a=b".
 */
export function passOnQuery(search: string | URLSearchParams, overrides: Record<string, string | undefined> = {}) {
  const params = new URLSearchParams(search);
  params.delete("promo");
  for (const [key, value] of Object.entries(overrides)) {
    if (value === undefined) params.delete(key);
    else params.set(key, value);
  }
  const query = params.toString();
  return query ? `?${query}` : "";
}
