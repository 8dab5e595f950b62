import { installJobQueue } from "../../jobs/worker.ts";
import { retryProvisioning } from "../../modules/orders/index.ts";
import type { ConsoleCommand } from "../console-command.ts";
import { CliError, changedOrder } from "../console-command.ts";

export const description = "Queue provisioning again for a paid order not yet delivered";
export const usage = "order:retry <number>";

export const run: ConsoleCommand["run"] = async ({ deps, args, print }) => {
  const [number, ...extra] = args;
  if (!number || extra.length > 0) throw new CliError(`Usage: ${usage} (e.g. order:retry ES26-000123)`);
  await installJobQueue(deps.db);
  const result = await retryProvisioning(deps, { number });
  const order = changedOrder("order:retry", number, result, "only a paid order not yet delivered is provisioned");
  print(`Provisioning of ${order.number} queued; a running worker takes it now (order:show follows it).`);
};
