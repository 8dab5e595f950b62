import { sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { createTestApp } from "../../test/test-app.ts";

const { app, db, deps } = await createTestApp();

/** A process running jobs that last said it was alive `secondsAgo` ago (the database's clock). */
async function recordHeartbeat(secondsAgo: number) {
  await db.execute(sql`
    insert into worker_heartbeats (process_id, worker_ids, hostname, pid, beat_at, started_at)
    values (${`test:${secondsAgo}:${Math.random()}`}, array['worker-1']::text[], 'test-host', 1,
            now() - make_interval(secs => ${secondsAgo}::double precision), now())`);
}

describe("GET /api/health", () => {
  it("answers ok while the database answers", async () => {
    const response = await app.inject({ method: "GET", url: "/api/health" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: "ok" });
    expect(response.headers["x-request-id"]).toMatch(/[0-9a-f-]{36}/);
  });

  it("answers an unknown route with the error envelope", async () => {
    const response = await app.inject({ method: "GET", url: "/api/v1/app/nope" });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ error: { code: "ROUTE_NOT_FOUND" } });
  });
});

describe("GET /livez", () => {
  it("answers while the process runs, without asking the database", async () => {
    const response = await app.inject({ method: "GET", url: "/livez" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: "ok" });
    expect(response.headers["cache-control"]).toBe("no-store");
  });
});

describe("GET /readyz", () => {
  beforeEach(async () => {
    await db.execute(sql`delete from worker_heartbeats`);
  });

  it("is ready when the database answers, every migration is applied and a worker's heartbeat is fresh", async () => {
    await recordHeartbeat(1);
    const response = await app.inject({ method: "GET", url: "/readyz" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: "ready",
      checks: { database: "ok", migrations: "ok", worker: "ok" },
    });
    expect(response.headers["cache-control"]).toBe("no-store");
  });

  it("is not ready while no process runs the jobs: paid orders would wait undelivered", async () => {
    const response = await app.inject({ method: "GET", url: "/readyz" });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      status: "not_ready",
      checks: { database: "ok", migrations: "ok", worker: "failed" },
    });
  });

  it("counts a heartbeat older than WORKER_DEAD_AFTER_SECONDS as no worker", async () => {
    await recordHeartbeat(deps.config.WORKER_DEAD_AFTER_SECONDS + 5);
    const response = await app.inject({ method: "GET", url: "/readyz" });
    expect(response.statusCode).toBe(503);
    expect(response.json().checks.worker).toBe("failed");
  });

  it("is not ready on a database missing this build's newest migration", async () => {
    await recordHeartbeat(1);
    const [newest] = (
      await db.execute<{ id: number; created_at: string }>(
        sql`select id, created_at::text from drizzle.__drizzle_migrations order by created_at desc limit 1`,
      )
    ).rows;
    await db.execute(sql`update drizzle.__drizzle_migrations set created_at = created_at - 1 where id = ${newest!.id}`);
    try {
      const response = await app.inject({ method: "GET", url: "/readyz" });
      expect(response.statusCode).toBe(503);
      expect(response.json().checks).toEqual({ database: "ok", migrations: "failed", worker: "ok" });
    } finally {
      await db.execute(
        sql`update drizzle.__drizzle_migrations set created_at = ${newest!.created_at} where id = ${newest!.id}`,
      );
    }
  });
});
