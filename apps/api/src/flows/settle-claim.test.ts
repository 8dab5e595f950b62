import { claimSchema, consoleClaimSchema } from "@esim/shared/claims/contracts";
import { ADMIN_API_BASE_PATH } from "@esim/shared/http";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { claims } from "../modules/claims/claims.schema.ts";
import { buyEsim, createTopUpablePlan, request } from "../modules/esims/esims.test-kit.ts";
import { creditNotes } from "../modules/invoices/invoices.schema.ts";
import { getOrderMoney, getStoreCreditBalance } from "../modules/ledger/index.ts";
import { createSignedInOperator } from "../modules/operators/operators.test-kit.ts";
import { createBuyingApp, readOrder } from "../modules/orders/buying.test-kit.ts";
import { settleClaim } from "./settle-claim.ts";

// Settling a claim is one transaction (decision 091): a step that fails (here the last, the audit, for an operator
// who does not exist) leaves nothing of the earlier ones (no refund owed, no credit, the claim open), and the
// operator's next click refunds it once.

const testApp = await createBuyingApp();
const { db, deps } = testApp;
const { plan } = await createTopUpablePlan(testApp);
const support = await createSignedInOperator(testApp, "support");

describe("the settle-claim flow", () => {
  it("keeps nothing of a refund whose last step failed, and refunds once when asked again", async () => {
    const bought = await buyEsim(testApp, plan.id);
    const filed = await request(testApp, "POST", `/esims/${bought.esim.id}/claims`, {
      headers: bought.headers,
      payload: { reason: "cannot_connect", message: "Pas de réseau à Istanbul." },
    });
    const claim = claimSchema.parse(filed.json().data);
    const order = await readOrder(testApp, bought.orderId);

    const unknownOperator = { operatorId: crypto.randomUUID(), ip: "192.0.2.1" };
    await expect(
      settleClaim(deps, { claimId: claim.id, method: "store_credit", scope: "esim", decidedBy: unknownOperator }),
    ).rejects.toThrow();
    const [open] = await db.select().from(claims).where(eq(claims.id, claim.id));
    expect(open!.status).toBe("received");
    expect(await getOrderMoney(db, bought.orderId)).toMatchObject({ owedDzdMinor: 0, refundedDzdMinor: 0 });
    expect(await getStoreCreditBalance(db, bought.user.id)).toBe(0);
    expect(await db.select().from(creditNotes).where(eq(creditNotes.orderId, bought.orderId))).toEqual([]);

    const refunded = await testApp.app.inject({
      method: "POST",
      url: `${ADMIN_API_BASE_PATH}/claims/${claim.id}/refund`,
      headers: support.headers,
      payload: { method: "store_credit", scope: "esim" },
    });
    expect(refunded.statusCode).toBe(200);
    expect(consoleClaimSchema.parse(refunded.json().data).claim.status).toBe("refunded");
    expect(await getStoreCreditBalance(db, bought.user.id)).toBe(order.chargeDzdMinor);
    expect(await db.select().from(creditNotes).where(eq(creditNotes.orderId, bought.orderId))).toHaveLength(1);
  });
});
