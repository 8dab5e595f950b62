import type { PaymentMethod } from "@esim/shared/checkout/contracts";
import type { createCreditLoad } from "@esim/shared/credit-loads/contracts";
import type { EndpointParsedBody } from "@esim/shared/http";
import { toMinor } from "@esim/shared/money";
import { AppError } from "../../lib/app-error.ts";
import type { AppDeps } from "../../lib/deps.ts";
import type { AuthenticatedUser } from "../../plugins/auth.ts";
import { computeCustomerFeeDzd } from "../../providers/payment/payment-port.ts";
import {
  type CreditLoadRow,
  checkCreditLoadAmount,
  findUserCreditLoad,
  listPaidCreditLoads,
  presentCreditLoad,
  startCreditLoad,
} from "../credit-loads/index.ts";
import { getStoreCreditBalance } from "../ledger/index.ts";
import { createPayment, openCheckout } from "./payment-checkout.service.ts";
import { findCreditLoadFees, findCreditLoadPayment } from "./payments.repo.ts";
import { recheckPendingPayment, type SettlingOptions } from "./payments.service.ts";

// Buying store credit with a card (decision 068): a load and its payment written together, then the gateway's
// checkout, exactly as for an order; its outcome comes back through the same webhook, return page and sweep.

type CreateCreditLoadBody = EndpointParsedBody<typeof createCreditLoad>;

async function present(deps: AppDeps, load: CreditLoadRow) {
  const fees = await findCreditLoadFees(deps.db, [load.id]);
  return presentCreditLoad(load, fees.get(load.id) ?? 0);
}

/** The payer's share of the gateway's fee on a load, whole dinars as the gateway adds it (decision 054). */
function customerFeeMinorOf(deps: AppDeps, amountDzd: number): number {
  const { paidBy, percent } = deps.payments.fees;
  return toMinor(computeCustomerFeeDzd(amountDzd, { allocation: paidBy, percent }));
}

/** What a load of `amountDzd` costs the payer, before it exists; out of range: CREDIT_LOAD_AMOUNT_OUT_OF_RANGE. */
export function quoteCreditLoad(deps: AppDeps, amountDzd: number) {
  checkCreditLoadAmount(amountDzd, deps.payments.minimumChargeDzd);
  const gatewayFeeDzdMinor = customerFeeMinorOf(deps, amountDzd);
  const amountDzdMinor = toMinor(amountDzd);
  return { amountDzdMinor, gatewayFeeDzdMinor, chargeWithFeeDzdMinor: amountDzdMinor + gatewayFeeDzdMinor };
}

/**
 * Creates the load and its payment and opens the gateway's checkout. Idempotent on (user, clientReference): the same
 * load answers the same load and checkout (a fresh one once the old is 28 minutes old), or no checkout once it is
 * paid or ended. The amount and the account's pending loads are checked before anything is written or asked of the
 * gateway (startCreditLoad); the gateway unreachable answers PAYMENT_GATEWAY_UNAVAILABLE, the load left pending until
 * the sweep ends it.
 */
export async function buyStoreCredit(
  deps: AppDeps,
  options: SettlingOptions & { user: AuthenticatedUser; body: CreateCreditLoadBody },
) {
  const { user, body } = options;
  if (!deps.payments.methods.includes(body.paymentMethod)) {
    throw new AppError("PAYMENT_METHOD_UNAVAILABLE", { message: "The payment gateway does not offer this method." });
  }
  const { load, payment } = await deps.db.transaction(async (tx) => {
    const now = deps.now();
    const started = await startCreditLoad(tx, {
      userId: user.id,
      clientReference: body.clientReference,
      amountDzd: body.amountDzd,
      paymentMethod: body.paymentMethod,
      minimumChargeDzd: deps.payments.minimumChargeDzd,
      now,
    });
    if (!started.isNew) return { load: started.load, payment: await findCreditLoadPayment(tx, started.load.id) };
    const created = await createPayment(tx, {
      creditLoadId: started.load.id,
      provider: deps.payments.name,
      amountMinor: started.load.amountDzdMinor,
      feeAllocation: deps.payments.fees.paidBy,
      customerFeeMinor: customerFeeMinorOf(deps, body.amountDzd),
      method: body.paymentMethod,
      now,
    });
    return { load: started.load, payment: created };
  });
  if (payment?.status !== "pending") return { load: await present(deps, load), checkoutUrl: null };
  const access = await openCheckout(deps, {
    creditLoad: { id: load.id },
    payment,
    method: body.paymentMethod as PaymentMethod,
    language: user.language,
    returnTo: "web",
    log: options.log,
    settlePayment: options.settlePayment,
  });
  const current = (await findUserCreditLoad(deps.db, user.id, load.id)) ?? load;
  return { load: await present(deps, current), checkoutUrl: "checkoutUrl" in access ? access.checkoutUrl : null };
}

/**
 * The caller's load for its return page, with the balance after it. While pending, the gateway is asked at most every
 * 5 s and a final answer applied as the webhook would: the redirect is never taken as proof. Someone else's: NOT_FOUND.
 */
export async function readCreditLoad(deps: AppDeps, options: SettlingOptions & { userId: string; loadId: string }) {
  let load = await findUserCreditLoad(deps.db, options.userId, options.loadId);
  if (!load) throw new AppError("NOT_FOUND", { message: "No such credit load." });
  const payment = await findCreditLoadPayment(deps.db, load.id);
  if (payment && (await recheckPendingPayment(deps, { ...options, payment }))) {
    load = (await findUserCreditLoad(deps.db, options.userId, options.loadId)) ?? load;
  }
  return {
    load: await present(deps, load),
    balanceDzdMinor: await getStoreCreditBalance(deps.db, options.userId),
  };
}

/** The caller's paid loads with their receipt numbers, newest first. */
export async function listCreditLoadReceipts(deps: AppDeps, userId: string) {
  const loads = await listPaidCreditLoads(deps.db, userId);
  const fees = await findCreditLoadFees(
    deps.db,
    loads.map((load) => load.id),
  );
  return loads.map((load) => presentCreditLoad(load, fees.get(load.id) ?? 0));
}
