import type pg from "pg";
import type { esims } from "../modules/esims/esims.schema.ts";
import type { UpstreamProfile } from "../providers/esim/esim-port.ts";

/**
 * A year of a busy shop, loaded by SQL (generate_series) in seconds to minutes: users, orders with their payments,
 * invoices, eSIMs and bundles, sessions and sign-in codes. Shared by the EXPLAIN test (tens of thousands of rows) and
 * bench/seed-scale.ts (a million orders). Needs the catalogue's base packages already in the database.
 *
 * Spreads, by a hash of the row number (repeatable, no random()): orders over the past year; 85 % delivered, 9 %
 * rejected (the declined payment on their history), 2 % awaiting payment, 3 % refunded, 1 % confirmed (already
 * flagged overdue); one order in seven has two eSIMs; eSIMs of the last month's orders are available (New, Onboard,
 * In Use), older ones depleted or deleted; a few heavy users (one order in 97 goes to one of the first ten users);
 * half the users hold a session (3 % of them expired), a quarter asked for a sign-in code in the last day (and the
 * quarter of an hour the clean-up has not yet swept).
 */
export interface ScaleSeedOptions {
  users: number;
  orders: number;
  /** The present the dates are spread back from. */
  now: Date;
  /** Tells this load's numbers and emails from another's, so a database can take two loads (letters and digits). */
  tag: string;
  log?: (message: string) => void;
}

export interface ScaleSeedCounts {
  users: number;
  orders: number;
  payments: number;
  invoices: number;
  esims: number;
  bundles: number;
  sessions: number;
}

/** One of a load's ten heavy buyers (an order in 97 goes to users 1 to 10), and one with a few orders. */
export const HEAVY_USER = 2;
export const TYPICAL_USER = 1234;

/** The bearer token of the seeded session of user `index` (every even user, and the ten heavy ones, hold one). */
export function seededSessionToken(tag: string, index: number): string {
  return `scale-session-${tag}-${String(index).padStart(10, "0")}`;
}

/**
 * What the upstream would answer about a seeded eSIM (in use, the stored codes and dates), so an eSIM webhook's whole
 * path runs on a seeded database: the lookup, the update and the alerts' check.
 */
export function seededUpstreamProfile(
  esim: typeof esims.$inferSelect,
  options: { upstreamOrderNo: string | null; usedBytes: number; now: Date },
): UpstreamProfile {
  return {
    reference: esim.upstreamReference,
    upstreamOrderNo: options.upstreamOrderNo ?? "",
    iccid: esim.iccid,
    smdpAddress: esim.smdpAddress,
    matchingId: esim.matchingId,
    activationCode: esim.activationCode,
    qrCodeUrl: null,
    apn: null,
    status: "In Use",
    totalBytes: esim.dataTotalBytes,
    usedBytes: options.usedBytes,
    usageUpdatedAt: options.now,
    expiresAt: esim.expiresAt,
    activateBefore: esim.activateBefore,
  };
}

// A row number's bucket in [0, 1000): spreads statuses and dates without random(), the same on every run.
const BUCKET = (column: string) => `((${column}::bigint * 7919) % 1000)`;
const SECONDS_AGO = (column: string) => `((${column}::bigint * 104729) % (365 * 86400))`;

export async function seedScaleData(pool: pg.Pool, options: ScaleSeedOptions): Promise<ScaleSeedCounts> {
  const log = options.log ?? (() => {});
  if (!/^[a-z0-9]+$/i.test(options.tag)) throw new Error("the tag is letters and digits");
  const client = await pool.connect();
  const step = async (label: string, text: string, values: unknown[] = []) => {
    const started = performance.now();
    const result = await client.query(text, values);
    log(`${label}: ${result.rowCount ?? 0} rows in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    return result.rowCount ?? 0;
  };
  try {
    const plans = await client.query<{ count: number }>(
      "select count(*)::int as count from packages where is_active and not is_top_up",
    );
    if ((plans.rows[0]?.count ?? 0) === 0) throw new Error("no base package on sale: sync the catalogue first");
    const now = options.now.toISOString();
    const tag = options.tag;
    await client.query(`set synchronous_commit = off`);
    // Numbered by code, not by id (random per database): every seeded database gets the same plans, so two trees'
    // benches answer the same bytes.
    await client.query(`create temp table scale_plans on commit preserve rows as
      select row_number() over (order by provider, upstream_code) as n, id, destination_code, coalesce(data_mb, 0) as data_mb,
        validity_days, retail_dzd_minor
      from packages where is_active and not is_top_up`);
    await client.query(`create temp table scale_users (n int primary key, id uuid not null)`);
    await client.query(`create temp table scale_orders (n int primary key, id uuid not null, user_id uuid not null,
      plan int not null, quantity int not null, bucket int not null, created_at timestamptz not null)`);

    await client.query(
      "insert into scale_users (n, id) select g, gen_random_uuid() from generate_series(1, $1::int) g",
      [options.users],
    );
    const users = await step(
      "users",
      `insert into users (id, email, name, country, is_verified, language, created_at, updated_at)
      select u.id, 'scale-' || $1 || '-' || u.n || '@example.com', 'Scale ' || u.n, 'DZ', true, 'fr',
        $2::timestamptz - make_interval(secs => ${SECONDS_AGO("u.n")}), $2::timestamptz
      from scale_users u`,
      [tag, now],
    );
    const planCount = (await client.query<{ count: number }>("select count(*)::int as count from scale_plans")).rows[0]!
      .count;
    await step(
      "order plan",
      `insert into scale_orders (n, id, user_id, plan, quantity, bucket, created_at)
      select g, gen_random_uuid(), u.id, 1 + (g * 31) % $2, case when g % 7 = 0 then 2 else 1 end, ${BUCKET("g")},
        $3::timestamptz - make_interval(secs => ${SECONDS_AGO("g")})
      from generate_series(1, $1::int) g
      join scale_users u on u.n = case when g % 97 = 0 then 1 + (g / 97) % 10 else 1 + (g * 2654435761) % $4 end`,
      [options.orders, planCount, now, users],
    );
    await client.query("analyze scale_orders");
    // status by bucket: < 850 delivered, < 940 rejected, < 960 pending, < 990 refunded, else confirmed.
    const orders = await step(
      "orders",
      `insert into orders (id, number, user_id, client_reference, kind, package_id, quantity, currency,
        unit_price_minor, subtotal_minor, service_fee_minor, discount_minor, coupon_discount_minor, total_minor,
        charge_dzd_minor, payment_method, billing, status, upstream_order_no, provisioning_attempts, confirmed_at,
        delivered_at, delivery_overdue_at, created_at, updated_at)
      select o.id, 'SC' || $1 || '-' || o.n, o.user_id, 'scale-' || o.n, 'new', p.id, o.quantity, 'DZD',
        p.retail_dzd_minor, p.retail_dzd_minor * o.quantity, 0, 0, 0, p.retail_dzd_minor * o.quantity,
        p.retail_dzd_minor * o.quantity, 'cib',
        jsonb_build_object('email', 'scale-' || o.n || '@example.com', 'name', 'Scale', 'country', 'DZ',
          'phone', '0551234567'),
        case when o.bucket < 850 then 'delivered' when o.bucket < 940 then 'rejected'
          when o.bucket < 960 then 'pending' when o.bucket < 990 then 'refunded' else 'confirmed' end,
        case when o.bucket < 850 or o.bucket >= 960 then 'B' || $1 || '-' || o.n end,
        case when o.bucket < 850 or o.bucket >= 960 then 1 else 0 end,
        case when o.bucket < 850 or o.bucket >= 960 then o.created_at + interval '1 minute' end,
        case when o.bucket < 850 or (o.bucket >= 960 and o.bucket < 990) then o.created_at + interval '2 minutes' end,
        case when o.bucket >= 990 then o.created_at + interval '11 minutes' end,
        o.created_at, o.created_at + interval '2 minutes'
      from scale_orders o join scale_plans p on p.n = o.plan`,
      [tag],
    );
    // How each rejected order ended (the console's lists read it): its last history line, a declined payment.
    await step(
      "order events",
      `insert into order_events (order_id, from_status, to_status, event, cause, actor, created_at)
      select o.id, 'pending', 'rejected', 'payment_failed', 'webhook scale', 'gateway:sandbox',
        o.created_at + interval '1 minute'
      from scale_orders o where o.bucket >= 850 and o.bucket < 940`,
    );
    const payments = await step(
      "payments",
      `insert into payments (order_id, provider, provider_reference, amount_minor, method, status, checkout_url,
        paid_at, created_at, updated_at)
      select o.id, 'sandbox', 'chk_' || $1 || '_' || o.n, p.retail_dzd_minor * o.quantity, 'cib',
        case when o.bucket < 850 or o.bucket >= 960 then 'successful' when o.bucket < 940 then 'failed'
          else 'pending' end,
        'https://pay.example.com/' || o.n,
        case when o.bucket < 850 or o.bucket >= 960 then o.created_at + interval '1 minute' end,
        o.created_at, o.created_at + interval '1 minute'
      from scale_orders o join scale_plans p on p.n = o.plan`,
      [tag],
    );
    // Numbered past a billion, after any earlier load: the app's own invoices (1, 2, 3… each year) never meet them.
    const invoices = await step(
      "invoices",
      `insert into invoices (order_id, year, sequence, number, language, issued_at, created_at)
      select o.id, extract(year from o.created_at)::int,
        (select greatest(1000000000, coalesce(max(sequence), 0)) from invoices) + o.n, 'F' || $1 || '-' || o.n, 'fr',
        o.created_at + interval '1 minute', o.created_at + interval '1 minute'
      from scale_orders o where o.bucket < 850 or o.bucket >= 960`,
      [tag],
    );
    // eSIMs of delivered and refunded orders; the last 30 days' are available, and were synced in the last hour.
    const esims = await step(
      "esims",
      `insert into esims (user_id, order_id, provider, upstream_reference, iccid, smdp_address, matching_id,
        activation_code, status, destination_code, package_id, data_total_bytes, data_used_bytes, usage_updated_at,
        activate_before, expires_at, created_at, updated_at)
      select o.user_id, o.id, 'simulator', 'T' || $1 || '-' || o.n || '-' || k,
        '8986' || lpad((o.n::bigint * 10 + k)::text, 15, '0'), 'smdp.example.com', 'M' || o.n || k,
        'LPA:1$smdp.example.com$M' || o.n || k,
        case when o.created_at > $2::timestamptz - interval '30 days'
          then (array['New', 'Onboard', 'In Use'])[1 + o.n % 3]
          else (array['Depleted', 'Deleted', 'Unknown'])[1 + o.n % 3] end,
        p.destination_code, p.id, p.data_mb::bigint * 1048576, (p.data_mb::bigint * 1048576 * (o.n % 10)) / 10,
        o.created_at + interval '1 day', o.created_at + interval '180 days',
        o.created_at + make_interval(days => p.validity_days), o.created_at + interval '2 minutes',
        case when o.created_at > $2::timestamptz - interval '30 days'
          then $2::timestamptz - make_interval(secs => (o.n * 13) % 3600)
          else o.created_at + make_interval(days => p.validity_days) end
      from scale_orders o join scale_plans p on p.n = o.plan, generate_series(1, o.quantity) k
      where o.bucket < 850 or (o.bucket >= 960 and o.bucket < 990)`,
      [tag, now],
    );
    const bundles = await step(
      "bundles",
      `insert into esim_bundles (esim_id, order_id, package_id, data_mb, validity_days, applied_at, created_at)
      select e.id, e.order_id, e.package_id, nullif(p.data_mb, 0), p.validity_days, e.created_at, e.created_at
      from esims e join scale_plans p on p.id = e.package_id
      where e.upstream_reference like 'T' || $1 || '-%'`,
      [tag],
    );
    const sessions = await step(
      "sessions",
      `insert into sessions (token_hash, user_id, expires_at, last_used_at, user_agent, created_at)
      select encode(sha256(convert_to('scale-session-' || $1 || '-' || lpad(u.n::text, 10, '0'), 'UTF8')), 'hex'), u.id,
        $2::timestamptz + case when u.n <= 10 then interval '30 days'
          else make_interval(secs => (u.n * 7919) % (31 * 86400) - 86400) end, $2::timestamptz,
        'scale', $2::timestamptz - interval '30 days'
      from scale_users u where u.n % 2 = 0 or u.n <= 10`,
      [tag, now],
    );
    await step(
      "sign-in codes",
      `insert into sign_in_codes (email, code_hash, expires_at, created_at)
      select 'scale-' || $1 || '-' || u.n || '@example.com', md5(u.n::text),
        $2::timestamptz - make_interval(secs => (u.n * 13) % 87300) + interval '10 minutes',
        $2::timestamptz - make_interval(secs => (u.n * 13) % 87300)
      from scale_users u where u.n % 4 = 0`,
      [tag, now],
    );
    await step("analyze", "analyze");
    await client.query("drop table scale_plans, scale_users, scale_orders");
    return { users, orders, payments, invoices, esims, bundles, sessions };
  } finally {
    client.release();
  }
}
