import type { PaymentMethod } from "@esim/shared/checkout/contracts";
import type { CreditLoad } from "@esim/shared/credit-loads/contracts";
import type { CreditLoadRow } from "./credit-loads.repo.ts";

/** A load as its owner sees it; the charge is the amount plus the payer's share of the gateway's fee. */
export function presentCreditLoad(load: CreditLoadRow, customerFeeDzdMinor: number): CreditLoad {
  return {
    id: load.id,
    status: load.status,
    amountDzdMinor: load.amountDzdMinor,
    chargeWithFeeDzdMinor: load.amountDzdMinor + customerFeeDzdMinor,
    paymentMethod: load.paymentMethod as PaymentMethod,
    receiptNumber: load.receiptNumber,
    createdAt: load.createdAt.toISOString(),
    paidAt: load.paidAt?.toISOString() ?? null,
  };
}
