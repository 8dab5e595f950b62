import type { deviceRecordSchema } from "@esim/shared/devices/contracts";
import type * as z from "zod/mini";
import type { AppDeps } from "../../lib/deps.ts";
import { type DeviceRow, upsertDevice } from "./devices.repo.ts";

/** One record per user and device_id: sending it again updates it (idempotent). */
export async function saveDevice(
  deps: AppDeps,
  options: { userId: string; device: z.output<typeof deviceRecordSchema> },
): Promise<DeviceRow> {
  const { device } = options;
  return upsertDevice(deps.db, {
    userId: options.userId,
    deviceId: device.device_id,
    platform: device.platform,
    model: device.model,
    osVersion: device.os_version,
    deviceType: device.device_type,
    deviceLocale: device.device_locale,
    timezone: device.timezone,
    appVersion: device.app_version,
    pushToken: device.push_token,
    now: deps.now(),
  });
}
