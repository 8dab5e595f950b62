import type { ValidityStart } from "@esim/shared/catalog/validity-start";

/**
 * How a simulated profile lives, as a pure function of time: released when allocated, installed a little
 * later (Onboard), used soon after (In Use), with usage growing at a steady per-profile rate until the data
 * run out (Depleted) or the validity ends. The validity counts from installation or from the first use, as the
 * plan says (eSIM Access activeType 1 or 2). Nothing is stored but the facts below, so any instance answers the
 * same for the same clock.
 */

const SECOND_MS = 1000;
const DAY_MS = 86_400_000;

export interface ProfileTimelineInput {
  /** When the profile became visible (the order's readyAt). */
  readyAt: Date;
  isCanceled: boolean;
  /** Null when unlimited. */
  baseBytes: number | null;
  baseValidityDays: number;
  /** The base plan's: whether the days count from installation or from the first connection (first use here). */
  validityStart: ValidityStart;
  bytesPerSecond: number;
  topUps: { at: Date; addedBytes: number | null; addedValidityDays: number }[];
  /** Seconds between allocation and the traveller installing the profile. */
  installAfterSeconds: number;
  /** Seconds between installation and the first byte used. */
  firstUseAfterSeconds: number;
}

export interface ProfileState {
  esimStatus: "GOT_RESOURCE" | "IN_USE" | "USED_UP" | "USED_EXPIRED" | "UNUSED_EXPIRED" | "CANCEL";
  smdpStatus: "RELEASED" | "ENABLED";
  usedBytes: number;
  /** Null when unlimited. */
  totalBytes: number | null;
  installedAt: Date | null;
  /** The end of validity; null until the validity has started (installation or first use, per the plan). */
  expiresAt: Date | null;
}

export function computeProfileState(input: ProfileTimelineInput, now: Date): ProfileState {
  const nowMs = now.getTime();
  const topUps = input.topUps
    .filter((topUp) => topUp.at.getTime() <= nowMs)
    .sort((a, b) => a.at.getTime() - b.at.getTime());
  const totalBytes =
    input.baseBytes === null ? null : topUps.reduce((sum, topUp) => sum + (topUp.addedBytes ?? 0), input.baseBytes);
  const installedAtMs = input.readyAt.getTime() + input.installAfterSeconds * SECOND_MS;
  const validityDays = topUps.reduce((sum, topUp) => sum + topUp.addedValidityDays, input.baseValidityDays);
  const firstUseAtMs = installedAtMs + input.firstUseAfterSeconds * SECOND_MS;
  const startedAtMs = input.validityStart === "first_connection" ? firstUseAtMs : installedAtMs;
  const expiresAtMs = startedAtMs + validityDays * DAY_MS;

  if (input.isCanceled) {
    return {
      esimStatus: "CANCEL",
      smdpStatus: "RELEASED",
      usedBytes: 0,
      totalBytes,
      installedAt: null,
      expiresAt: null,
    };
  }
  if (nowMs < installedAtMs) {
    return {
      esimStatus: "GOT_RESOURCE",
      smdpStatus: "RELEASED",
      usedBytes: 0,
      totalBytes,
      installedAt: null,
      expiresAt: null,
    };
  }

  // Usage grows linearly from the first use, capped by the data bought so far; a top-up raises the cap from
  // its own instant, so data used while depleted is never counted twice.
  let usedBytes = 0;
  let capBytes = input.baseBytes;
  let cursorMs = firstUseAtMs;
  const endMs = Math.min(nowMs, expiresAtMs);
  const grow = (untilMs: number) => {
    if (untilMs <= cursorMs) return;
    const grown = usedBytes + input.bytesPerSecond * ((untilMs - cursorMs) / SECOND_MS);
    usedBytes = capBytes === null ? grown : Math.min(capBytes, grown);
    cursorMs = untilMs;
  };
  for (const topUp of topUps) {
    grow(Math.min(topUp.at.getTime(), endMs));
    if (capBytes !== null) capBytes += topUp.addedBytes ?? 0;
  }
  grow(endMs);
  usedBytes = Math.floor(usedBytes);

  const base = {
    smdpStatus: "ENABLED" as const,
    usedBytes,
    totalBytes,
    installedAt: new Date(installedAtMs),
    expiresAt: nowMs >= startedAtMs ? new Date(expiresAtMs) : null,
  };
  if (nowMs >= expiresAtMs) return { ...base, esimStatus: usedBytes > 0 ? "USED_EXPIRED" : "UNUSED_EXPIRED" };
  if (totalBytes !== null && usedBytes >= totalBytes) return { ...base, esimStatus: "USED_UP" };
  if (nowMs >= firstUseAtMs) return { ...base, esimStatus: "IN_USE" };
  return { ...base, esimStatus: "GOT_RESOURCE" };
}
