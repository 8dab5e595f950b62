import type { DeviceRow } from "./devices.repo.ts";

/** The answer to POST /devices: which record was saved, and when. */
export function presentSavedDevice(device: DeviceRow) {
  return { data: { device_id: device.deviceId, updatedAt: device.updatedAt.toISOString() } };
}
