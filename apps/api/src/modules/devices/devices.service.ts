import type { deviceRecordSchema } from "@esim/shared/devices/contracts";
import type * as z from "zod/mini";
import type { AppDeps } from "../../lib/deps.ts";
import { type DeviceRow, lockPushToken, releasePushToken, upsertDevice } from "./devices.repo.ts";

/**
 * One record per user and device_id: sending it again updates it (idempotent). A push token belongs to one record:
 * saving it takes it from every other record, another user's included, so a phone passed on or signed into another
 * account stops receiving the previous owner's alerts, and a reinstalled app (a new device_id) gets each alert once.
 */
export async function saveDevice(
  deps: AppDeps,
  options: { userId: string; device: z.output<typeof deviceRecordSchema> },
): Promise<DeviceRow> {
  const { device, userId } = options;
  const now = deps.now();
  // An empty token is no token: the app lost its registration.
  const token = device.push_token === "" ? null : device.push_token;
  return deps.db.transaction(async (tx) => {
    if (token) {
      await lockPushToken(tx, token);
      await releasePushToken(tx, { token, userId, deviceId: device.device_id, now });
    }
    return upsertDevice(tx, {
      userId,
      deviceId: device.device_id,
      platform: device.platform,
      model: device.model,
      osVersion: device.os_version,
      deviceType: device.device_type,
      deviceLocale: device.device_locale,
      timezone: device.timezone,
      appVersion: device.app_version,
      pushToken: token,
      now,
    });
  });
}
