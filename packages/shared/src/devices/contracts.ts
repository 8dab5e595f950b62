import * as z from "zod/mini";
import { displayText } from "../display-text.ts";
import { defineEndpoint } from "../http.ts";

export const DEVICE_TYPES = ["ios", "android", "web"] as const;
export type DeviceType = (typeof DEVICE_TYPES)[number];

/** Shown on the console's customer page: display text. */
const text = (max: number) => displayText({ error: "INVALID" }).check(z.maxLength(max, "INVALID"));
/** An opaque token, never shown. */
const token = (max: number) => z.string({ error: "INVALID" }).check(z.trim(), z.maxLength(max, "INVALID"));

/** The app's DEVICE_ID: the device record's `device_id`, and what sign-out names to stop this phone's pushes. */
export const deviceIdSchema = z
  .string({ error: "INVALID" })
  .check(z.trim(), z.minLength(1, "INVALID"), z.maxLength(200, "INVALID"));

/** The device record, field names as the apps send them. */
export const deviceRecordSchema = z.strictObject({
  device_id: deviceIdSchema,
  platform: text(40),
  model: text(120),
  os_version: text(60),
  device_type: z.enum(DEVICE_TYPES, { error: "INVALID" }),
  device_locale: text(35),
  timezone: text(64),
  push_token: z.optional(z.nullable(token(4096))),
  app_version: text(40),
});
export type DeviceRecord = z.input<typeof deviceRecordSchema>;

export const saveDevice = defineEndpoint({
  method: "POST",
  path: "/devices",
  auth: true,
  body: deviceRecordSchema,
  response: z.object({ data: z.object({ device_id: z.string(), updatedAt: z.string() }) }),
});
