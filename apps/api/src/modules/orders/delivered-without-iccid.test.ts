import { API_BASE_PATH } from "@esim/shared/http";
import { getOrder } from "@esim/shared/orders/contracts";
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { runDueJobs } from "../../jobs/worker.ts";
import { createPackage } from "../../test/factories.ts";
import { esims } from "../esims/esims.schema.ts";
import { createBuyingApp, createPaidOrder } from "./buying.test-kit.ts";

const testApp = await createBuyingApp();
const { db, deps } = testApp;
const plan = await createPackage(testApp);

/**
 * Delivers a paid order while the upstream answers its profiles as eSIM Access may for new ones: activation code
 * given, `iccid: ""` (the client turns it into null).
 */
async function deliverWithoutIccid(language: "fr" | "ar") {
  const paid = await createPaidOrder(testApp, plan.id, { language });
  const queryOrder = deps.esim.queryOrder.bind(deps.esim);
  const withoutIccid = vi.spyOn(deps.esim, "queryOrder").mockImplementation(async (upstreamOrderNo) => {
    const answer = await queryOrder(upstreamOrderNo);
    return answer.state === "ready"
      ? { ...answer, profiles: answer.profiles.map((profile) => ({ ...profile, iccid: null })) }
      : answer;
  });
  const mailsBefore = testApp.sentMails.length;
  try {
    await runDueJobs(deps);
    await runDueJobs(deps);
    expect(withoutIccid).toHaveBeenCalled();
  } finally {
    withoutIccid.mockRestore();
  }
  const [esim] = await db.select().from(esims).where(eq(esims.orderId, paid.orderId));
  const mail = testApp.sentMails.slice(mailsBefore).find((sent) => sent.subject.includes(paid.number));
  return { ...paid, esim: esim!, mail: mail! };
}

// eSIM Access documents `iccid` as optional in esim/query; its example "Query with time period" has RELEASED,
// GOT_RESOURCE profiles with `iccid: ""` and an activation code. Such an order is delivered, never stuck.
describe("an order delivered before the upstream gave its eSIM's ICCID", () => {
  it("is delivered, and its page lists the eSIM with no ICCID", async () => {
    const delivered = await deliverWithoutIccid("fr");
    const response = await testApp.app.inject({
      method: "GET",
      url: `${API_BASE_PATH}/orders/${delivered.orderId}`,
      headers: delivered.headers,
    });
    expect(response.statusCode).toBe(200);
    expect(getOrder.response.parse(response.json()).data).toMatchObject({
      status: "delivered",
      esims: [{ id: delivered.esim.id, iccid: null, status: "New" }],
    });
  });
});

describe("the install email of an eSIM delivered before its ICCID", () => {
  it("says the ICCID is to come, in French, with the link to its install page and no install code", async () => {
    const { esim, mail } = await deliverWithoutIccid("fr");
    expect(esim.iccid).toBeNull();
    expect(mail.subject).toContain("Votre eSIM est prête");
    expect(mail.html).toContain("Votre eSIM · ICCID à venir</h2>");
    expect(mail.text).toContain("Votre eSIM · ICCID à venir");
    expect(mail.html).not.toContain("null");
    expect(mail.attachments ?? []).toHaveLength(0);
    expect(mail.html).toContain(`/details/${esim.id}"`);
    expect(mail.html).not.toContain(esim.matchingId);
    expect(mail.text).not.toContain(esim.activationCode);
  });

  it("says it in Arabic, right to left", async () => {
    const { mail } = await deliverWithoutIccid("ar");
    expect(mail.html).toContain('dir="rtl"');
    expect(mail.html).toContain("شريحة eSIM الخاصة بك · رقم ICCID سيُضاف لاحقًا</h2>");
    expect(mail.text).not.toContain("null");
    expect(mail.text).toContain("تثبيت هذه الشريحة");
  });
});
