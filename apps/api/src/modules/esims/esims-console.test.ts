import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as esimsSync from "../../console-cli/commands/esims-sync.ts";
import * as pinUnblock from "../../console-cli/commands/pin-unblock.ts";
import { CliError } from "../../console-cli/console-command.ts";
import { users } from "../account/account.schema.ts";
import { createBuyingApp } from "../orders/buying.test-kit.ts";
import { buyEsim, createTopUpablePlan, readEsim, request } from "./esims.test-kit.ts";

const testApp = await createBuyingApp();
const { db, deps, clock } = testApp;
const { plan } = await createTopUpablePlan(testApp);

async function runCommand(command: { run: typeof pinUnblock.run }, args: string[]) {
  const lines: string[] = [];
  await command.run({ deps, args, print: (line) => lines.push(line) });
  return lines.join("\n");
}

describe("pin:unblock", () => {
  it("refuses a missing or unknown email", async () => {
    await expect(runCommand(pinUnblock, [])).rejects.toBeInstanceOf(CliError);
    await expect(runCommand(pinUnblock, ["nobody@example.com"])).rejects.toThrow(/no account/);
  });

  it("unblocks a blocked PIN, which then works again", async () => {
    const bought = await buyEsim(testApp, plan.id);
    await request(testApp, "PUT", "/profile/pin", { headers: bought.headers, payload: { pin: "1234" } });
    await db.update(users).set({ pinTries: 4, isPinBlocked: true }).where(eq(users.id, bought.user.id));

    const output = await runCommand(pinUnblock, [bought.user.email!.toUpperCase()]);
    expect(output).toContain("unblocked: 4 attempts left");
    const response = await request(testApp, "POST", `/esims/${bought.esim.id}/install`, {
      headers: bought.headers,
      payload: { pin: "1234" },
    });
    expect(response.statusCode).toBe(200);
  });
});

describe("esims:sync", () => {
  it("updates stale available eSIMs from the upstream", async () => {
    const bought = await buyEsim(testApp, plan.id);
    clock.advance(45 * 60_000);
    const output = await runCommand(esimsSync, []);
    expect(output).toMatch(/esims:sync: \d+ eSIMs? updated/);
    expect((await readEsim(testApp, bought.esim.id)).status).toBe("In Use");
  });
});
