import { getEsim, requestCancellation } from "@esim/shared/esims/contracts";
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as approveCommand from "../../console-cli/commands/cancellation-approve.ts";
import * as listCommand from "../../console-cli/commands/cancellation-list.ts";
import * as refuseCommand from "../../console-cli/commands/cancellation-refuse.ts";
import { CliError, type ConsoleCommand } from "../../console-cli/console-command.ts";
import { runDueJobs } from "../../jobs/worker.ts";
import { createSignedInUser } from "../../test/factories.ts";
import { createBuyingApp, orderBody, placeTestOrder, pressButton, readOrder } from "../orders/buying.test-kit.ts";
import { orderEvents } from "../orders/orders.schema.ts";
import { cancellationRequests, esims } from "./esims.schema.ts";
import { buyEsim, createTopUpablePlan, readEsim, request } from "./esims.test-kit.ts";

const testApp = await createBuyingApp();
const { db, deps, clock, sentMails } = testApp;
const { plan, topUp } = await createTopUpablePlan(testApp);
const HOUR_MS = 60 * 60 * 1000;

async function readCancellation(bought: { headers: Record<string, string>; esim: { id: string } }) {
  const response = await request(testApp, "GET", `/esims/${bought.esim.id}`, { headers: bought.headers });
  return getEsim.response.parse(response.json()).data.cancellation;
}

function askCancellation(
  bought: { headers: Record<string, string>; esim: { id: string } },
  payload: Record<string, unknown> = {},
) {
  return request(testApp, "POST", `/esims/${bought.esim.id}/cancellation`, { headers: bought.headers, payload });
}

async function runCommand(command: Pick<ConsoleCommand, "run">, args: string[]) {
  const lines: string[] = [];
  await command.run({ deps, args, print: (line) => lines.push(line) });
  return lines.join("\n");
}

async function requestIdOf(esimId: string) {
  const [row] = await db.select().from(cancellationRequests).where(eq(cancellationRequests.esimId, esimId));
  return row!.id;
}

describe("asking to cancel an unused eSIM", () => {
  it("is offered for a New eSIM until 24 hours after payment, then explains why not", async () => {
    const bought = await buyEsim(testApp, plan.id);
    const order = await readOrder(testApp, bought.orderId);
    const offered = await readCancellation(bought);
    expect(offered).toEqual({
      isAvailable: true,
      unavailableReason: null,
      availableUntil: new Date(order.confirmedAt!.getTime() + 24 * HOUR_MS).toISOString(),
      request: null,
    });

    clock.advance(24 * HOUR_MS + 1000);
    expect(await readCancellation(bought)).toMatchObject({ isAvailable: false, unavailableReason: "window_passed" });
    const late = await askCancellation(bought);
    expect(late.statusCode).toBe(409);
    expect(late.json().error.code).toBe("CANCELLATION_NOT_ALLOWED");
  });

  it("is not offered once installed, nor after a top-up", async () => {
    const installed = await buyEsim(testApp, plan.id);
    await db.update(esims).set({ status: "Onboard" }).where(eq(esims.id, installed.esim.id));
    expect(await readCancellation(installed)).toMatchObject({ isAvailable: false, unavailableReason: "installed" });
    expect((await askCancellation(installed)).json().error.code).toBe("CANCELLATION_NOT_ALLOWED");

    const toppedUp = await buyEsim(testApp, plan.id);
    const placed = await placeTestOrder(
      testApp,
      toppedUp.headers,
      orderBody(toppedUp.user, topUp.id, { topUpOf: toppedUp.esim.id }),
    );
    await pressButton(testApp, placed.checkoutUrl, "pay");
    await runDueJobs(deps);
    expect(await readCancellation(toppedUp)).toMatchObject({ isAvailable: false, unavailableReason: "topped_up" });
  });

  it("answers NOT_FOUND alike for someone else's eSIM and an unknown one, and checks the reason's length", async () => {
    const owner = await buyEsim(testApp, plan.id);
    const stranger = await createSignedInUser(testApp);
    const foreign = await askCancellation({ headers: stranger.headers, esim: owner.esim });
    const unknown = await askCancellation({
      headers: stranger.headers,
      esim: { id: "00000000-0000-4000-8000-000000000000" },
    });
    expect([foreign.statusCode, unknown.statusCode]).toEqual([404, 404]);
    expect(await db.select().from(cancellationRequests).where(eq(cancellationRequests.esimId, owner.esim.id))).toEqual(
      [],
    );
    const tooLong = await askCancellation(owner, { reason: "x".repeat(501) });
    expect(tooLong.json().error).toMatchObject({
      code: "VALIDATION_FAILED",
      fields: { reason: "CANCELLATION_REASON_TOO_LONG" },
    });
  });

  it("records one request however often it is asked, even at once, and tells the operator once", async () => {
    const bought = await buyEsim(testApp, plan.id);
    const mailsBefore = sentMails.length;
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => askCancellation(bought, { reason: "Mon voyage est annulé" })),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const states = answers.map((answer) => requestCancellation.response.parse(answer.json()).data);
    expect(new Set(states.map((state) => state.request?.requestedAt)).size).toBe(1);
    expect(states[0]).toMatchObject({ isAvailable: false, request: { status: "pending", refusalReason: null } });
    const rows = await db.select().from(cancellationRequests).where(eq(cancellationRequests.esimId, bought.esim.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.refundDzdMinor).toBe((await readOrder(testApp, bought.orderId)).chargeDzdMinor);

    await runDueJobs(deps);
    const toOperator = sentMails.slice(mailsBefore).filter((mail) => mail.to === deps.config.OPERATOR_EMAIL);
    expect(toOperator).toHaveLength(1);
    expect(toOperator[0]!.subject).toContain(bought.number);
    expect(toOperator[0]!.text).toContain("Mon voyage est annulé");
    expect(toOperator[0]!.text).toContain(`cancellation:approve ${rows[0]!.id}`);
  });
});

describe("the operator's decision", () => {
  it("approves: cancelled upstream, the eSIM Canceled, the order's refund owed, the traveller told in Arabic", async () => {
    const bought = await buyEsim(testApp, plan.id);
    await db.execute(sql`update users set language = 'ar' where id = ${bought.user.id}`);
    await askCancellation(bought);
    expect(await runCommand(listCommand, [])).toContain(bought.esim.iccid);

    const printed = await runCommand(approveCommand, [bought.esim.iccid!]);
    expect(printed).toContain(`order ${bought.number}`);
    expect((await testApp.simulator.queryProfile(bought.esim.upstreamReference))?.status).toBe("Canceled");
    expect((await readEsim(testApp, bought.esim.id)).status).toBe("Canceled");
    // Owed until sent (decision 062), no longer "refunded" at once.
    expect((await readOrder(testApp, bought.orderId)).status).toBe("refund_due");
    expect(await readCancellation(bought)).toMatchObject({
      isAvailable: false,
      request: { status: "approved", refusalReason: null },
    });

    await runDueJobs(deps);
    const answer = sentMails.find((mail) => mail.to === bought.user.email && mail.subject.includes("الإلغاء"));
    expect(answer?.subject).toBe(`تم قبول الإلغاء – الطلب ${bought.number}`);
    expect(answer?.html).toContain('dir="rtl"');

    // Deciding again changes nothing and says so.
    const again = await runCommand(approveCommand, [await requestIdOf(bought.esim.id)]).catch((error) => error);
    expect(again).toBeInstanceOf(CliError);
    expect((again as CliError).message).toContain("already approved");
    expect(await runCommand(listCommand, [])).not.toContain(bought.esim.iccid);
  });

  it("refuses with a reason the traveller reads on /details and by email; the eSIM stays usable", async () => {
    const bought = await buyEsim(testApp, plan.id);
    await askCancellation(bought);
    const id = await requestIdOf(bought.esim.id);
    await runCommand(refuseCommand, [id, "L'eSIM", "a", "déjà", "été", "téléchargée."]);
    expect(await readCancellation(bought)).toMatchObject({
      request: { status: "refused", refusalReason: "L'eSIM a déjà été téléchargée." },
    });
    expect((await readEsim(testApp, bought.esim.id)).status).toBe("New");
    expect((await readOrder(testApp, bought.orderId)).status).toBe("delivered");
    await runDueJobs(deps);
    const answer = sentMails.find((mail) => mail.to === bought.user.email && mail.subject.startsWith("Annulation"));
    expect(answer?.subject).toBe(`Annulation refusée – commande ${bought.number}`);
    expect(answer?.text).toContain("Motif : L'eSIM a déjà été téléchargée.");
  });

  it("decides for an eSIM whose ICCID is still to come: so named to the operator, approved by the request's id", async () => {
    const bought = await buyEsim(testApp, plan.id);
    await db.update(esims).set({ iccid: null }).where(eq(esims.id, bought.esim.id));
    const mailsBefore = sentMails.length;
    await askCancellation(bought, { reason: "Voyage reporté" });
    await runDueJobs(deps);
    const toOperator = sentMails.slice(mailsBefore).find((mail) => mail.to === deps.config.OPERATOR_EMAIL);
    expect(toOperator?.subject).toBe(`Demande d'annulation – ${bought.number} – ICCID à venir`);
    expect(toOperator?.text).toMatch(/ICCID\s+À venir/);

    const id = await requestIdOf(bought.esim.id);
    const listed = (await runCommand(listCommand, [])).split("\n").find((line) => line.startsWith(id));
    expect(listed).toContain("ICCID to come");
    const printed = await runCommand(approveCommand, [id]);
    expect(printed).toContain(`Approved: eSIM (ICCID to come) of order ${bought.number} cancelled`);
    expect((await readEsim(testApp, bought.esim.id)).status).toBe("Canceled");
    const [refunded] = await db
      .select()
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, bought.orderId), eq(orderEvents.event, "esims_cancelled")));
    expect(refunded?.cause).toBe(
      `every eSIM cancelled on request (last: ICCID to come, upstream ${bought.esim.upstreamReference})`,
    );
  });

  it("tells the operator what is wrong with the command", async () => {
    const unknown = await runCommand(approveCommand, ["8988000000000000000"]).catch((error) => error);
    expect((unknown as CliError).message).toContain("no request for 8988000000000000000");
    const noReason = await runCommand(refuseCommand, ["8988000000000000000"]).catch((error) => error);
    expect((noReason as CliError).message).toContain("Usage:");
  });
});
