import { AppError } from "../../lib/app-error.ts";
import type { AppDeps } from "../../lib/deps.ts";
import type { AuditActor } from "../operators/index.ts";
import { getCustomerStoreCredit, issueStoreCredit, presentStoreCredit } from "../store-credit/index.ts";
import { findCustomer } from "./console-customers.repo.ts";

// A customer's store credit in the console (decision 064): read by admin and support, given by admins.

/** The customer's balance and history; NOT_FOUND for an unknown id (deleted accounts keep theirs). Reads only. */
export async function getCustomerCredit(deps: Pick<AppDeps, "db">, options: { userId: string }) {
  const user = await findCustomer(deps.db, options.userId);
  if (!user) throw new AppError("NOT_FOUND", { message: "No such customer." });
  return presentStoreCredit(await getCustomerStoreCredit(deps.db, user.id));
}

/** Gives store credit, audited in its transaction (issueStoreCredit); answers the balance and history after it. */
export async function issueCustomerCredit(
  deps: Pick<AppDeps, "db" | "now">,
  options: { userId: string; amountDzd: number; reason: string; expiresAt: Date | null; actor: AuditActor },
) {
  return presentStoreCredit(await issueStoreCredit(deps, options));
}
