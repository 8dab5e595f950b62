import * as z from "zod/mini";

/**
 * eSIM Access answers, validated at the boundary. Only the fields we use are declared; unknown ones are dropped.
 * Examples in the documentation show `success` both as a boolean and as the string "true", so both are read.
 */
const successFlag = z.pipe(
  z.union([z.boolean(), z.enum(["true", "false"])]),
  z.transform((value) => value === true || value === "true"),
);

export const envelopeSchema = z.object({
  success: successFlag,
  errorCode: z.nullish(z.union([z.string(), z.number()])),
  errorMsg: z.nullish(z.string()),
  errorMessage: z.nullish(z.string()),
  obj: z.nullish(z.unknown()),
});
export type EsimAccessEnvelope = z.output<typeof envelopeSchema>;

const operatorSchema = z.object({ operatorName: z.string(), networkType: z.nullish(z.string()) });

export const packageSchema = z.object({
  packageCode: z.string().check(z.minLength(1)),
  slug: z.nullish(z.string()),
  name: z.string(),
  /** USD × 10 000. */
  price: z.number().check(z.int(), z.minimum(0)),
  currencyCode: z.nullish(z.string()),
  /** Bytes; -1 when unlimited. */
  volume: z.number(),
  dataType: z.nullish(z.number()),
  /** 1: validity starts at installation; 2: at the first network connection. */
  activeType: z.nullish(z.number()),
  duration: z.number().check(z.int(), z.minimum(1)),
  durationUnit: z.nullish(z.string()),
  /** ISO2 codes, comma-separated. */
  location: z.string(),
  locationCode: z.nullish(z.string()),
  speed: z.nullish(z.string()),
  supportTopUpType: z.nullish(z.number()),
  fupPolicy: z.nullish(z.string()),
  ipExport: z.nullish(z.string()),
  locationNetworkList: z.nullish(
    z.array(
      z.object({
        locationName: z.nullish(z.string()),
        locationCode: z.nullish(z.string()),
        operatorList: z.nullish(z.array(operatorSchema)),
      }),
    ),
  ),
});
export type EsimAccessPackage = z.output<typeof packageSchema>;

/** The list as a whole; each package is validated alone (packageSchema), so one odd package drops only itself. */
export const packageListSchema = z.object({ packageList: z.array(z.unknown()) });

export const orderAnswerSchema = z.object({ orderNo: z.string().check(z.minLength(1)) });

/** One package applied to a profile (`esim/query` → `packageList`): the first plan and, after it, each top-up. */
const profilePackageSchema = z.object({
  packageCode: z.string(),
  packageName: z.nullish(z.string()),
  slug: z.nullish(z.string()),
  createTime: z.nullish(z.string()),
});

/**
 * A profile of `esim/query`. The documentation marks `iccid` optional and its example "Query with time period" shows
 * new profiles with `iccid: ""` and older ones with `ac: ""`: both are read as they come, and whether the profile can
 * be installed is decided when it is reshaped (an LPA activation code is what installs it).
 */
export const profileSchema = z.object({
  esimTranNo: z.string().check(z.minLength(1)),
  orderNo: z.string(),
  transactionId: z.nullish(z.string()),
  iccid: z.nullish(z.string()),
  /** `LPA:1$<SM-DP+>$<matching id>`, or "" when the upstream has none to give. */
  ac: z.nullish(z.string()),
  qrCodeUrl: z.nullish(z.string()),
  apn: z.nullish(z.string()),
  smdpStatus: z.string(),
  esimStatus: z.string(),
  /** 1: validity starts at installation; 2: at the first network connection (documented as a string or a number). */
  activeType: z.nullish(z.union([z.number(), z.string()])),
  expiredTime: z.nullish(z.string()),
  /** When the profile was installed on a phone, null before (documented in "Query with time period"). */
  installationTime: z.nullish(z.string()),
  /** When its days started (first connection for `activeType` 2), null before. */
  activateTime: z.nullish(z.string()),
  totalVolume: z.nullish(z.number()),
  orderUsage: z.nullish(z.number()),
  packageList: z.nullish(z.array(profilePackageSchema)),
});
export type EsimAccessProfile = z.output<typeof profileSchema>;

/** The list as a whole; each profile is validated alone (profileSchema). */
export const profileListSchema = z.object({ esimList: z.nullish(z.array(z.unknown())) });

export const usageListSchema = z.array(
  z.object({
    esimTranNo: z.string(),
    dataUsage: z.number(),
    totalData: z.nullish(z.number()),
    lastUpdateTime: z.nullish(z.string()),
  }),
);

/** `balance/query`: `obj.balance`, our prepaid account, in USD × 10 000 (eSIM Access's money unit). */
export const balanceSchema = z.object({ balance: z.number().check(z.int()) });
