import { ADMIN_API_BASE_PATH } from "@esim/shared/http";
import { and, desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { uniqueEmail } from "../../test/factories.ts";
import { createTestApp } from "../../test/test-app.ts";
import { operatorAuditLog, operators } from "./operators.schema.ts";
import { createSignedInOperator } from "./operators.test-kit.ts";

// The team page: an admin adds operators, changes roles, disables and resets others, never themselves; each change
// is in the audit log with its before and after.

const testApp = await createTestApp();
const { app, db } = testApp;
const admin = await createSignedInOperator(testApp, "admin");

function call(method: "GET" | "POST" | "PATCH", path: string, payload?: object, headers = admin.headers) {
  return app.inject({
    method,
    url: `${ADMIN_API_BASE_PATH}${path}`,
    headers,
    remoteAddress: "192.0.2.7",
    ...(payload ? { payload } : {}),
  });
}

async function lastAuditOf(entityId: string) {
  const [entry] = await db
    .select()
    .from(operatorAuditLog)
    .where(and(eq(operatorAuditLog.entityType, "operator"), eq(operatorAuditLog.entityId, entityId)))
    .orderBy(desc(operatorAuditLog.seq))
    .limit(1);
  return entry;
}

describe("the team", () => {
  it("adds an operator once, audited with the admin and their address; a second add changes nothing", async () => {
    const email = uniqueEmail("agent");
    const added = await call("POST", "/operators", { email: email.toUpperCase(), role: "support" });
    expect(added.statusCode).toBe(200);
    expect(added.json()).toMatchObject({
      isCreated: true,
      data: { email, role: "support", isEnrolled: false, isDisabled: false, liveSessions: 0 },
    });
    const id = added.json().data.id as string;
    expect(await lastAuditOf(id)).toMatchObject({
      action: "operator.created",
      operatorId: admin.operator.id,
      ip: "192.0.2.7",
      after: { email, role: "support" },
    });

    const again = await call("POST", "/operators", { email, role: "admin" });
    expect(again.json()).toMatchObject({ isCreated: false, data: { id, role: "support" } });
    const listed = await call("GET", "/operators");
    expect(listed.json().data.filter((row: { email: string }) => row.email === email)).toHaveLength(1);
  });

  it("lists each signed-in operator with their live sessions counted, the ended ones left out", async () => {
    const agent = await createSignedInOperator(testApp, "support");
    const second = await createSignedInOperator(testApp, "support");
    // Signed out: not live any more.
    await call("POST", "/auth/logout", undefined, second.headers);
    const listed = (await call("GET", "/operators")).json().data as { id: string; liveSessions: number }[];
    const sessionsOf = (id: string) => listed.find((row) => row.id === id)?.liveSessions;
    expect(sessionsOf(admin.operator.id)).toBe(1);
    expect(sessionsOf(agent.operator.id)).toBe(1);
  });

  it("refuses a malformed email with the field named", async () => {
    const response = await call("POST", "/operators", { email: "not-an-email", role: "support" });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ code: "VALIDATION_FAILED", fields: { email: "EMAIL_INVALID" } });
  });

  it("promotes a support agent to admin, audited before and after; the same change twice is one entry", async () => {
    const agent = await createSignedInOperator(testApp, "support");
    const promoted = await call("PATCH", `/operators/${agent.operator.id}`, { role: "admin" });
    expect(promoted.json().data).toMatchObject({ role: "admin", liveSessions: 1 });
    const entry = await lastAuditOf(agent.operator.id);
    expect(entry).toMatchObject({
      action: "operator.role_changed",
      before: { role: "support" },
      after: { role: "admin" },
    });
    await call("PATCH", `/operators/${agent.operator.id}`, { role: "admin" });
    expect((await lastAuditOf(agent.operator.id))?.id).toBe(entry?.id);
    // Their very next request is an admin's.
    expect((await call("GET", "/audit-log", undefined, agent.headers)).statusCode).toBe(200);
  });

  it("disabling ends the operator's sessions at once; enabling lets them sign in again later", async () => {
    const agent = await createSignedInOperator(testApp, "support");
    expect((await call("GET", "/me", undefined, agent.headers)).statusCode).toBe(200);
    const disabled = await call("PATCH", `/operators/${agent.operator.id}`, { isDisabled: true });
    expect(disabled.json().data).toMatchObject({ isDisabled: true, liveSessions: 0 });
    expect((await call("GET", "/me", undefined, agent.headers)).statusCode).toBe(401);
    expect(await lastAuditOf(agent.operator.id)).toMatchObject({ action: "operator.disabled" });

    const enabled = await call("PATCH", `/operators/${agent.operator.id}`, { isDisabled: false });
    expect(enabled.json().data).toMatchObject({ isDisabled: false });
    // The old session stays ended: enabling is not signing in.
    expect((await call("GET", "/me", undefined, agent.headers)).statusCode).toBe(401);
    expect(await lastAuditOf(agent.operator.id)).toMatchObject({ action: "operator.enabled" });
  });

  it("resets a lost authenticator: the secret is forgotten, sessions end, the next sign-in enrols again", async () => {
    const agent = await createSignedInOperator(testApp, "support");
    const reset = await call("POST", `/operators/${agent.operator.id}/reset-authenticator`);
    expect(reset.json().data).toMatchObject({ isEnrolled: false, liveSessions: 0 });
    const [row] = await db.select().from(operators).where(eq(operators.id, agent.operator.id));
    expect(row).toMatchObject({ isEnrolled: false, totpSecret: null });
    expect((await call("GET", "/me", undefined, agent.headers)).statusCode).toBe(401);
    expect(await lastAuditOf(agent.operator.id)).toMatchObject({
      action: "operator.authenticator_reset",
      after: { isEnrolled: false, endedSessions: 1 },
    });
  });

  it("never lets an admin change their own account, so the last admin cannot lock the shop out", async () => {
    for (const [method, path, payload] of [
      ["PATCH", `/operators/${admin.operator.id}`, { role: "support" }],
      ["PATCH", `/operators/${admin.operator.id}`, { isDisabled: true }],
      ["POST", `/operators/${admin.operator.id}/reset-authenticator`, undefined],
    ] as const) {
      const response = await call(method, path, payload);
      expect(response.statusCode).toBe(409);
      expect(response.json().error.code).toBe("OPERATOR_SELF_CHANGE");
    }
    expect((await call("GET", "/me")).json().data.role).toBe("admin");
  });

  it("answers NOT_FOUND for an operator that does not exist", async () => {
    const response = await call("PATCH", "/operators/00000000-0000-4000-8000-000000000000", { role: "admin" });
    expect(response.statusCode).toBe(404);
  });
});
