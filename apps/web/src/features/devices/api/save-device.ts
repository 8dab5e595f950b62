import { type DeviceRecord, saveDevice as saveDeviceEndpoint } from "@esim/shared/devices/contracts";
import { callApi } from "../../../lib/api-client.ts";

/** `POST /devices`: upserts this device for the signed-in user. */
export function saveDevice(record: DeviceRecord) {
  return callApi(saveDeviceEndpoint, { body: record });
}
