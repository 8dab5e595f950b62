import { ADMIN_API_BASE_PATH } from "@esim/shared/http";
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { workflowSteps } from "../lib/lib.schema.ts";
import { cancellationRequests } from "../modules/esims/esims.schema.ts";
import { buyEsim, createTopUpablePlan, request } from "../modules/esims/esims.test-kit.ts";
import { getOrderMoney } from "../modules/ledger/index.ts";
import { createSignedInOperator } from "../modules/operators/operators.test-kit.ts";
import { createBuyingApp } from "../modules/orders/buying.test-kit.ts";

// Cancel and refund after a crash (decision 091): the profile cancelled upstream, then the approval's transaction
// failing (the database away) is not the upstream refusing; approving again finishes at the second step, the
// upstream asked once.

const testApp = await createBuyingApp();
const { db, deps } = testApp;
const { plan } = await createTopUpablePlan(testApp);
const support = await createSignedInOperator(testApp, "support");

function approve(requestId: string) {
  return testApp.app.inject({
    method: "POST",
    url: `${ADMIN_API_BASE_PATH}/cancellations/${requestId}/approve`,
    headers: support.headers,
    payload: { reason: "Accepté" },
  });
}

describe("the cancel-and-refund flow", () => {
  it("resumes at the approval after it failed past the upstream cancel, without cancelling upstream again", async () => {
    const bought = await buyEsim(testApp, plan.id);
    const asked = await request(testApp, "POST", `/esims/${bought.esim.id}/cancellation`, {
      headers: bought.headers,
      payload: { reason: "Voyage annulé" },
    });
    expect(asked.statusCode).toBe(200);
    const [row] = await db.select().from(cancellationRequests).where(eq(cancellationRequests.esimId, bought.esim.id));
    const upstreamCancel = deps.esim.cancel.bind(deps.esim);
    let isCancelledUpstream = false;
    const cancel = vi.spyOn(deps.esim, "cancel").mockImplementation(async (reference) => {
      await upstreamCancel(reference);
      isCancelledUpstream = true;
    });
    // The first transaction after the upstream's cancel fails, as a database that went away would.
    const transaction = deps.db.transaction.bind(deps.db);
    let hasFailed = false;
    const failing = vi.spyOn(deps.db, "transaction").mockImplementation(((...args: Parameters<typeof transaction>) => {
      if (!isCancelledUpstream || hasFailed) return transaction(...args);
      hasFailed = true;
      return Promise.reject(new Error("Connection terminated unexpectedly"));
    }) as typeof deps.db.transaction);

    try {
      const failed = await approve(row!.id);
      // The profile is cancelled: the operator is not told the upstream refused (they would refuse the request).
      expect(failed.json().error.code).not.toBe("UPSTREAM_CANCEL_FAILED");
      expect(failed.statusCode).toBe(503);
      expect(failed.json().error.code).toBe("SERVICE_UNAVAILABLE");
      expect(hasFailed).toBe(true);
      const [pending] = await db.select().from(cancellationRequests).where(eq(cancellationRequests.id, row!.id));
      expect(pending!.status).toBe("pending");
      expect(await db.select().from(workflowSteps).where(eq(workflowSteps.runId, row!.id))).toMatchObject([
        { workflow: "cancel-and-refund", step: "cancel-upstream-profile" },
      ]);

      const approved = await approve(row!.id);
      expect(approved.statusCode).toBe(200);
      expect(approved.json().data.status).toBe("approved");
      expect(cancel).toHaveBeenCalledTimes(1);
    } finally {
      failing.mockRestore();
      cancel.mockRestore();
    }
    expect((await getOrderMoney(db, bought.orderId)).owedDzdMinor).toBe(row!.refundDzdMinor);
  });
});
