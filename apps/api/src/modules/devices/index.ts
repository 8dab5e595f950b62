// Devices: the device records of the apps and the browser, and pushes to a user's phones.
export { clearDevicePushToken, deleteUserDevices, listUserDeviceIds } from "./devices.repo.ts";
export { devicesRoutes } from "./devices.routes.ts";
export { devicesJobs, type PushNotification, pushToUser, queuePushToUser } from "./pushes.service.ts";
