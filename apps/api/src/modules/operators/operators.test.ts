import {
  auditEntrySchema,
  CONSOLE_ENDPOINTS,
  getOperatorMe,
  listAuditLog,
  listOperatorSessions,
  verifyOperatorCode,
  verifyOperatorTotp,
} from "@esim/shared/console/contracts";
import { ADMIN_API_BASE_PATH, type Endpoint, endpointUrl } from "@esim/shared/http";
import { desc, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { cleanUpExpiredRows } from "../../jobs/clean-up.ts";
import { sha256Hex } from "../../lib/secrets.ts";
import { createSignedInUser, uniqueAddress } from "../../test/factories.ts";
import { createTestApp } from "../../test/test-app.ts";
import { recordAudit } from "./audit.service.ts";
import { operatorAuditLog, operatorSessions, operators } from "./operators.schema.ts";
import { createEnrolledOperator, createSignedInOperator, createTestOperator } from "./operators.test-kit.ts";
import { currentTotp } from "./totp.ts";
import { openTotpSecret } from "./totp-secret-box.ts";

const testApp = await createTestApp();
const { app, db, clock } = testApp;
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/** Where this test's person works from (one browser, one address); strangers pass their own. */
let homeAddress = uniqueAddress();
beforeEach(() => {
  homeAddress = uniqueAddress();
});

function post(path: string, payload: unknown, headers: Record<string, string> = {}, remoteAddress = homeAddress) {
  return app.inject({
    method: "POST",
    url: `${ADMIN_API_BASE_PATH}${path}`,
    payload: payload as object,
    headers,
    remoteAddress,
  });
}

function get(path: string, headers: Record<string, string> = {}) {
  return app.inject({ method: "GET", url: `${ADMIN_API_BASE_PATH}${path}`, headers });
}

async function lastCodeSentTo(email: string): Promise<string | undefined> {
  const mail = (await testApp.mails()).find((message) => message.to === email);
  return mail ? /\d{6}/.exec(mail.text)?.[0] : undefined;
}

/** Asks for a console code and reads it from the mailbox; moves past the 60 s resend wait first. */
async function sendCode(email: string, language?: "fr" | "en" | "ar") {
  clock.advance(61 * SECOND);
  const response = await post("/auth/code", { email, ...(language ? { language } : {}) });
  expect(response.statusCode).toBe(200);
  const code = await lastCodeSentTo(email);
  if (!code) throw new Error(`no code was sent to ${email}`);
  return code;
}

/** Email code → challenge, parsed with the contract's response schema. */
async function verifyCode(email: string) {
  const code = await sendCode(email);
  const response = await post("/auth/verify", { email, code });
  expect(response.statusCode).toBe(200);
  return verifyOperatorCode.response.parse(response.json()).data;
}

function wrong(code: string) {
  return code === "000000" ? "111111" : "000000";
}

async function auditOf(entityId: string) {
  return db.select().from(operatorAuditLog).where(eq(operatorAuditLog.entityId, entityId));
}

describe("POST /admin/auth/code", () => {
  it("emails an enabled operator a code in the language asked for", async () => {
    const operator = await createTestOperator(testApp);
    await sendCode(operator.email, "ar");
    const [mail] = await testApp.mails();
    expect(mail?.to).toBe(operator.email);
    expect(mail?.subject).toBe("رمز تسجيل الدخول إلى لوحة التشغيل");
  });

  it("answers an email that is no operator's exactly as an operator's, at every step, and sends nothing", async () => {
    const { user } = await createSignedInUser(testApp);
    const operator = await createTestOperator(testApp);
    clock.advance(61 * SECOND);
    for (const email of [user.email!, operator.email]) {
      const response = await post("/auth/code", { email });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ data: { sent: true, resendAfterSeconds: 60 } });
    }
    expect(await lastCodeSentTo(user.email!)).toBeUndefined();
    const code = await lastCodeSentTo(operator.email);
    for (const email of [user.email!, operator.email]) {
      expect((await post("/auth/code", { email })).json().error.code).toBe("CODE_RESEND_TOO_SOON");
      expect((await post("/auth/verify", { email, code: wrong(code!) })).json().error.code).toBe("CODE_INVALID");
    }
  });

  it("refuses a second code within 60 s with CODE_RESEND_TOO_SOON", async () => {
    const operator = await createTestOperator(testApp);
    await sendCode(operator.email);
    const response = await post("/auth/code", { email: operator.email });
    expect(response.statusCode).toBe(429);
    expect(response.json().error.code).toBe("CODE_RESEND_TOO_SOON");
  });

  it("limits code requests per client address with RATE_LIMITED", async () => {
    const address = uniqueAddress();
    const statuses: number[] = [];
    for (let index = 0; index < 21; index++) {
      statuses.push((await post("/auth/code", { email: `nobody-${index}@example.com` }, {}, address)).statusCode);
    }
    expect(statuses.slice(0, 20).every((status) => status === 200)).toBe(true);
    expect(statuses[20]).toBe(429);
  });
});

describe("POST /admin/auth/verify", () => {
  it("refuses a wrong code with CODE_INVALID", async () => {
    const operator = await createTestOperator(testApp);
    const code = await sendCode(operator.email);
    const response = await post("/auth/verify", { email: operator.email, code: wrong(code) });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe("CODE_INVALID");
  });

  it("refuses a code past 10 minutes with CODE_EXPIRED", async () => {
    const operator = await createTestOperator(testApp);
    const code = await sendCode(operator.email);
    clock.advance(10 * MINUTE + SECOND);
    const response = await post("/auth/verify", { email: operator.email, code });
    expect(response.json().error.code).toBe("CODE_EXPIRED");
  });

  it("never takes a customer's sign-in code as an operator's", async () => {
    const operator = await createTestOperator(testApp);
    clock.advance(61 * SECOND);
    await app.inject({ method: "POST", url: "/api/v1/app/auth/code", payload: { email: operator.email } });
    const customerCode = await lastCodeSentTo(operator.email);
    const response = await post("/auth/verify", { email: operator.email, code: customerCode });
    expect(response.json().error.code).toBe("CODE_EXPIRED");
  });

  it("gives an operator not enrolled a TOTP secret and its otpauth:// address", async () => {
    const operator = await createTestOperator(testApp);
    const step = await verifyCode(operator.email);
    expect(step.step).toBe("enrol");
    if (step.step !== "enrol") return;
    expect(step.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(step.otpauthUri).toContain("otpauth://totp/");
    expect(step.otpauthUri).toContain(`secret=${step.secret}`);
    const [row] = await db.select().from(operators).where(eq(operators.id, operator.id));
    expect(row?.isEnrolled).toBe(false);
    // Sealed in the database: a copy of it alone does not give the second factor.
    expect(row?.totpSecret).not.toContain(step.secret);
    expect(openTotpSecret(testApp.deps.config.OPERATOR_TOTP_KEY, row!.totpSecret!)).toBe(step.secret);
    expect(openTotpSecret("another-key-of-at-least-32-characters", row!.totpSecret!)).toBeUndefined();
  });

  it("asks an enrolled operator for the authenticator only", async () => {
    const { operator } = await createEnrolledOperator(testApp);
    const step = await verifyCode(operator.email);
    expect(step).toEqual({ step: "totp", challenge: expect.any(String), expiresInSeconds: 300 });
  });
});

describe("the console's sign-in under a stranger's requests", () => {
  it("keeps an operator's code working and lets them ask again, whatever codes strangers ask for from elsewhere", async () => {
    const operator = await createTestOperator(testApp);
    clock.set(new Date("2026-06-10T08:00:00Z"));
    const ownCode = await sendCode(operator.email);
    for (let request = 0; request < 9; request++) {
      clock.advance(5 * SECOND);
      expect((await post("/auth/code", { email: operator.email }, {}, uniqueAddress())).statusCode).toBe(200);
    }

    const verified = await post("/auth/verify", { email: operator.email, code: ownCode });
    clock.advance(61 * SECOND);
    const askedAgain = await post("/auth/code", { email: operator.email });

    expect(verified.statusCode).toBe(200);
    expect(askedAgain.statusCode).toBe(200);
  });

  it("lets no stranger's wrong guesses burn an operator's code", async () => {
    const operator = await createTestOperator(testApp);
    const ownCode = await sendCode(operator.email);
    const stranger = uniqueAddress();
    for (let guess = 0; guess < 6; guess++) {
      await post("/auth/verify", { email: operator.email, code: wrong(ownCode) }, {}, stranger);
    }

    expect((await post("/auth/verify", { email: operator.email, code: ownCode })).statusCode).toBe(200);
  });
});

describe("the sign-in's limits per client address", () => {
  it("answer RATE_LIMITED past 30 code or authenticator checks in 10 minutes from one address", async () => {
    const address = uniqueAddress();
    const statuses: number[] = [];
    for (let index = 0; index < 15; index++) {
      statuses.push(
        (await post("/auth/verify", { email: `nobody-${index}@example.com`, code: "123456" }, {}, address)).statusCode,
      );
      statuses.push((await post("/auth/totp", { challenge: "x".repeat(43), totp: "123456" }, {}, address)).statusCode);
    }
    expect(statuses.every((status) => status === 400)).toBe(true);
    const response = await post("/auth/totp", { challenge: "x".repeat(43), totp: "123456" }, {}, address);
    expect(response.statusCode).toBe(429);
    expect(response.json().error.code).toBe("RATE_LIMITED");
  });
});

describe("POST /admin/auth/totp", () => {
  it("enrols on the first valid TOTP and opens a 12 h session, audited in the same transaction", async () => {
    const operator = await createTestOperator(testApp);
    const step = await verifyCode(operator.email);
    if (step.step !== "enrol") throw new Error("expected enrolment");

    const response = await post(
      "/auth/totp",
      { challenge: step.challenge, totp: currentTotp(step.secret, clock.now()) },
      { "user-agent": "Console test" },
    );

    expect(response.statusCode).toBe(200);
    const { token, expiresAt } = verifyOperatorTotp.response.parse(response.json()).data;
    expect(new Date(expiresAt).getTime()).toBe(clock.now().getTime() + 12 * HOUR);
    const me = await get("/me", { authorization: `Bearer ${token}` });
    expect(getOperatorMe.response.parse(me.json()).data).toEqual({
      id: operator.id,
      email: operator.email,
      role: "support",
      isEnrolled: true,
    });
    const [session] = await db.select().from(operatorSessions).where(eq(operatorSessions.operatorId, operator.id));
    expect(session?.tokenHash).toBe(sha256Hex(token));
    expect(session?.userAgent).toBe("Console test");
    const actions = (await db.select().from(operatorAuditLog).where(eq(operatorAuditLog.operatorId, operator.id))).map(
      (row) => row.action,
    );
    expect(actions.sort()).toEqual(["operator.signed_in", "operator.totp_enrolled"]);
  });

  it("signs an enrolled operator in with the emailed code then the TOTP", async () => {
    const { operator, secret } = await createEnrolledOperator(testApp, "admin");
    const step = await verifyCode(operator.email);
    const response = await post("/auth/totp", { challenge: step.challenge, totp: currentTotp(secret, clock.now()) });
    expect(response.statusCode).toBe(200);
    const [entry] = await db
      .select()
      .from(operatorAuditLog)
      .where(eq(operatorAuditLog.operatorId, operator.id))
      .orderBy(desc(operatorAuditLog.seq));
    expect(entry?.action).toBe("operator.signed_in");
  });

  it("refuses a wrong TOTP with TOTP_INVALID, and ends the challenge after five", async () => {
    const { operator, secret } = await createEnrolledOperator(testApp);
    const step = await verifyCode(operator.email);
    const good = currentTotp(secret, clock.now());
    for (let index = 0; index < 5; index++) {
      const response = await post("/auth/totp", { challenge: step.challenge, totp: wrong(good) });
      expect(response.json().error.code).toBe("TOTP_INVALID");
    }
    const response = await post("/auth/totp", { challenge: step.challenge, totp: good });
    expect(response.json().error.code).toBe("SIGN_IN_CHALLENGE_EXPIRED");
    // Someone holding the emailed code but not the authenticator: each failure is on the operator's record.
    const failures = await db.select().from(operatorAuditLog).where(eq(operatorAuditLog.operatorId, operator.id));
    expect(failures.map((row) => row.action)).toEqual(Array(5).fill("operator.sign_in_failed"));
    expect(failures[4]).toMatchObject({
      entityType: "operator",
      entityId: operator.id,
      after: { reason: "totp_invalid" },
    });
  });

  it("refuses a challenge past 5 minutes with SIGN_IN_CHALLENGE_EXPIRED", async () => {
    const { operator, secret } = await createEnrolledOperator(testApp);
    const step = await verifyCode(operator.email);
    clock.advance(5 * MINUTE + SECOND);
    const response = await post("/auth/totp", { challenge: step.challenge, totp: currentTotp(secret, clock.now()) });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe("SIGN_IN_CHALLENGE_EXPIRED");
  });

  it("takes a challenge once, and a TOTP once", async () => {
    const { operator, secret } = await createEnrolledOperator(testApp);
    const first = await verifyCode(operator.email);
    const totp = currentTotp(secret, clock.now());
    expect((await post("/auth/totp", { challenge: first.challenge, totp })).statusCode).toBe(200);
    expect((await post("/auth/totp", { challenge: first.challenge, totp })).json().error.code).toBe(
      "SIGN_IN_CHALLENGE_EXPIRED",
    );
    // A new challenge, answered back within the same 30 s step (verifyCode moved the clock past the resend wait).
    const second = await verifyCode(operator.email);
    clock.advance(-61 * SECOND);
    const replay = await post("/auth/totp", { challenge: second.challenge, totp });
    expect(replay.json().error.code).toBe("TOTP_INVALID");
  });
});

describe("operator sessions", () => {
  it("end after 12 hours (never extended)", async () => {
    const { headers } = await createSignedInOperator(testApp);
    clock.advance(11 * HOUR + 59 * MINUTE);
    expect((await get("/me", headers)).statusCode).toBe(200);
    clock.advance(MINUTE);
    expect((await get("/me", headers)).statusCode).toBe(401);
  });

  it("lists the caller's own live sessions, the current one marked", async () => {
    const signedIn = await createSignedInOperator(testApp);
    const response = await get("/sessions", signedIn.headers);
    const sessions = listOperatorSessions.response.parse(response.json()).data;
    expect(sessions).toEqual([
      expect.objectContaining({ id: signedIn.session.id, isCurrent: true, userAgent: "vitest" }),
    ]);
  });

  it("revokes one of the caller's sessions, audited; another operator's is NOT_FOUND", async () => {
    const signedIn = await createSignedInOperator(testApp);
    const other = await createSignedInOperator(testApp);

    const refused = await app.inject({
      method: "DELETE",
      url: `${ADMIN_API_BASE_PATH}/sessions/${other.session.id}`,
      headers: signedIn.headers,
    });
    expect(refused.statusCode).toBe(404);
    expect((await get("/me", other.headers)).statusCode).toBe(200);

    const response = await app.inject({
      method: "DELETE",
      url: `${ADMIN_API_BASE_PATH}/sessions/${signedIn.session.id}`,
      headers: signedIn.headers,
    });
    expect(response.statusCode).toBe(204);
    expect((await get("/me", signedIn.headers)).statusCode).toBe(401);
    const [entry] = await auditOf(signedIn.session.id);
    expect(entry).toMatchObject({ action: "operator_session.revoked", operatorId: signedIn.operator.id });
  });

  it("sign out ends this session only, audited", async () => {
    const signedIn = await createSignedInOperator(testApp);
    expect((await post("/auth/logout", undefined, signedIn.headers)).statusCode).toBe(204);
    expect((await get("/me", signedIn.headers)).statusCode).toBe(401);
    const [entry] = await auditOf(signedIn.session.id);
    expect(entry?.action).toBe("operator.signed_out");
  });

  it("are deleted a day after they end, by the clean-up every instance runs", async () => {
    const ended = await createSignedInOperator(testApp);
    await post("/auth/logout", undefined, ended.headers);
    const live = await createSignedInOperator(testApp);
    // The live one expires 12 h after it opened: a day after that, both are gone.
    clock.advance(36 * HOUR + MINUTE);
    const stillLive = await createSignedInOperator(testApp);

    await cleanUpExpiredRows(db, clock.now());

    const left = (await db.select({ id: operatorSessions.id }).from(operatorSessions)).map((row) => row.id);
    expect(left).not.toContain(ended.session.id);
    expect(left).not.toContain(live.session.id);
    expect(left).toContain(stillLive.session.id);
    // The audit log keeps the sign-out.
    expect((await auditOf(ended.session.id)).map((row) => row.action)).toEqual(["operator.signed_out"]);
  });

  it("stop working for a disabled operator", async () => {
    const signedIn = await createSignedInOperator(testApp);
    await db.update(operators).set({ disabledAt: clock.now() }).where(eq(operators.id, signedIn.operator.id));
    expect((await get("/me", signedIn.headers)).statusCode).toBe(401);
  });
});

/** A request to any endpoint, its `:id`, `:esimId` (`:number`) filled with a well-formed id (order number). */
function callEndpoint(endpoint: Endpoint, headers: Record<string, string>) {
  return app.inject({
    method: endpoint.method,
    url: endpointUrl(endpoint)
      .replace(/:(id|esimId)\b/g, "00000000-0000-4000-8000-000000000000")
      .replace(":number", "ES26-000001"),
    headers,
    ...(endpoint.method === "POST" ? { payload: {} } : {}),
    remoteAddress: uniqueAddress(),
  });
}

describe("authorisation on every operator route", () => {
  const operatorEndpoints = CONSOLE_ENDPOINTS.filter((endpoint) => endpoint.auth === "operator") as readonly Endpoint[];

  it("leaves no console route without an operator rule but the three sign-in steps", () => {
    expect(
      CONSOLE_ENDPOINTS.filter((endpoint) => endpoint.auth !== "operator").map((endpoint) => endpoint.path),
    ).toEqual(["/auth/code", "/auth/verify", "/auth/totp"]);
    for (const endpoint of operatorEndpoints) expect(endpoint.roles?.length).toBeGreaterThan(0);
  });

  it.each(operatorEndpoints.map((endpoint) => [`${endpoint.method} ${endpoint.path}`, endpoint] as const))(
    "%s: 401 without a token, 403 for a customer, 403 for a role not allowed, else through",
    async (_, endpoint) => {
      expect((await callEndpoint(endpoint, {})).statusCode).toBe(401);
      expect(
        (await callEndpoint(endpoint, { authorization: "Bearer not-a-live-token-at-all-000000" })).statusCode,
      ).toBe(401);

      const customer = await createSignedInUser(testApp);
      const asCustomer = await callEndpoint(endpoint, customer.headers);
      expect(asCustomer.statusCode).toBe(403);
      expect(asCustomer.json().error.code).toBe("FORBIDDEN");

      for (const role of ["admin", "support"] as const) {
        const signedIn = await createSignedInOperator(testApp, role);
        const response = await callEndpoint(endpoint, signedIn.headers);
        if (endpoint.roles?.includes(role)) {
          expect([401, 403]).not.toContain(response.statusCode);
        } else {
          expect(response.statusCode).toBe(403);
          expect(response.json().error.code).toBe("FORBIDDEN");
        }
      }
    },
  );

  it("refuses an operator's token on the customers' routes", async () => {
    const signedIn = await createSignedInOperator(testApp, "admin");
    const response = await app.inject({ method: "GET", url: "/api/v1/app/auth/me", headers: signedIn.headers });
    expect(response.statusCode).toBe(401);
  });
});

describe("the OpenAPI description", () => {
  it("documents every console endpoint under /api/v1/admin", async () => {
    const response = await app.inject({ method: "GET", url: "/api/docs/json" });
    expect(response.statusCode).toBe(200);
    const paths = Object.keys(response.json().paths);
    for (const endpoint of CONSOLE_ENDPOINTS) {
      expect(paths).toContain(endpointUrl(endpoint).replace(/:(\w+)/g, "{$1}"));
    }
  });
});

describe("the audit log", () => {
  it("is written in the caller's transaction: rolled back with it", async () => {
    const entityId = `rollback-${Date.now()}`;
    await expect(
      db.transaction(async (tx) => {
        await recordAudit(tx, {
          operatorId: null,
          action: "test.rolled_back",
          entityType: "test",
          entityId,
          before: null,
          after: { value: 1 },
          ip: null,
          now: clock.now(),
        });
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
    expect(await auditOf(entityId)).toEqual([]);
  });

  it("refuses UPDATE and DELETE of its rows", async () => {
    const operator = await createTestOperator(testApp);
    const [entry] = await auditOf(operator.id);
    expect(entry?.action).toBe("operator.created");
    await expect(
      db.update(operatorAuditLog).set({ action: "tampered" }).where(eq(operatorAuditLog.id, entry!.id)),
    ).rejects.toMatchObject({ cause: { message: "operator_audit_log is append-only: UPDATE refused" } });
    await expect(db.delete(operatorAuditLog).where(eq(operatorAuditLog.id, entry!.id))).rejects.toMatchObject({
      cause: { message: "operator_audit_log is append-only: DELETE refused" },
    });
    expect((await auditOf(operator.id))[0]?.action).toBe("operator.created");
  });

  it("lists entries by filter, newest first, page by page", async () => {
    const admin = await createSignedInOperator(testApp, "admin");
    const created = [];
    for (let index = 0; index < 3; index++) created.push(await createTestOperator(testApp));

    const firstPage = await get("/audit-log?action=operator.created&limit=2", admin.headers);
    expect(firstPage.statusCode).toBe(200);
    const first = listAuditLog.response.parse(firstPage.json());
    expect(first.data).toHaveLength(2);
    expect(first.data[0]?.entityId).toBe(created[2]!.id);
    expect(first.data[1]?.entityId).toBe(created[1]!.id);
    expect(first.nextCursor).not.toBeNull();
    for (const entry of first.data) expect(() => auditEntrySchema.parse(entry)).not.toThrow();

    const byEntity = await get(`/audit-log?entityType=operator&entityId=${created[0]!.id}`, admin.headers);
    expect(byEntity.json().data).toEqual([
      expect.objectContaining({
        action: "operator.created",
        operatorId: null,
        after: { email: created[0]!.email, role: "support" },
      }),
    ]);

    const next = await get(`/audit-log?action=operator.created&limit=2&before=${first.nextCursor}`, admin.headers);
    expect(next.json().data[0].entityId).toBe(created[0]!.id);
  });

  it("filters by operator and date range", async () => {
    const admin = await createSignedInOperator(testApp, "admin");
    const before = clock.now().toISOString();
    clock.advance(HOUR);
    const signedIn = await createSignedInOperator(testApp);
    await post("/auth/logout", undefined, signedIn.headers);
    const after = new Date(clock.now().getTime() + SECOND).toISOString();

    const inRange = await get(
      `/audit-log?operatorId=${signedIn.operator.id}&from=${before}&to=${after}`,
      admin.headers,
    );
    expect(inRange.json().data.map((entry: { action: string }) => entry.action)).toEqual(["operator.signed_out"]);
    const outOfRange = await get(`/audit-log?operatorId=${signedIn.operator.id}&to=${before}`, admin.headers);
    expect(outOfRange.json().data).toEqual([]);
  });

  it("names each action and object in words, and a promo code by its code, in the list and the CSV's language", async () => {
    const admin = await createSignedInOperator(testApp, "admin");
    const created = await post(
      "/coupons",
      { code: `WORDS${Date.now() % 100_000}`, discount: { kind: "percent", percentOff: 10 }, maxUsesPerUser: 1 },
      admin.headers,
    );
    expect(created.statusCode).toBe(200);
    const couponId: string = created.json().data.id;
    const listed = listAuditLog.response.parse(
      (await get(`/audit-log?entityType=coupon&entityId=${couponId}`, admin.headers)).json(),
    );
    expect(listed.data).toEqual([
      expect.objectContaining({ action: "coupon.created", entityLabel: created.json().data.code }),
    ]);
    const csv = await get(`/audit-log/export.csv?entityId=${couponId}&language=ar`, admin.headers);
    expect(csv.body).toContain(
      `coupon.created,أُنشئ رمز الترويج,coupon,رمز ترويجي,${couponId},${created.json().data.code}`,
    );
  });

  it("refuses a date that is not ISO 8601 with VALIDATION_FAILED", async () => {
    const admin = await createSignedInOperator(testApp, "admin");
    const response = await get("/audit-log?from=yesterday", admin.headers);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual({ from: "INVALID" });
  });

  it("exports the same filter as CSV, quoted, formulas defused", async () => {
    const admin = await createSignedInOperator(testApp, "admin");
    const entityId = `csv-${Date.now()}`;
    await db.transaction((tx) =>
      recordAudit(tx, {
        operatorId: admin.operator.id,
        action: "test.exported",
        entityType: "note",
        entityId,
        before: null,
        after: { text: 'He said "hi", then =1+1' },
        ip: "10.1.2.3",
        now: new Date("2026-06-01T09:00:00Z"),
      }),
    );
    await db.transaction((tx) =>
      recordAudit(tx, {
        operatorId: null,
        action: "test.exported",
        entityType: "note",
        entityId: '=HYPERLINK("x")',
        before: null,
        after: null,
        ip: null,
        now: new Date("2026-06-01T09:30:00Z"),
      }),
    );

    const response = await get("/audit-log/export.csv?action=test.exported", admin.headers);

    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(response.headers["content-disposition"]).toBe('attachment; filename="audit-log.csv"');
    expect(response.body).toBe(
      [
        "\uFEFFcreated_at,operator_id,operator_email,action,action_words,entity_type,entity_words,entity_id,entity_name,before,after,ip",
        `2026-06-01T09:30:00.000Z,,,test.exported,Autre action,note,Autre objet,"'=HYPERLINK(""x"")",,,,`,
        `2026-06-01T09:00:00.000Z,${admin.operator.id},${admin.operator.email},test.exported,Autre action,note,Autre objet,${entityId},,,"{""text"":""He said \\""hi\\"", then =1+1""}",10.1.2.3`,
        "",
      ].join("\r\n"),
    );
  });
});
