import type { CapacitorConfig } from "@capacitor/cli";
import { NATIVE_APP_DEFAULTS } from "../../packages/shared/src/native-app.ts";

// The native apps wrap the built web app (dist/). App id and name come from configuration
// (NATIVE_APP_ID, NATIVE_APP_NAME); `npm run native:sync` writes them into android/ and ios/.
const config: CapacitorConfig = {
  appId: process.env.NATIVE_APP_ID || NATIVE_APP_DEFAULTS.appId,
  appName: process.env.NATIVE_APP_NAME || NATIVE_APP_DEFAULTS.appName,
  webDir: "dist",
  plugins: {
    PushNotifications: { presentationOptions: ["badge", "sound", "alert"] },
  },
};

export default config;
