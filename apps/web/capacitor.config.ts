import type { CapacitorConfig } from "@capacitor/cli";
import { NATIVE_APP_DEFAULTS } from "../../packages/shared/src/native-app.ts";

// The native apps wrap the built web app: dist-native/, dist/ without the files only the server answers, written by
// `npm run native:sync` before `cap sync` (build-tools/native-web-dir.ts, decision 100). App id and name come from
// configuration (NATIVE_APP_ID, NATIVE_APP_NAME); `npm run native:sync` writes them into android/ and ios/.
const config: CapacitorConfig = {
  appId: process.env.NATIVE_APP_ID || NATIVE_APP_DEFAULTS.appId,
  appName: process.env.NATIVE_APP_NAME || NATIVE_APP_DEFAULTS.appName,
  webDir: "dist-native",
  plugins: {
    PushNotifications: { presentationOptions: ["badge", "sound", "alert"] },
  },
};

export default config;
