import { CUSTOMERS_PAGE_SIZE, type CustomerPin } from "@esim/shared/console/customers-contract";
import { algiersMonthOf } from "../../lib/algiers-days.ts";
import { AppError } from "../../lib/app-error.ts";
import type { AppDeps } from "../../lib/deps.ts";
import { deleteSessionById } from "../auth/index.ts";
import { listAutoTopUpsOfUser } from "../auto-top-up/index.ts";
import { listCreditLoadsOf } from "../credit-loads/index.ts";
import { getPinStatus, listUserEsimViews, refreshUserEsims, unblockPin } from "../esims/index.ts";
import { type AuditActor, recordAudit } from "../operators/index.ts";
import { listPayLinksOf, payLinkAmountDzdMinor, payLinkStatusAt } from "../pay-links/index.ts";
import { findLatestCheckoutsOfCreditLoads } from "../payments/index.ts";
import {
  findCustomer,
  listCustomerDevices,
  listCustomerOrders,
  listCustomerSessions,
  searchCustomers,
} from "./console-customers.repo.ts";

interface SyncLog {
  warn: (details: object, message: string) => void;
}

function customerNotFound() {
  return new AppError("NOT_FOUND", { message: "No such customer." });
}

/** One page of live (or deleted) accounts matching email, phone or name, newest first. Reads only. */
export async function listCustomers(
  deps: Pick<AppDeps, "db">,
  options: { query: string | undefined; state: "active" | "deleted" | undefined; page: number | undefined },
) {
  const page = options.page ?? 1;
  const rows = await searchCustomers(deps.db, {
    query: options.query?.trim() ?? "",
    isDeleted: options.state === "deleted",
    offset: (page - 1) * CUSTOMERS_PAGE_SIZE,
    limit: CUSTOMERS_PAGE_SIZE + 1,
  });
  return { rows: rows.slice(0, CUSTOMERS_PAGE_SIZE), page, hasMore: rows.length > CUSTOMERS_PAGE_SIZE };
}

/** Everything the console shows of one customer (deleted ones too); NOT_FOUND for an unknown id. Reads only. */
export async function getCustomer(deps: AppDeps, options: { userId: string }) {
  const user = await findCustomer(deps.db, options.userId);
  if (!user) throw customerNotFound();
  const now = deps.now();
  const [pin, orders, esims, devices, sessions, links, autoTopUps, loads] = await Promise.all([
    getPinStatus(deps, { userId: user.id }),
    listCustomerOrders(deps.db, user.id),
    listUserEsimViews(deps.db, user.id),
    listCustomerDevices(deps.db, user.id),
    listCustomerSessions(deps.db, user.id, now),
    listPayLinksOf(deps, user.id),
    listAutoTopUpsOfUser(deps.db, user.id, algiersMonthOf(now)),
    listCreditLoadsOf(deps.db, user.id),
  ]);
  const checkouts = await findLatestCheckoutsOfCreditLoads(
    deps.db,
    loads.map((load) => load.id),
  );
  const creditLoads = loads.map((load) => ({
    load,
    provider: checkouts.get(load.id)?.provider ?? null,
    providerReference: checkouts.get(load.id)?.providerReference ?? null,
  }));
  const payLinks = links.map(({ link }) => ({
    id: link.id,
    kind: link.kind,
    status: payLinkStatusAt(link, now),
    amountDzdMinor: payLinkAmountDzdMinor(link),
    createdAt: link.createdAt.toISOString(),
    expiresAt: link.expiresAt.toISOString(),
    paidAt: link.paidAt?.toISOString() ?? null,
    revokedAt: link.revokedAt?.toISOString() ?? null,
  }));
  return { user, pin, orders, esims, devices, sessions, payLinks, autoTopUps, creditLoads, now };
}

/** Asks the upstream for the live status and usage of the customer's available eSIMs; answers them all. */
export async function refreshCustomerEsims(deps: AppDeps, options: { userId: string; log: SyncLog }) {
  const user = await findCustomer(deps.db, options.userId);
  if (!user) throw customerNotFound();
  return { esims: await refreshUserEsims(deps, { userId: user.id, log: options.log }), now: deps.now() };
}

/**
 * Ends one customer session and writes the audit entry in the same transaction; the token answers 401 from then
 * on. A session already gone (a double click, or expired and swept) is NOT_FOUND and audits nothing.
 */
export async function revokeCustomerSession(deps: AppDeps, options: { sessionId: string; actor: AuditActor }) {
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    const revoked = await deleteSessionById(tx, options.sessionId);
    if (!revoked) throw new AppError("NOT_FOUND", { message: "No such session." });
    await recordAudit(tx, {
      operatorId: options.actor.operatorId,
      action: "customer.session_revoked",
      entityType: "customer",
      entityId: revoked.userId,
      before: {
        sessionId: revoked.id,
        userAgent: revoked.userAgent,
        createdAt: revoked.createdAt.toISOString(),
        lastUsedAt: revoked.lastUsedAt.toISOString(),
      },
      after: null,
      ip: options.actor.ip,
      now,
    });
  });
}

/** The PIN unblock of `npm run console -- pin:unblock`, from the console (audited there); deleted accounts are NOT_FOUND. */
export async function unblockCustomerPin(
  deps: AppDeps,
  options: { userId: string; actor: AuditActor },
): Promise<CustomerPin> {
  const user = await findCustomer(deps.db, options.userId);
  if (!user || user.deletedAt) throw customerNotFound();
  const status = await unblockPin(deps, {
    userId: user.id,
    actor: options.actor,
  });
  if (!status) throw customerNotFound();
  return status;
}
