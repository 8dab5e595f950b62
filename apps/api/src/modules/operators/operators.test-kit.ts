import type { OperatorRole } from "@esim/shared/console/roles";
import { eq } from "drizzle-orm";
import { generateToken, sha256Hex } from "../../lib/secrets.ts";
import { uniqueEmail } from "../../test/factories.ts";
import type { TestApp } from "../../test/test-app.ts";
import { insertOperator, insertOperatorSession, type OperatorRow } from "./operators.repo.ts";
import { operators } from "./operators.schema.ts";
import { createOperator } from "./operators.service.ts";
import { generateTotpSecret } from "./totp.ts";
import { sealTotpSecret } from "./totp-secret-box.ts";

/** An operator, through the service (so its creation is audited), not yet enrolled. */
export async function createTestOperator(testApp: TestApp, role: OperatorRole = "support"): Promise<OperatorRow> {
  const { operator } = await createOperator(testApp.deps, {
    email: uniqueEmail("operator"),
    role,
    actorOperatorId: null,
    ip: null,
  });
  return operator;
}

/** An enrolled operator with a known TOTP secret, straight in the database. */
export async function createEnrolledOperator(testApp: TestApp, role: OperatorRole = "support") {
  const operator = (await insertOperator(testApp.db, {
    email: uniqueEmail("operator"),
    role,
    now: testApp.clock.now(),
  }))!;
  const secret = generateTotpSecret();
  await testApp.db
    .update(operators)
    .set({ totpSecret: sealTotpSecret(testApp.deps.config.OPERATOR_TOTP_KEY, secret), isEnrolled: true })
    .where(eq(operators.id, operator.id));
  return { operator: { ...operator, isEnrolled: true }, secret };
}

/** An enrolled operator with a live 12 h session; returns the headers that carry its token. */
export async function createSignedInOperator(testApp: TestApp, role: OperatorRole = "support") {
  const { operator } = await createEnrolledOperator(testApp, role);
  const token = generateToken();
  const now = testApp.clock.now();
  const session = await insertOperatorSession(testApp.db, {
    operatorId: operator.id,
    tokenHash: sha256Hex(token),
    expiresAt: new Date(now.getTime() + 12 * 60 * 60 * 1000),
    createdIp: "10.0.0.1",
    userAgent: "vitest",
    now,
  });
  return { operator, session, token, headers: { authorization: `Bearer ${token}` } };
}
