/**
 * When a plan's validity starts, as the upstream applies it (eSIM Access `activeType`): 1, when the eSIM is installed;
 * 2, at its first network connection in a covered country. What every surface says about when to install follows it
 * (decision 050).
 */
export const VALIDITY_STARTS = ["installation", "first_connection"] as const;
export type ValidityStart = (typeof VALIDITY_STARTS)[number];

/** eSIM Access `activeType` → ours; anything unknown is read as the stricter "installation" (a traveller never loses days by installing late). */
export function validityStartOfActiveType(activeType: number | null | undefined): ValidityStart {
  return activeType === 2 ? "first_connection" : "installation";
}
