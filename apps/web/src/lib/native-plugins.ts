// The Capacitor 7 plugins the native apps use, imported only through loadNativePlugins() in platform.ts.
export { App } from "@capacitor/app";
export { Browser } from "@capacitor/browser";
export { Device } from "@capacitor/device";
export { Directory, Filesystem } from "@capacitor/filesystem";
export { Preferences } from "@capacitor/preferences";
export { PushNotifications } from "@capacitor/push-notifications";
export { Share } from "@capacitor/share";
export { StatusBar, Style as StatusBarStyle } from "@capacitor/status-bar";
