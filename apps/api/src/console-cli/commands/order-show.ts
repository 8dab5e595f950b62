import { formatMoney } from "@esim/shared/money";
import { iccidToCome } from "../../modules/esims/index.ts";
import { showOrder } from "../../modules/orders/index.ts";
import type { ConsoleCommand } from "../console-command.ts";
import { CliError } from "../console-command.ts";

export const description = "Show an order: status, amounts, payment, eSIMs, attention flag, history, jobs and emails";
export const usage = "order:show <number>";

export const run: ConsoleCommand["run"] = async ({ deps, args, print }) => {
  const [number, ...extra] = args;
  if (!number || extra.length > 0) throw new CliError(`Usage: ${usage} (e.g. order:show ES26-000123)`);
  const found = await showOrder(deps, { number });
  if (!found) throw new CliError(`order:show: no order has the number ${number.toUpperCase()}`);
  const { order, payment } = found;
  const money = (minor: number) => formatMoney(minor, order.currency);
  print(`Order ${order.number} (${order.id})`);
  print(`  status: ${order.status}`);
  if (order.attentionKind) {
    print(`  ATTENTION (${order.attentionKind}, ${order.attentionAt?.toISOString()}): ${order.attentionReason}`);
  }
  print(`  user: ${order.userId ?? "deleted account"}   billing: ${order.billing.email}, ${order.billing.country}`);
  print(
    `  plan: ${found.package.name} (${found.package.upstreamCode}) × ${order.quantity}   ${found.destination.nameEn}`,
  );
  print(
    `  subtotal ${money(order.subtotalMinor)} − discount ${money(order.discountMinor)} − coupon ${money(order.couponDiscountMinor)}${found.couponCode ? ` (${found.couponCode})` : ""} + fee ${money(order.serviceFeeMinor)} = ${money(order.totalMinor)}; charged ${formatMoney(order.chargeDzdMinor, "DZD")}`,
  );
  print(
    `  payment ${payment.id}: ${payment.status} via ${payment.provider}/${payment.method}, ${formatMoney(payment.amountMinor, "DZD")}, checkout ${payment.providerReference ?? "none"}${payment.paidAt ? `, paid ${payment.paidAt.toISOString()}` : ""}`,
  );
  print(
    `  provisioning: ${order.provisioningAttempts} attempts, upstream order ${order.upstreamOrderNo ?? "none"}${order.lastProvisioningError ? `, last error: ${order.lastProvisioningError}` : ""}`,
  );
  if (order.deliveredAt) print(`  delivered ${order.deliveredAt.toISOString()}`);
  print(`  eSIMs: ${found.esims.length === 0 ? "none" : ""}`);
  for (const esim of found.esims) {
    print(`    ${esim.iccid ?? iccidToCome("en")}  ${esim.status}  (upstream ${esim.upstreamReference})`);
  }
  const { refund } = found;
  if (refund.totalOwedDzdMinor > 0 || refund.heldDzdMinor > 0) {
    print(
      `  refund: owed ${formatMoney(refund.owedDzdMinor, "DZD")} of ${formatMoney(refund.totalOwedDzdMinor, "DZD")}${refund.heldDzdMinor > 0 ? `; held ${formatMoney(refund.heldDzdMinor, "DZD")}` : ""}${refund.choice ? `; the customer chose ${refund.choice.kind === "transfer" ? "a transfer (account on the console's order page)" : "store credit"}` : ""}`,
    );
    for (const sent of refund.sent) {
      print(
        `    sent ${formatMoney(sent.amountDzdMinor, "DZD")} by ${sent.method}${sent.reference ? `, reference ${sent.reference}` : ""}, ${sent.at.toISOString()}, by ${sent.actor}`,
      );
    }
  }
  print("  history:");
  for (const event of found.events) {
    print(
      `    ${event.createdAt.toISOString()}  ${event.fromStatus ?? "—"} → ${event.toStatus}  ${event.event}  by ${event.actor}: ${event.cause}`,
    );
  }
  for (const job of found.jobs) {
    print(
      `  job ${job.task}: attempt ${job.attempts}/${job.maxAttempts}, next run ${job.runAt.toISOString()}${job.lockedAt ? " (running)" : ""}${job.lastError ? `, last error: ${job.lastError.split("\n")[0]}` : ""}`,
    );
  }
  for (const email of found.emails) {
    print(
      `  email ${email.key} to ${email.to}: ${email.status}${email.sentAt ? ` ${email.sentAt.toISOString()}` : ""}, ${email.attempts} tries${email.lastError ? `, last error: ${email.lastError}` : ""}`,
    );
  }
};
