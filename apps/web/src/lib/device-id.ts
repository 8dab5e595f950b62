import { isNativePlatform, loadNativePlugins } from "./platform.ts";
import { readOrCreateDeviceId } from "./storage.ts";

// This device's id, as its record (features/devices) and sign-out (features/auth) both name it.

/** The system's id of the phone (trimmed, within the contract's 200 characters), else the stored DEVICE_ID. */
export async function deviceIdOf(systemId: { identifier?: string } | undefined): Promise<string> {
  return (systemId?.identifier?.trim() || (await readOrCreateDeviceId())).slice(0, 200);
}

/**
 * The device_id this device's record carries: the system's on iOS and Android, the stored DEVICE_ID on the web.
 * Sign-out names it so the phone stops receiving the account's pushes.
 */
export async function readThisDeviceId(): Promise<string> {
  if (!isNativePlatform()) return readOrCreateDeviceId();
  try {
    const { Device } = await loadNativePlugins();
    return deviceIdOf(await Device.getId());
  } catch (error) {
    console.warn("Reading the device id failed", error);
    return readOrCreateDeviceId();
  }
}
