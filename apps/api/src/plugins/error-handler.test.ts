import { ERROR_HTTP_STATUS } from "@esim/shared/errors";
import { API_BASE_PATH } from "@esim/shared/http";
import { sql } from "drizzle-orm";
import Fastify, { type InjectOptions } from "fastify";
import { afterAll, describe, expect, it } from "vitest";
import { buildApp } from "../app.ts";
import { loadConfig } from "../config.ts";
import { createAppDeps } from "../create-deps.ts";
import { connectDatabase } from "../db/client.ts";
import { poolOf } from "../jobs/worker.ts";
import { startDatabaseProxy } from "../test/database-proxy.ts";
import { uniqueAddress } from "../test/factories.ts";
import { waitFor } from "../test/server-process.ts";
import { createTestApp } from "../test/test-app.ts";
import { errorHandlerPlugin } from "./error-handler.ts";

const { app, db } = await createTestApp();
const url = `${API_BASE_PATH}/auth/code`;
const json = { "content-type": "application/json" };

async function send(options: InjectOptions) {
  const response = await app.inject({ remoteAddress: uniqueAddress(), ...options });
  const body = response.json();
  // Every refusal has the one error envelope and the status its code maps to.
  expect(response.statusCode).toBe(ERROR_HTTP_STATUS[body.error.code as keyof typeof ERROR_HTTP_STATUS]);
  return { status: response.statusCode, headers: response.headers, error: body.error };
}

describe("bad input", () => {
  it("answers malformed JSON with 400 BODY_INVALID_JSON", async () => {
    const { status, error } = await send({ method: "POST", url, payload: '{"email": "a@b.co"', headers: json });
    expect(status).toBe(400);
    expect(error.code).toBe("BODY_INVALID_JSON");
  });

  it("answers an empty JSON body with 400 BODY_INVALID_JSON", async () => {
    const { error } = await send({ method: "POST", url, payload: "", headers: json });
    expect(error.code).toBe("BODY_INVALID_JSON");
  });

  it("refuses prototype-poisoning keys as invalid JSON", async () => {
    const payload = '{"email": "a@b.co", "__proto__": {"isAdmin": true}}';
    const { error } = await send({ method: "POST", url, payload, headers: json });
    expect(error.code).toBe("BODY_INVALID_JSON");
  });

  it("answers a body that is not an object, or no body, with 400 VALIDATION_FAILED", async () => {
    for (const payload of ["[]", "null", '"a@b.co"', "42"]) {
      const { error } = await send({ method: "POST", url, payload, headers: json });
      expect(error).toMatchObject({ code: "VALIDATION_FAILED", fields: { body: "INVALID" } });
    }
    const { error } = await send({ method: "POST", url });
    expect(error.code).toBe("VALIDATION_FAILED");
  });

  it("answers wrong types field by field with VALIDATION_FAILED", async () => {
    const payload = { email: 42, language: ["fr"] };
    const { status, error } = await send({ method: "POST", url, payload });
    expect(status).toBe(400);
    expect(error.fields).toEqual({ email: "EMAIL_REQUIRED", language: "LANGUAGE_INVALID" });
  });

  it("answers a body over 64 KB with 413 BODY_TOO_LARGE", async () => {
    const payload = JSON.stringify({ email: `${"a".repeat(65 * 1024)}@example.com` });
    const { status, error } = await send({ method: "POST", url, payload, headers: json });
    expect(status).toBe(413);
    expect(error.code).toBe("BODY_TOO_LARGE");
  });

  it("answers a body that is not JSON with 415 UNSUPPORTED_MEDIA_TYPE", async () => {
    for (const contentType of ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x"]) {
      const { status, error } = await send({
        method: "POST",
        url,
        payload: "email=a@b.co",
        headers: { "content-type": contentType },
      });
      expect(status).toBe(415);
      expect(error.code).toBe("UNSUPPORTED_MEDIA_TYPE");
    }
  });

  it("answers a body shorter than its Content-Length with BODY_INVALID_JSON", async () => {
    const { error } = await send({
      method: "POST",
      url,
      payload: '{"email":"a@b.co"}',
      headers: { ...json, "content-length": "3" },
    });
    expect(error.code).toBe("BODY_INVALID_JSON");
  });

  it("answers a malformed address with 400 URL_INVALID", async () => {
    const { status, error } = await send({ method: "GET", url: `${API_BASE_PATH}/%E0%A4%A` });
    expect(status).toBe(400);
    expect(error.code).toBe("URL_INVALID");
  });

  it("answers an unknown method on a known path with 404 ROUTE_NOT_FOUND", async () => {
    const { error } = await send({ method: "PUT", url, payload: {} });
    expect(error.code).toBe("ROUTE_NOT_FOUND");
  });
});

describe("general request limiter", () => {
  it("answers past RATE_LIMIT_PER_MINUTE with 429 RATE_LIMITED and Retry-After, but never limits the health check", async () => {
    const limited = await createTestApp({ config: { RATE_LIMIT_PER_MINUTE: 3 } });
    const call = () =>
      limited.app.inject({ method: "GET", url: `${API_BASE_PATH}/catalog/summary`, remoteAddress: "10.20.30.40" });
    for (let index = 0; index < 3; index++) {
      const allowed = await call();
      expect(allowed.statusCode).toBe(200);
      // The limit's headers only come with a refusal: every answer would otherwise carry three more.
      expect(allowed.headers["x-ratelimit-remaining"]).toBeUndefined();
    }

    const response = await call();

    expect(response.statusCode).toBe(429);
    expect(response.json().error.code).toBe("RATE_LIMITED");
    expect(Number(response.headers["retry-after"])).toBeGreaterThan(0);
    const health = await limited.app.inject({ method: "GET", url: "/api/health", remoteAddress: "10.20.30.40" });
    expect(health.statusCode).toBe(200);
    const otherAddress = await limited.app.inject({
      method: "GET",
      url: `${API_BASE_PATH}/catalog/summary`,
      remoteAddress: "10.20.30.41",
    });
    expect(otherAddress.statusCode).toBe(200);
  });
});

describe("dependency failures", () => {
  it("answers 503 SERVICE_UNAVAILABLE, never a 500, while PostgreSQL cannot be reached", async () => {
    // Port 9 (discard) has no PostgreSQL: every query fails to connect.
    const unreachable = connectDatabase("postgres://esim:esim@127.0.0.1:9/esim", { max: 1 });
    const config = loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent" }, { WEB_DIST_DIR: "/nonexistent" });
    const offline = await buildApp(createAppDeps(config, unreachable.db), { logger: false });
    afterAll(async () => {
      await offline.close();
      await unreachable.close();
    });

    const response = await offline.inject({ method: "POST", url, payload: { email: "a@example.com" } });

    expect(response.statusCode).toBe(503);
    expect(response.json().error.code).toBe("SERVICE_UNAVAILABLE");
  });
});

describe("a database restart under requests", () => {
  it("answers 503 SERVICE_UNAVAILABLE with Retry-After, never a 500, to a query or a transaction it cuts off and to requests while it is away; 200 once back", async () => {
    const proxy = await startDatabaseProxy(poolOf(db).options.connectionString!);
    const database = connectDatabase(proxy.url, { max: 2 });
    const probe = Fastify({ logger: false });
    await probe.register(errorHandlerPlugin);
    // A slow statement, so the restart lands while it runs: marked to be found in pg_stat_activity.
    const slowQuery = sql`select pg_sleep(5) as restart_probe`;
    probe.get("/query", async () => {
      await database.db.execute(slowQuery);
      return {};
    });
    probe.get("/transaction", async () =>
      database.db.transaction(async (tx) => {
        await tx.execute(slowQuery);
        return {};
      }),
    );
    probe.get("/back", async () => (await database.db.execute(sql`select 1 as one`)).rows[0]);
    afterAll(async () => {
      await probe.close();
      await database.close();
      await proxy.close();
    });
    const isRunning = async () => {
      const { rows } = await db.execute<{ count: number }>(
        sql`select count(*)::int as count from pg_stat_activity where query like '%as restart_probe' and pid <> pg_backend_pid()`,
      );
      return rows[0]!.count > 0;
    };
    const expectUnavailable = (response: Awaited<ReturnType<typeof probe.inject>>) => {
      expect({ status: response.statusCode, code: response.json().error.code }).toEqual({
        status: 503,
        code: "SERVICE_UNAVAILABLE",
      });
      expect(Number(response.headers["retry-after"])).toBeGreaterThan(0);
    };

    for (const url of ["/query", "/transaction"]) {
      const cutOff = probe.inject({ method: "GET", url });
      await waitFor(isRunning, "the slow statement running");
      await proxy.cut();
      expectUnavailable(await cutOff);
      expectUnavailable(await probe.inject({ method: "GET", url }));

      await proxy.restore();
      await db.execute(sql`select pg_cancel_backend(pid) from pg_stat_activity where query like '%as restart_probe'`);
    }
    expect((await probe.inject({ method: "GET", url: "/back" })).statusCode).toBe(200);
  });
});
