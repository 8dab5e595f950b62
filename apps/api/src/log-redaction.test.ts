import type { AddressInfo } from "node:net";
import { Writable } from "node:stream";
import { API_BASE_PATH } from "@esim/shared/http";
import { eq, sql } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { afterAll, describe, expect, it, vi } from "vitest";
import { runDueJobs } from "./jobs/worker.ts";
import { codeMailsSent } from "./modules/auth/index.ts";
import { esims } from "./modules/esims/esims.schema.ts";
import {
  createBuyingApp,
  makeJobsDue,
  orderBody,
  placeTestOrder,
  postPaymentWebhook,
  signedCheckoutWebhook,
} from "./modules/orders/buying.test-kit.ts";
import { createEsimAccessProvider } from "./providers/esim/esim-access/esim-access-provider.ts";
import { createDevMailboxMailer } from "./providers/mail/dev-mailbox-mailer.ts";
import type { MailMessage } from "./providers/mail/mail-port.ts";
import { createSmtpMailer } from "./providers/mail/smtp-mailer.ts";
import { createPackage, createUser, uniqueAddress, uniqueEmail } from "./test/factories.ts";

// Logs never hold what would let a reader sign in, install someone's eSIM or read their email (decision 059): the
// whole log of a purchase, of a failing send and of an outage is searched for each secret it went through.

/** Every line the app and the worker write, as written. */
const written: string[] = [];
const logStream = new Writable({
  write(chunk, _encoding, done) {
    written.push(String(chunk));
    done();
  },
});

/** An SMTP server that refuses every recipient, naming it back as real servers do. */
const refusingSmtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS"],
  logger: false,
  onRcptTo(address, _session, callback) {
    const error = new Error(`<${address.address}>: mailbox unavailable`) as Error & { responseCode: number };
    error.responseCode = 550;
    callback(error);
  },
});
await new Promise<void>((resolve) => refusingSmtp.listen(0, "127.0.0.1", resolve));
const smtpPort = (refusingSmtp.server.address() as AddressInfo).port;
afterAll(() => new Promise<void>((resolve) => refusingSmtp.close(() => resolve())));

type MailFault = "none" | "smtp-refuses" | "mailbox-database-fails";
let mailFault: MailFault = "none";
const webhookToken = `whk-${crypto.randomUUID()}`;

const testApp = await createBuyingApp({
  config: { LOG_LEVEL: "info", ESIM_WEBHOOK_TOKEN: webhookToken },
  logStream,
  mailer: {
    async send(message: MailMessage) {
      if (mailFault === "smtp-refuses") {
        const smtp = createSmtpMailer({ url: `smtp://127.0.0.1:${smtpPort}`, from: "Shop <no-reply@esim.test>" });
        try {
          await smtp.send(message);
        } finally {
          await smtp.close();
        }
      }
      if (mailFault === "mailbox-database-fails") await createDevMailboxMailer(testApp.db).send(message);
    },
  },
});
const plan = await createPackage(testApp);

/** The worker's lines go to the app's logger, as in `npm start` (one process). */
const runWorker = () => runDueJobs(testApp.deps, { log: testApp.app.log });

function post(path: string, payload: object, headers: Record<string, string> = {}) {
  return testApp.app.inject({
    method: "POST",
    url: `${API_BASE_PATH}${path}`,
    payload,
    headers,
    remoteAddress: uniqueAddress(),
  });
}

/** Signs in by emailed code, as a customer does; answers the code and the bearer token. */
async function signIn(email: string) {
  expect((await post("/auth/code", { email })).statusCode).toBe(200);
  // The code's email goes out after the answer (decision 056): wait for it, as a person waits for their inbox.
  await codeMailsSent();
  const codeMail = testApp.sentMails.findLast((mail) => mail.to === email);
  const code = /\d{6}/.exec(codeMail?.text ?? "")?.[0];
  if (!code) throw new Error("no code emailed");
  const verified = await post("/auth/verify", { email, code });
  expect(verified.statusCode).toBe(200);
  return { code, token: (verified.json() as { data: { token: string } }).data.token };
}

/** A customer buys a plan and pays: answers the order and the buyer's secrets. */
async function buyAndPay() {
  testApp.clock.advance(2 * 60 * 1000);
  const user = await createUser(testApp, { email: uniqueEmail("buyer") });
  const { code, token } = await signIn(user.email!);
  const headers = { authorization: `Bearer ${token}` };
  const placed = await placeTestOrder(testApp, headers, orderBody(user, plan.id));
  const webhook = await signedCheckoutWebhook(testApp, { paymentId: placed.paymentId, status: "paid" });
  expect((await postPaymentWebhook(testApp, webhook)).statusCode).toBe(200);
  return { email: user.email!, code, token, placed };
}

/** Fails when a line holds any of the secrets. */
function expectNoLineHolding(secrets: Record<string, string>) {
  const log = written.join("");
  for (const [what, secret] of Object.entries(secrets)) {
    // A code stands alone: digits inside a timestamp or an id are not it.
    const pattern = /^\d+$/.test(secret)
      ? new RegExp(`(?<!\\d)${secret}(?!\\d)`)
      : new RegExp(secret.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
    const line = written.find((text) => pattern.test(text));
    expect(line, `${what} found in a log line`).toBeUndefined();
  }
  expect(log.length).toBeGreaterThan(0);
  // Scrubbing works on the finished line: each one must still be the JSON a log shipper parses.
  for (const line of log.split("\n").filter((text) => text.trim())) expect(() => JSON.parse(line)).not.toThrow();
}

describe("logs", () => {
  it("hold no refund transfer details, whatever logs them (decision 062)", async () => {
    const account = "00799999000123456789";
    testApp.app.log.warn({ choice: { accountNumber: account, holderName: "Amina Benali" }, account }, "refund choice");
    expectNoLineHolding({ "the transfer's account": account, "its holder": "Amina Benali" });
  });

  it("of a full purchase hold no sign-in code, token, activation code, email text or webhook token", async () => {
    const bought = await buyAndPay();
    await runWorker();
    await runWorker();
    const [esim] = await testApp.db.select().from(esims).where(eq(esims.orderId, bought.placed.orderId));
    // The install email links to the eSIM's PIN-guarded page (decision 096).
    const installMail = testApp.sentMails.findLast((mail) => mail.text.includes(`/details/${esim!.id}`));
    expect(installMail?.to).toBe(bought.email);
    // The upstream's webhook on its secret address (an unknown eSIM: nothing to update, the line is what counts).
    const notified = await post(`/webhooks/esim/${testApp.deps.esim.name}/${webhookToken}`, {
      notifyType: "ESIM_STATUS",
      content: { iccid: "8900000000000000000" },
    });
    expect(notified.statusCode).toBe(200);

    expect(written.some((line) => line.includes("/webhooks/esim/"))).toBe(true);
    expectNoLineHolding({
      "the sign-in code": bought.code,
      "the bearer token": bought.token,
      "the activation code": esim!.activationCode,
      "the matching id": esim!.matchingId,
      "the install email's text": installMail!.text.split("\n").find((line) => line.length > 30)!,
      "the recipient": bought.email,
      "the webhook token": webhookToken,
    });
  });

  it("of an email the SMTP server refuses, tried again, hold neither its recipient nor its text", async () => {
    const bought = await buyAndPay();
    mailFault = "smtp-refuses";
    try {
      await runWorker();
      await runWorker();
      await makeJobsDue(testApp);
      await runWorker();
    } finally {
      mailFault = "none";
    }
    const [esim] = await testApp.db.select().from(esims).where(eq(esims.orderId, bought.placed.orderId));
    expect(written.some((line) => line.includes("Failed task") && line.includes("send-email"))).toBe(true);
    expectNoLineHolding({
      "the activation code": esim!.activationCode,
      "the recipient": bought.email,
      "the install email's subject line": testApp.sentMails.findLast((mail) => mail.to === bought.email)!.subject,
    });
  });

  it("of an outage (the mailbox's database failing, the upstream echoing an activation code) hold neither", async () => {
    const bought = await buyAndPay();
    // The mail store refuses every row, as a database going away does: the failed insert names every parameter.
    await testApp.db.execute(sql`alter table dev_mails add constraint dev_mails_refused check (false) not valid`);
    mailFault = "mailbox-database-fails";
    try {
      await runWorker();
      await runWorker();
    } finally {
      mailFault = "none";
      await testApp.db.execute(sql`alter table dev_mails drop constraint dev_mails_refused`);
    }
    const [esim] = await testApp.db.select().from(esims).where(eq(esims.orderId, bought.placed.orderId));
    const installMail = testApp.sentMails.findLast(
      (mail) => mail.to === bought.email && mail.text.includes(`/details/${esim!.id}`),
    );
    expect(written.some((line) => line.includes("dev_mails"))).toBe(true);

    // The upstream fails and its answer quotes someone's activation code: the error is logged, the code is not.
    const leakedCode = "LPA:1$rsp.upstream.example$MATCH-9F3A7C21E5";
    const upstream = createEsimAccessProvider({
      baseUrl: "http://esim-access.test",
      accessCode: "access",
      fetch: async () =>
        Response.json({ success: false, errorCode: "200005", errorMsg: `profile ${leakedCode} busy`, obj: null }),
    });
    const failing = vi.spyOn(testApp.simulator, "orderProfiles").mockImplementation(upstream.orderProfiles);
    const outage = await buyAndPay();
    try {
      await runWorker();
    } finally {
      failing.mockRestore();
    }
    expect(written.some((line) => line.includes(outage.placed.orderId) || line.includes(outage.placed.number))).toBe(
      true,
    );
    expectNoLineHolding({
      "the activation code": esim!.activationCode,
      "the install email's text": installMail!.text.split("\n").find((line) => line.length > 30)!,
      "the recipient": bought.email,
      "the upstream's activation code": leakedCode,
      "its matching id": "MATCH-9F3A7C21E5",
    });
  });
});
