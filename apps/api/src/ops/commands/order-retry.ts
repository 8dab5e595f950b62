import { installJobQueue } from "../../jobs/worker.ts";
import { retryProvisioning } from "../../modules/orders/orders-ops.service.ts";
import type { OpsCommand } from "../ops-command.ts";
import { OpsError } from "../ops-command.ts";

export const description = "Queue provisioning again for a paid order not yet delivered";
export const usage = "order:retry <number>";

const REFUSALS: Record<string, string> = {
  delivered: "it is already delivered; nothing to do",
  not_paid: "it is not paid; nothing is provisioned before payment",
  pending: "its payment is still pending at the gateway; nothing is provisioned before payment",
  rejected: "its payment failed or was cancelled; nothing is provisioned without payment",
};

export const run: OpsCommand["run"] = async ({ deps, args, print }) => {
  const [number, ...extra] = args;
  if (!number || extra.length > 0) throw new OpsError(`Usage: ${usage} (e.g. order:retry ES26-000123)`);
  await installJobQueue(deps.db);
  const result = await retryProvisioning(deps, { number });
  if (result.outcome === "unknown_order")
    throw new OpsError(`order:retry: no order has the number ${number.toUpperCase()}`);
  if (result.outcome === "refused") {
    throw new OpsError(
      `order:retry: ${number.toUpperCase()} is ${result.status}: ${REFUSALS[result.status] ?? "only a confirmed order can be retried"}`,
    );
  }
  print(`Provisioning of ${number.toUpperCase()} queued; a running worker takes it now (order:show follows it).`);
};
