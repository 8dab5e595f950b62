import type { Language } from "@esim/shared/locale";
import { WEB_PATHS } from "@esim/shared/web-paths";
import { type ClaimEmailStep, claimEmail, renderEmail } from "@esim/ui/emails";
import type { DbOrTx } from "../../db/client.ts";
import type { AppDeps } from "../../lib/deps.ts";
import { queueEmail } from "../mail-outbox/index.ts";
import type { ClaimRow } from "./claim-lifecycle.ts";
import { findClaimMailFacts, findClaimTraveller } from "./claims.repo.ts";

/**
 * Queues the email of one step of a claim to its traveller, in their language, in the caller's transaction (the one
 * deciding the step); none once the account is gone. `key` makes it once per step.
 */
export async function queueClaimEmail(
  tx: DbOrTx,
  deps: Pick<AppDeps, "config">,
  options: { claim: ClaimRow; step: ClaimEmailStep; key: string },
): Promise<void> {
  const { claim } = options;
  const traveller = await findClaimTraveller(tx, claim.userId);
  if (!traveller?.email || traveller.deletedAt) return;
  const facts = await findClaimMailFacts(tx, claim.esimId);
  if (!facts) return;
  const language: Language = traveller.language;
  const destination = { fr: facts.destination.nameFr, en: facts.destination.nameEn, ar: facts.destination.nameAr };
  const publicUrl = deps.config.PUBLIC_URL;
  const rendered = await renderEmail(
    claimEmail,
    {
      name: traveller.name,
      orderNumber: facts.orderNumber,
      destination: destination[language],
      step: options.step,
      claimUrl: `${publicUrl}${WEB_PATHS.esimDetails(claim.esimId)}`,
    },
    language,
  );
  await queueEmail(tx, {
    key: `claim:${claim.id}:${options.key}`,
    message: { to: traveller.email, ...rendered },
    orderId: claim.orderId,
    publicUrl,
  });
}

/** The order's page, where a transfer's account is given. */
export function claimOrderUrl(deps: Pick<AppDeps, "config">, claim: Pick<ClaimRow, "orderId">): string {
  return `${deps.config.PUBLIC_URL}${WEB_PATHS.orderStatus(claim.orderId)}`;
}
