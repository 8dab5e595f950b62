import * as z from "zod/mini";
import { deviceIdSchema } from "../devices/contracts.ts";
import { emailSchema, languageSchema, signInCodeSchema } from "../fields.ts";
import { defineEndpoint } from "../http.ts";
import { CURRENCIES, LANGUAGES } from "../locale.ts";

/** Seconds a user must wait before asking for another sign-in code. */
export const CODE_RESEND_SECONDS = 60;
/** Minutes a sign-in code stays valid. */
export const CODE_TTL_MINUTES = 10;
/** Wrong tries that burn a sign-in code. */
export const CODE_MAX_TRIES = 5;

/** The signed-in user as `/auth/me` and the profile endpoints answer it. */
export const meSchema = z.object({
  name: z.nullable(z.string()),
  email: z.string(),
  phone: z.nullable(z.string()),
  country: z.nullable(z.string()),
  verified: z.boolean(),
  language: z.enum(LANGUAGES),
  currency: z.enum(CURRENCIES),
});
export type Me = z.output<typeof meSchema>;

/**
 * An account may enter the shop once it has a name and a country (asked right after the first code). The server
 * answers it at sign-in and `/auth/me` carries both, so the app asks again after a reload instead of trusting a step
 * it kept in memory.
 */
export function isProfileComplete(account: { name: string | null; country: string | null }): boolean {
  return Boolean(account.name && account.country);
}

export const meResponseSchema = z.object({ data: meSchema });

export const codeSentResponseSchema = z.object({
  data: z.object({ sent: z.literal(true), resendAfterSeconds: z.number() }),
});
export type CodeSent = z.output<typeof codeSentResponseSchema>["data"];

export const requestCode = defineEndpoint({
  method: "POST",
  path: "/auth/code",
  auth: false,
  body: z.strictObject({ email: emailSchema, language: z.optional(languageSchema) }),
  response: codeSentResponseSchema,
});

export const verifyCode = defineEndpoint({
  method: "POST",
  path: "/auth/verify",
  auth: false,
  body: z.strictObject({ email: emailSchema, code: signInCodeSchema }),
  response: z.object({ data: z.object({ token: z.string(), isProfileComplete: z.boolean() }) }),
});

/**
 * Ends this session. A native app names its DEVICE_ID (`deviceId`, the device record's `device_id`) so that phone
 * stops receiving the account's pushes; the body may be left out.
 */
export const logout = defineEndpoint({
  method: "POST",
  path: "/auth/logout",
  auth: true,
  // Nullish: Fastify validates a missing body as null.
  body: z.nullish(z.strictObject({ deviceId: z.optional(deviceIdSchema) })),
  response: undefined,
});

export const getMe = defineEndpoint({
  method: "GET",
  path: "/auth/me",
  auth: true,
  body: undefined,
  response: meResponseSchema,
});
