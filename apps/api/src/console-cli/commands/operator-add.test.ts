import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { operatorAuditLog, operators } from "../../modules/operators/operators.schema.ts";
import { createTestApp } from "../../test/test-app.ts";
import { CliError } from "../console-command.ts";
import { run } from "./operator-add.ts";

const testApp = await createTestApp();
const { db, deps } = testApp;

async function runCommand(args: string[]) {
  const lines: string[] = [];
  await run({ deps, args, print: (line) => lines.push(line) });
  return lines;
}

describe("operator:add", () => {
  it.each([
    [[]],
    [["ops@example.com"]],
    [["ops@example.com", "--role", "owner"]],
    [["not-an-email", "--role", "admin"]],
    [["a@example.com", "b@example.com", "--role", "admin"]],
    [["ops@example.com", "--role", "admin", "--force"]],
  ])("refuses %j with a message and adds nobody", async (args) => {
    await expect(runCommand(args)).rejects.toThrow(CliError);
    expect(await db.select().from(operators)).toEqual([]);
  });

  it("adds an operator (email case-folded, not enrolled) and audits it with no operator: the command line", async () => {
    const lines = await runCommand(["  Nadia@Example.com ", "--role", "admin"]);

    expect(lines[0]).toBe("Operator nadia@example.com added as admin.");
    const [operator] = await db.select().from(operators).where(eq(operators.email, "nadia@example.com"));
    expect(operator).toMatchObject({ role: "admin", isEnrolled: false, totpSecret: null, disabledAt: null });
    const entries = await db.select().from(operatorAuditLog).where(eq(operatorAuditLog.entityId, operator!.id));
    expect(entries).toEqual([
      expect.objectContaining({
        operatorId: null,
        action: "operator.created",
        entityType: "operator",
        before: null,
        after: { email: "nadia@example.com", role: "admin" },
      }),
    ]);
  });

  it("is idempotent on the email: says it exists, changes nothing, audits nothing more", async () => {
    const lines = await runCommand(["nadia@example.com", "--role", "support"]);

    expect(lines).toEqual(["An operator nadia@example.com already exists (admin); nothing changed."]);
    const rows = await db.select().from(operators).where(eq(operators.email, "nadia@example.com"));
    expect(rows.map((row) => row.role)).toEqual(["admin"]);
    expect(
      await db.select().from(operatorAuditLog).where(eq(operatorAuditLog.action, "operator.created")),
    ).toHaveLength(1);
  });
});
