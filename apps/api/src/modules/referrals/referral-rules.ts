import { randomInt } from "node:crypto";
import type { ReferralRefusal } from "@esim/shared/referrals/contracts";

// Pure rules of referrals (decision 079): the code, the email as one person, and which limit a
// friend's order breaks, in the order the operator reads them.

const CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";

/** A fresh invite code: 8 characters without look-alikes (about 8.5 × 10^11 codes). */
export function generateReferralCode(): string {
  return Array.from({ length: 8 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join("");
}

const GMAIL_DOMAINS = new Set(["gmail.com", "googlemail.com"]);

/**
 * The email as the mailbox that receives it: lower case, a `+tag` dropped (every provider that takes tags delivers
 * them to the same box), and for Gmail the dots dropped and googlemail.com read as gmail.com.
 */
export function normaliseEmail(email: string): string {
  const [local = "", domain = ""] = email.trim().toLowerCase().split("@");
  const untagged = local.split("+")[0]!;
  if (GMAIL_DOMAINS.has(domain)) return `${untagged.replaceAll(".", "")}@gmail.com`;
  return `${untagged}@${domain}`;
}

export interface ReferralParties {
  referrer: { id: string; email: string | null; phone: string | null; deviceIds: readonly string[] };
  friend: { id: string; email: string; deviceIds: readonly string[] };
  /** The device the friend orders from (the browser's id, or the app's). */
  deviceId: string | null;
  /** What identifies the payer of the friend's order: its billing phone (E.164); unknown before the order. */
  paymentReference: string | null;
  /** The referrer's own payment references: their phone and the billing phones of their orders. */
  referrerPaymentReferences: readonly string[];
  /** Whether the friend has an order that was not rejected (paid, or awaiting payment). */
  hasOtherOrder: boolean;
}

/** The first limit the friend's order breaks, or null when the invite applies. */
export function findReferralRefusal(parties: ReferralParties): ReferralRefusal | null {
  const { referrer, friend } = parties;
  if (referrer.id === friend.id) return "same_account";
  if (referrer.email && normaliseEmail(referrer.email) === normaliseEmail(friend.email)) return "same_email";
  const friendDevices = new Set([...friend.deviceIds, ...(parties.deviceId ? [parties.deviceId] : [])]);
  if (referrer.deviceIds.some((id) => friendDevices.has(id))) return "same_device";
  if (parties.paymentReference && parties.referrerPaymentReferences.includes(parties.paymentReference)) {
    return "same_payment_reference";
  }
  if (parties.hasOtherOrder) return "not_first_order";
  return null;
}
