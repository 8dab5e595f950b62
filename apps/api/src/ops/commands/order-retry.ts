import { installJobQueue } from "../../jobs/worker.ts";
import { retryProvisioning } from "../../modules/orders/index.ts";
import type { OpsCommand } from "../ops-command.ts";
import { OpsError, ORDER_STATUS_WORDS } from "../ops-command.ts";

export const description = "Queue provisioning again for a paid order not yet delivered";
export const usage = "order:retry <number>";

export const run: OpsCommand["run"] = async ({ deps, args, print }) => {
  const [number, ...extra] = args;
  if (!number || extra.length > 0) throw new OpsError(`Usage: ${usage} (e.g. order:retry ES26-000123)`);
  await installJobQueue(deps.db);
  const result = await retryProvisioning(deps, { number });
  if (result.outcome === "unknown_order")
    throw new OpsError(`order:retry: no order has the number ${number.toUpperCase()}`);
  if (result.outcome === "refused") {
    throw new OpsError(
      `order:retry: ${number.toUpperCase()} is ${ORDER_STATUS_WORDS[result.status] ?? result.status}: only a paid order not yet delivered is provisioned`,
    );
  }
  print(`Provisioning of ${number.toUpperCase()} queued; a running worker takes it now (order:show follows it).`);
};
