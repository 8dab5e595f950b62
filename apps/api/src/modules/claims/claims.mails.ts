import type { Language } from "@esim/shared/locale";
import { WEB_PATHS } from "@esim/shared/web-paths";
import { type ClaimEmailStep, claimEmail, claimOpenedEmail, renderEmail } from "@esim/ui/emails";
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

/** The operators read their alerts in French, like the other operator emails. */
const OPERATOR_LANGUAGE: Language = "fr";

/**
 * Tells the operators a claim was filed, in the transaction that files it (once per claim by its key): a claim must be
 * settled within 7 days, and nobody watches the console all day.
 */
export async function queueClaimOperatorAlert(
  tx: DbOrTx,
  deps: Pick<AppDeps, "config">,
  claim: ClaimRow,
): Promise<void> {
  const facts = await findClaimMailFacts(tx, claim.esimId);
  if (!facts) return;
  const traveller = await findClaimTraveller(tx, claim.userId);
  const publicUrl = deps.config.PUBLIC_URL;
  const rendered = await renderEmail(
    claimOpenedEmail,
    {
      orderNumber: facts.orderNumber,
      customerEmail: traveller && !traveller.deletedAt ? traveller.email : null,
      reason: claim.reason,
      settleBy: claim.settleBy,
      consoleUrl: `${publicUrl}${WEB_PATHS.consoleClaim(claim.id)}`,
    },
    OPERATOR_LANGUAGE,
  );
  await queueEmail(tx, {
    key: `operator-alert:claim:${claim.id}`,
    message: { to: deps.config.OPERATOR_EMAIL, ...rendered },
    orderId: claim.orderId,
    publicUrl,
  });
}

/** The order's page, where a transfer's account is given. */
export function claimOrderUrl(deps: Pick<AppDeps, "config">, claim: Pick<ClaimRow, "orderId">): string {
  return `${deps.config.PUBLIC_URL}${WEB_PATHS.orderStatus(claim.orderId)}`;
}
