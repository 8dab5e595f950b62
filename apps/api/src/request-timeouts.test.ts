import net from "node:net";
import { API_BASE_PATH } from "@esim/shared/http";
import { describe, expect, it } from "vitest";
import { createTestApp } from "./test/test-app.ts";

const { app } = await createTestApp({ config: { REQUEST_TIMEOUT_SECONDS: 1, HEADERS_TIMEOUT_SECONDS: 0.5 } });
await app.listen({ host: "127.0.0.1", port: 0 });
const { port } = app.server.address() as net.AddressInfo;

/** How long a trickle may go on before the test gives up on the server cutting it. */
const TRICKLE_FOR_MS = 6000;
const BYTE_EVERY_MS = 100;

/**
 * Writes `head` at once, then `trickled` one byte every BYTE_EVERY_MS; answers when the server answers or closes the
 * socket (with what it sent and after how long), or when the trickle has gone on for TRICKLE_FOR_MS.
 */
function trickle(head: string, trickled: string): Promise<{ answer: string; afterMs: number; isCut: boolean }> {
  return new Promise((resolve) => {
    const startedAt = Date.now();
    const socket = net.connect(port, "127.0.0.1");
    let answer = "";
    let index = 0;
    const finish = (isCut: boolean) => {
      clearInterval(timer);
      socket.destroy();
      resolve({ answer, afterMs: Date.now() - startedAt, isCut });
    };
    const timer = setInterval(() => {
      if (Date.now() - startedAt > TRICKLE_FOR_MS) return finish(false);
      if (index < trickled.length && !socket.destroyed) socket.write(trickled[index++]!);
    }, BYTE_EVERY_MS);
    socket.on("data", (chunk) => {
      answer += chunk.toString();
    });
    socket.on("close", () => finish(true));
    socket.on("error", () => finish(true));
    socket.write(head);
  });
}

describe("slow requests", () => {
  it("cuts a body trickled byte by byte with 408 once REQUEST_TIMEOUT_SECONDS has passed", async () => {
    const body = JSON.stringify({ email: "slow@example.com", language: "fr", padding: "x".repeat(200) });
    const head =
      `POST ${API_BASE_PATH}/auth/code HTTP/1.1\r\nHost: localhost\r\n` +
      `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n`;

    const { answer, afterMs, isCut } = await trickle(head, body);

    expect(isCut).toBe(true);
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    // 1 s of allowance, checked every second.
    expect(afterMs).toBeGreaterThanOrEqual(900);
    expect(afterMs).toBeLessThan(3500);
  });

  it("cuts headers trickled byte by byte once HEADERS_TIMEOUT_SECONDS has passed", async () => {
    const head = `GET ${API_BASE_PATH}/catalog/summary HTTP/1.1\r\nHost: localhost\r\n`;

    const { answer, afterMs, isCut } = await trickle(head, `X-Slow: ${"y".repeat(200)}\r\n\r\n`);

    expect(isCut).toBe(true);
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(afterMs).toBeLessThan(2500);
  });

  it("keeps an idle keep-alive connection open between requests", async () => {
    const { answer, isCut } = await new Promise<{ answer: string; isCut: boolean }>((resolve) => {
      const socket = net.connect(port, "127.0.0.1");
      let answer = "";
      const request = `GET /api/health HTTP/1.1\r\nHost: localhost\r\n\r\n`;
      socket.on("data", (chunk) => {
        answer += chunk.toString();
      });
      socket.write(request);
      // Past both timeouts, the same connection still takes a second request.
      setTimeout(() => socket.write(request), 2500);
      setTimeout(() => {
        resolve({ answer, isCut: socket.destroyed });
        socket.destroy();
      }, 3000);
    });

    expect(isCut).toBe(false);
    expect(answer.match(/HTTP\/1\.1 200/g)).toHaveLength(2);
  });
});
