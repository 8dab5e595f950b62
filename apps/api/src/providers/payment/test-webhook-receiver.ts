import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";

export interface ReceivedWebhook {
  rawBody: Buffer;
  headers: IncomingHttpHeaders;
}

/**
 * A real HTTP server on a random loopback port standing for our webhook route in tests: it keeps every request and
 * answers what the test scripts (a status per call, or no answer at all for a while).
 */
export async function startWebhookReceiver() {
  const received: ReceivedWebhook[] = [];
  const scripted: ({ status: number } | { hangMs: number })[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      received.push({ rawBody: Buffer.concat(chunks), headers: request.headers });
      const next = scripted.shift() ?? { status: 200 };
      const answer = (status: number) => {
        if (response.destroyed) return;
        response.writeHead(status, { "content-type": "application/json" });
        response.end(JSON.stringify({ ok: status < 300 }));
      };
      if ("hangMs" in next) setTimeout(() => answer(200), next.hangMs);
      else answer(next.status);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1/app/webhooks/payments/test`;
  return {
    url,
    received,
    /** The answers to the next requests, in order; 200 after them. */
    script(...answers: ({ status: number } | { hangMs: number })[]) {
      scripted.push(...answers);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** An address where nothing listens: a port we just held and released. */
export async function unusedLocalUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}/api/v1/app/webhooks/payments/sandbox`;
}
