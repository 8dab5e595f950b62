// The Capacitor 7 plugins the native apps use, imported only through loadNativePlugins() in platform.ts.
export { App } from "@capacitor/app";
export { Browser } from "@capacitor/browser";
export { Device } from "@capacitor/device";
export { Preferences } from "@capacitor/preferences";
export { PushNotifications } from "@capacitor/push-notifications";
export { StatusBar, Style as StatusBarStyle } from "@capacitor/status-bar";
