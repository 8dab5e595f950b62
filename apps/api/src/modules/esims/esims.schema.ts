import { CANCELLATION_STATUSES, type CancellationStatus, ESIM_STATUSES, type EsimStatus } from "@esim/shared/statuses";
import { sql } from "drizzle-orm";
import { bigint, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, oneOf } from "../../db/columns.ts";
import { users } from "../account/account.schema.ts";
import { packages } from "../catalog/catalog.schema.ts";
import { orders } from "../orders/orders.schema.ts";

// ---------------------------------------------------------------------------------------------------------
// eSIMs (decision 013 creates them; decisions 014 and 018 show and top them up).

export const esims = pgTable(
  "esims",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id").references(() => users.id),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id),
    provider: text("provider").notNull(),
    /** eSIM Access `esimTranNo`: ICCIDs are reused upstream, this is not. */
    upstreamReference: text("upstream_reference").notNull(),
    /** Null until the upstream gives it (eSIM Access may answer a new profile without its ICCID; the code installs it). */
    iccid: text("iccid"),
    smdpAddress: text("smdp_address").notNull(),
    matchingId: text("matching_id").notNull(),
    /** The full LPA string `LPA:1$<SM-DP+>$<matching id>`. */
    activationCode: text("activation_code").notNull(),
    qrCodeUrl: text("qr_code_url"),
    apn: text("apn"),
    /** New, Onboard, In Use, Depleted, Canceled, Deleted, Unknown: the upstream's words, kept as they came (decision 084). */
    status: text("status").$type<EsimStatus>().notNull(),
    destinationCode: text("destination_code").notNull(),
    packageId: uuid("package_id")
      .notNull()
      .references(() => packages.id),
    dataTotalBytes: bigint("data_total_bytes", { mode: "number" }),
    dataUsedBytes: bigint("data_used_bytes", { mode: "number" }).notNull().default(0),
    usageUpdatedAt: timestamp("usage_updated_at", { withTimezone: true }),
    activateBefore: timestamp("activate_before", { withTimezone: true }),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    /**
     * The latest bundle's expiryAlertSentAt, kept here (set with it, cleared when a bundle is added) so the expiry
     * sweep's index can leave out the eSIMs already alerted; the bundle's stays the claim.
     */
    expiryAlertSentAt: timestamp("expiry_alert_sent_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("esims_provider_reference_key").on(table.provider, table.upstreamReference),
    index("esims_user_idx").on(table.userId, table.createdAt),
    index("esims_order_idx").on(table.orderId),
    index("esims_package_idx").on(table.packageId),
    oneOf("esims_status_check", table.status, ESIM_STATUSES),
    // eSIM webhooks name an eSIM by ICCID or by its upstream reference alone (no provider): each an index lookup.
    index("esims_iccid_idx").on(table.iccid),
    index("esims_upstream_reference_idx").on(table.upstreamReference),
    // The sweeps read available eSIMs only (AVAILABLE_ESIM_STATUSES, every status whose days may remain: a small share of all
    // eSIMs once a shop is a year old): the least recently synced first, and those expiring soonest whose expiry
    // alert is still to send (an eSIM alerted drops out, so a busy day's alerted eSIMs are not read again).
    index("esims_available_updated_idx")
      .on(table.updatedAt)
      .where(sql`${table.status} in ('New', 'Downloading', 'Installing', 'Ready', 'Onboard', 'In Use', 'Suspended')`),
    index("esims_expiry_alert_due_idx")
      .on(table.expiresAt)
      .where(
        sql`${table.status} in ('New', 'Downloading', 'Installing', 'Ready', 'Onboard', 'In Use', 'Suspended') and ${table.expiryAlertSentAt} is null`,
      ),
  ],
);

/** Each package applied to an eSIM: the first one and every top-up. */
export const esimBundles = pgTable(
  "esim_bundles",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    esimId: uuid("esim_id")
      .notNull()
      .references(() => esims.id),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id),
    packageId: uuid("package_id")
      .notNull()
      .references(() => packages.id),
    dataMb: integer("data_mb"),
    validityDays: integer("validity_days").notNull(),
    appliedAt: timestamp("applied_at", { withTimezone: true }).notNull().defaultNow(),
    /** When the 80 % data alert was emailed for this bundle: claimed before sending, given back if the send fails. */
    usageAlertSentAt: timestamp("usage_alert_sent_at", { withTimezone: true }),
    /** When the one-day-before-expiry alert was emailed for this bundle: claimed like usageAlertSentAt. */
    expiryAlertSentAt: timestamp("expiry_alert_sent_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex("esim_bundles_esim_order_key").on(table.esimId, table.orderId),
    index("esim_bundles_order_idx").on(table.orderId),
    index("esim_bundles_package_idx").on(table.packageId),
  ],
);

/** The upstream's webhook events, one per notifyId: a replay finds its row and does nothing (decision 086). */
export const esimWebhookEvents = pgTable(
  "esim_webhook_events",
  {
    notifyId: text("notify_id").primaryKey(),
    notifyType: text("notify_type").notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("esim_webhook_events_received_at_idx").on(table.receivedAt)],
);

/**
 * A traveller's request to cancel an unused eSIM (New, within 24 hours of payment): one per eSIM. The operator
 * approves it (cancelled upstream, refunded) or refuses it with a reason, through the operator CLI.
 */
export const cancellationRequests = pgTable(
  "cancellation_requests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    esimId: uuid("esim_id")
      .notNull()
      .references(() => esims.id),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id),
    userId: uuid("user_id").references(() => users.id),
    status: text("status").$type<CancellationStatus>().notNull().default("pending"),
    /** The traveller's words, optional. */
    reason: text("reason"),
    /** Said to the traveller when refused. */
    refusalReason: text("refusal_reason"),
    /** This eSIM's share of the order's DZD charge, to refund through the gateway. */
    refundDzdMinor: integer("refund_dzd_minor").notNull(),
    requestedAt: timestamp("requested_at", { withTimezone: true }).notNull(),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("cancellation_requests_esim_key").on(table.esimId),
    index("cancellation_requests_order_idx").on(table.orderId),
    index("cancellation_requests_status_idx").on(table.status, table.requestedAt),
    oneOf("cancellation_requests_status_check", table.status, CANCELLATION_STATUSES),
  ],
);
