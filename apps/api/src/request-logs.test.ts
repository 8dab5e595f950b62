import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { runDueJobs } from "./jobs/worker.ts";
import {
  createBuyingApp,
  orderBody,
  placeTestOrder,
  postPaymentWebhook,
  signedCheckoutWebhook,
} from "./modules/orders/buying.test-kit.ts";
import { createPackage, createSignedInUser } from "./test/factories.ts";
import { createTestApp } from "./test/test-app.ts";

type LogLine = Record<string, unknown>;

/** A log destination keeping every JSON line the app writes. */
function captureLogs() {
  const lines: LogLine[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const text of String(chunk).split("\n")) if (text.trim()) lines.push(JSON.parse(text) as LogLine);
      done();
    },
  });
  return { lines, stream };
}

const logs = captureLogs();
// Behind a proxy that names each request (X-Request-Id), as docs/DEPLOY.md sets it up.
const testApp = await createBuyingApp({ config: { TRUST_PROXY: true, LOG_LEVEL: "info" }, logStream: logs.stream });
const plan = await createPackage(testApp);

describe("request logs", () => {
  it("name the request by the proxy's X-Request-Id and the order a payment webhook is about", async () => {
    const buyer = await createSignedInUser(testApp);
    const placed = await placeTestOrder(testApp, buyer.headers, orderBody(buyer.user, plan.id));
    const webhook = await signedCheckoutWebhook(testApp, { paymentId: placed.paymentId, status: "paid" });
    const response = await postPaymentWebhook(testApp, {
      rawBody: webhook.rawBody,
      headers: { ...webhook.headers, "x-request-id": "proxy-7f3a9c" },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers["x-request-id"]).toBe("proxy-7f3a9c");

    const ofRequest = logs.lines.filter((line) => line.reqId === "proxy-7f3a9c");
    expect(ofRequest.map((line) => line.msg)).toEqual(
      expect.arrayContaining(["incoming request", "payment webhook applied", "request completed"]),
    );
    expect(ofRequest.find((line) => line.msg === "payment webhook applied")).toMatchObject({
      orderNumber: placed.number,
      outcome: "confirmed",
    });
  });

  it("name the order in the provisioning job's lines", async () => {
    const jobLogs: LogLine[] = [];
    const record = (details: object, message: string) => jobLogs.push({ ...details, msg: message });
    await runDueJobs(testApp.deps, { log: { info: record, warn: record, error: record, debug: () => {} } });
    await runDueJobs(testApp.deps, { log: { info: record, warn: record, error: record, debug: () => {} } });
    const delivered = jobLogs.find((line) => line.msg === "order delivered");
    expect(delivered?.orderNumber).toMatch(/^ES\d{2}-\d{6}$/);
  });

  it("give each request an id of its own when no trusted proxy names it", async () => {
    const direct = await createTestApp();
    const response = await direct.app.inject({
      method: "GET",
      url: "/livez",
      headers: { "x-request-id": "chosen-by-the-client" },
    });
    expect(response.headers["x-request-id"]).not.toBe("chosen-by-the-client");
    expect(response.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
  });
});
