import { randomUUID } from "node:crypto";
import { and, eq, gt, isNull, or, sql } from "drizzle-orm";
import { generateToken, sha256Hex } from "../lib/secrets.ts";
import { insertUser, type UserRow } from "../modules/account/users.repo.ts";
import { insertSession } from "../modules/auth/sessions.repo.ts";
import { destinations, packages, priceSettings } from "../modules/catalog/catalog.schema.ts";
import { couponRedemptions, coupons } from "../modules/coupons/coupons.schema.ts";
import { devices } from "../modules/devices/devices.schema.ts";
import { getSimulatorCatalogue } from "../providers/esim/simulator/catalogue.ts";
import type { TestApp } from "./test-app.ts";

/** A unique, case-folded email, so tests sharing a file's database never collide. */
export function uniqueEmail(label = "user"): string {
  return `${label}-${randomUUID().slice(0, 8)}@example.com`;
}

/** A client address of its own, so the per-address limits of one test never reach another. */
export function uniqueAddress(): string {
  const byte = () => Math.floor(Math.random() * 254) + 1;
  return `10.${byte()}.${byte()}.${byte()}`;
}

/** A verified account with a complete profile, straight in the database. */
export async function createUser(
  testApp: TestApp,
  overrides: Partial<Pick<UserRow, "name" | "country" | "phone" | "language" | "email">> = {},
): Promise<UserRow> {
  return insertUser(testApp.db, {
    email: overrides.email ?? uniqueEmail(),
    name: "name" in overrides ? (overrides.name ?? null) : "Amina Benali",
    country: "country" in overrides ? (overrides.country ?? null) : "DZ",
    phone: overrides.phone ?? null,
    language: overrides.language ?? "fr",
    isVerified: true,
    now: testApp.clock.now(),
  });
}

/** A live session for the user; returns the bearer token and the headers to send it. */
export async function createSession(testApp: TestApp, user: Pick<UserRow, "id">) {
  const token = generateToken();
  const now = testApp.clock.now();
  await insertSession(testApp.db, {
    tokenHash: sha256Hex(token),
    userId: user.id,
    expiresAt: new Date(now.getTime() + testApp.deps.config.SESSION_TTL_DAYS * 24 * 60 * 60 * 1000),
    userAgent: "vitest",
    now,
  });
  return { token, headers: { authorization: `Bearer ${token}` } };
}

/** A verified user with a session: what most account tests start from. */
export async function createSignedInUser(testApp: TestApp, overrides: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(testApp, overrides);
  return { user, ...(await createSession(testApp, user)) };
}

/** A device record of the user (an Android phone with a push token unless told otherwise), straight in the database. */
export async function createDevice(
  testApp: TestApp,
  user: Pick<UserRow, "id">,
  overrides: Partial<typeof devices.$inferInsert> = {},
): Promise<typeof devices.$inferSelect> {
  const deviceType = overrides.deviceType ?? "android";
  const [row] = await testApp.db
    .insert(devices)
    .values({
      userId: user.id,
      deviceId: `device-${randomUUID()}`,
      platform: deviceType,
      model: deviceType === "ios" ? "iPhone 15" : "Pixel 8",
      osVersion: deviceType === "ios" ? "17.5" : "15",
      deviceType,
      deviceLocale: "fr-DZ",
      timezone: "Africa/Algiers",
      // APNs tokens are 64 hex digits; FCM's are longer opaque strings.
      pushToken: deviceType === "ios" ? randomUUID().replaceAll("-", "").repeat(2) : `fcm-${randomUUID()}`,
      appVersion: "1.0.0",
      createdAt: testApp.clock.now(),
      updatedAt: testApp.clock.now(),
      ...overrides,
    })
    .returning();
  return row!;
}

// ---------------------------------------------------------------------------------------------------------
// Buying: catalog rows, price settings and coupons straight in the database.

/** Price settings (row 1): DZD per USD and the service fee. */
export async function setPriceSettings(
  testApp: TestApp,
  values: { dzdPerUsd?: string; serviceFeeDzdMinor?: number } = {},
): Promise<void> {
  const row = {
    id: 1,
    dzdPerUsd: values.dzdPerUsd ?? "135",
    markupBps: 3000,
    serviceFeeDzdMinor: values.serviceFeeDzdMinor ?? 0,
  };
  await testApp.db
    .insert(priceSettings)
    .values(row)
    .onConflictDoUpdate({
      target: priceSettings.id,
      set: { dzdPerUsd: row.dzdPerUsd, serviceFeeDzdMinor: row.serviceFeeDzdMinor },
    });
}

/** A destination (a country by default), kept as is when its code already exists. */
export async function createDestination(
  testApp: TestApp,
  overrides: Partial<typeof destinations.$inferInsert> = {},
): Promise<typeof destinations.$inferSelect> {
  const code = overrides.code ?? "TR";
  await testApp.db
    .insert(destinations)
    .values({
      code,
      type: "country",
      nameFr: "Turquie",
      nameEn: "Turkey",
      nameAr: "تركيا",
      memberCountries: [code],
      searchText: `turquie turkey ${code.toLowerCase()}`,
      ...overrides,
    })
    .onConflictDoNothing();
  const [row] = await testApp.db.select().from(destinations).where(eq(destinations.code, code));
  return row!;
}

/**
 * A plan on sale. By default one of the eSIM simulator's own packages (its code and cost), so the simulator accepts
 * the order when it is provisioned; the same simulator package always gives the same row.
 */
export async function createPackage(
  testApp: TestApp,
  overrides: Partial<typeof packages.$inferInsert> & { simulatorIndex?: number } = {},
): Promise<typeof packages.$inferSelect> {
  const { simulatorIndex = 0, ...columns } = overrides;
  const upstream = getSimulatorCatalogue().filter((pkg) => !pkg.isTopUp && pkg.destination.type === "country")[
    simulatorIndex
  ]!;
  const destination = await createDestination(testApp, { code: upstream.destination.code });
  const values = {
    upstreamCode: upstream.code,
    provider: "simulator",
    destinationCode: destination.code,
    name: upstream.name,
    dataMb: upstream.dataMb,
    isUnlimited: upstream.isUnlimited,
    dataType: upstream.dataType,
    validityDays: upstream.validityDays,
    validityStart: upstream.validityStart,
    coverage: upstream.coverage,
    networks: upstream.networks,
    supportsTopUp: upstream.supportsTopUp,
    costUsdE4: upstream.costUsdE4,
    retailDzdMinor: 1490_00,
    retailUsdMinor: 9_99,
    compareAtDzdMinor: null,
    compareAtUsdMinor: null,
    isActive: true,
    isTopUp: false,
    ...columns,
  };
  const [row] = await testApp.db
    .insert(packages)
    .values(values)
    .onConflictDoUpdate({ target: [packages.provider, packages.upstreamCode], set: values })
    .returning();
  return row!;
}

/** A coupon; code upper-case and unique unless given. */
/** The coupon's uses that count now (paid, or held by a checkout still open), as its limit and the console count. */
export async function countCouponUses(testApp: TestApp, couponId: string): Promise<number> {
  const [row] = await testApp.db
    .select({ count: sql<number>`count(*)::int` })
    .from(couponRedemptions)
    .where(
      and(
        eq(couponRedemptions.couponId, couponId),
        or(isNull(couponRedemptions.heldUntil), gt(couponRedemptions.heldUntil, testApp.deps.now())),
      ),
    );
  return row!.count;
}

export async function createCoupon(
  testApp: TestApp,
  overrides: Partial<typeof coupons.$inferInsert> = {},
): Promise<typeof coupons.$inferSelect> {
  const [row] = await testApp.db
    .insert(coupons)
    .values({
      code: `TEST${randomUUID().slice(0, 8).toUpperCase()}`,
      kind: "percent",
      percentOff: 10,
      maxUsesPerUser: 1,
      ...overrides,
    })
    .returning();
  return row!;
}
