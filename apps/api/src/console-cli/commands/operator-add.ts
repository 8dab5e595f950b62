import { parseArgs } from "node:util";
import { OPERATOR_ROLES, type OperatorRole } from "@esim/shared/console/roles";
import { emailSchema } from "@esim/shared/fields";
import * as z from "zod/mini";
import { createOperator } from "../../modules/operators/index.ts";
import type { ConsoleCommand } from "../console-command.ts";
import { CliError } from "../console-command.ts";

export const description = "Add an operator of the console (admin or support); says so if the email has one";
export const usage = "operator:add <email> --role admin|support";

function isRole(value: string | undefined): value is OperatorRole {
  return (OPERATOR_ROLES as readonly (string | undefined)[]).includes(value);
}

export const run: ConsoleCommand["run"] = async ({ deps, args, print }) => {
  let parsed: ReturnType<typeof parseOptions>;
  try {
    parsed = parseOptions(args);
  } catch (error) {
    throw new CliError(`operator:add: ${(error as Error).message}\nUsage: ${usage}`);
  }
  const { values, positionals } = parsed;
  if (positionals.length !== 1) throw new CliError(`Usage: ${usage}`);
  const email = z.safeParse(emailSchema, positionals[0]);
  if (!email.success) throw new CliError(`operator:add: "${positionals[0]}" is not an email address`);
  if (!isRole(values.role)) throw new CliError(`operator:add: --role must be admin or support\nUsage: ${usage}`);

  // No operator acts from the command line: the audit entry's operator stays empty.
  const result = await createOperator(deps, { email: email.data, role: values.role, actorOperatorId: null, ip: null });
  const { operator } = result;
  if (!result.isCreated) {
    print(`An operator ${operator.email} already exists (${operator.role}); nothing changed.`);
    return;
  }
  print(`Operator ${operator.email} added as ${operator.role}.`);
  print("  First sign-in: an emailed code, then the authenticator app to enrol (console sign-in page).");
};

function parseOptions(args: string[]) {
  return parseArgs({ args, allowPositionals: true, strict: true, options: { role: { type: "string" } } });
}
