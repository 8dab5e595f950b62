import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import plist from "plist";
import { APP_LINK_PATHS, NATIVE_APP_DEFAULTS } from "../../../packages/shared/src/native-app.ts";

// The app's identity inside the committed android/ and ios/ projects. `npm run native:sync` writes the
// configured values into the few places that hold them; `npm run native:check` (CI) fails when the projects
// and the configuration part ways, or when a deep-link or push declaration has gone missing.

export interface NativeAppConfig {
  appId: string;
  appName: string;
  scheme: string;
  linkHost: string;
}

/** The configuration: NATIVE_APP_ID, NATIVE_APP_NAME, NATIVE_LINK_HOST, else the shared defaults. */
export function nativeAppConfig(env: NodeJS.ProcessEnv = process.env): NativeAppConfig {
  return {
    appId: env.NATIVE_APP_ID || NATIVE_APP_DEFAULTS.appId,
    appName: env.NATIVE_APP_NAME || NATIVE_APP_DEFAULTS.appName,
    scheme: NATIVE_APP_DEFAULTS.scheme,
    linkHost: env.NATIVE_LINK_HOST || NATIVE_APP_DEFAULTS.linkHost,
  };
}

export const NATIVE_FILES = {
  gradle: "android/app/build.gradle",
  strings: "android/app/src/main/res/values/strings.xml",
  manifest: "android/app/src/main/AndroidManifest.xml",
  pbxproj: "ios/App/App.xcodeproj/project.pbxproj",
  infoPlist: "ios/App/App/Info.plist",
  entitlements: "ios/App/App/App.entitlements",
  appDelegate: "ios/App/App/AppDelegate.swift",
  iosStringsEn: "ios/App/App/en.lproj/InfoPlist.strings",
  iosStringsFr: "ios/App/App/fr.lproj/InfoPlist.strings",
  iosStringsAr: "ios/App/App/ar.lproj/InfoPlist.strings",
} as const;

type NativeFile = keyof typeof NATIVE_FILES;

const escapeXml = (text: string) => text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");
/** Android string resources also give ' and " a meaning of their own. */
const escapeAndroidString = (text: string) => escapeXml(text).replaceAll("'", "\\'").replaceAll('"', '\\"');
/** pbxproj values: bare when they are a plain word, else quoted. */
const pbxValue = (text: string) => (/^[A-Za-z0-9_./]+$/.test(text) ? text : `"${text.replaceAll('"', '\\"')}"`);

/** One value the projects hold: where it sits, and how to write it. */
interface ManagedValue {
  file: NativeFile;
  name: string;
  pattern: RegExp;
  /** The text that replaces each match. */
  render: (config: NativeAppConfig) => string;
  /** How many places hold it (both Xcode build configurations, for example). */
  count: number;
}

const androidString = (name: string, value: (config: NativeAppConfig) => string): ManagedValue => ({
  file: "strings",
  name: `strings.xml ${name}`,
  pattern: new RegExp(`<string name="${name}">[^<]*</string>`, "g"),
  render: (config) => `<string name="${name}">${escapeAndroidString(value(config))}</string>`,
  count: 1,
});

const xcodeSetting = (name: string, value: (config: NativeAppConfig) => string): ManagedValue => ({
  file: "pbxproj",
  name: `Xcode ${name}`,
  pattern: new RegExp(`^(\\t+)${name} = [^;]*;`, "gm"),
  render: (config) => `\t\t\t\t${name} = ${pbxValue(value(config))};`,
  count: 2,
});

const MANAGED_VALUES: ManagedValue[] = [
  {
    file: "gradle",
    name: "Android applicationId",
    pattern: /applicationId "[^"]*"/g,
    render: (config) => `applicationId "${config.appId}"`,
    count: 1,
  },
  {
    file: "gradle",
    name: "Android appLinkHost placeholder",
    pattern: /manifestPlaceholders = \[appLinkHost: "[^"]*"\]/g,
    render: (config) => `manifestPlaceholders = [appLinkHost: "${config.linkHost}"]`,
    count: 1,
  },
  androidString("app_name", (config) => config.appName),
  androidString("title_activity_main", (config) => config.appName),
  androidString("package_name", (config) => config.appId),
  androidString("custom_url_scheme", (config) => config.scheme),
  xcodeSetting("PRODUCT_BUNDLE_IDENTIFIER", (config) => config.appId),
  xcodeSetting("APP_LINK_HOST", (config) => config.linkHost),
  xcodeSetting("APP_URL_SCHEME", (config) => config.scheme),
  {
    file: "infoPlist",
    name: "iOS CFBundleDisplayName",
    pattern: /<key>CFBundleDisplayName<\/key>\s*<string>[^<]*<\/string>/g,
    render: (config) => `<key>CFBundleDisplayName</key>\n\t<string>${escapeXml(config.appName)}</string>`,
    count: 1,
  },
];

const readNative = (root: string, file: NativeFile) => readFileSync(join(root, NATIVE_FILES[file]), "utf8");

/** Writes the configuration into the projects; answers the files it changed. */
export function applyNativeConfig(root: string, config: NativeAppConfig): string[] {
  const changed = new Set<NativeFile>();
  const texts = new Map<NativeFile, string>();
  for (const value of MANAGED_VALUES) {
    const before = texts.get(value.file) ?? readNative(root, value.file);
    const matches = before.match(value.pattern) ?? [];
    if (matches.length !== value.count) {
      throw new Error(`${NATIVE_FILES[value.file]}: expected ${value.count} ${value.name}, found ${matches.length}`);
    }
    const after = before.replace(value.pattern, () => value.render(config));
    texts.set(value.file, after);
    if (after !== before) changed.add(value.file);
  }
  for (const file of changed) writeFileSync(join(root, NATIVE_FILES[file]), texts.get(file)!);
  return [...changed].map((file) => NATIVE_FILES[file]);
}

/** Everything in the projects that disagrees with the configuration or is missing; empty when all is well. */
export function checkNativeConfig(root: string, config: NativeAppConfig): string[] {
  const problems: string[] = [];
  const texts = new Map<NativeFile, string>();
  const text = (file: NativeFile) => {
    if (!texts.has(file)) texts.set(file, readNative(root, file));
    return texts.get(file)!;
  };
  const expect = (condition: boolean, problem: string) => {
    if (!condition) problems.push(problem);
  };

  for (const value of MANAGED_VALUES) {
    const found = text(value.file).match(value.pattern) ?? [];
    const wanted = value.render(config).trim();
    const agreeing = found.filter((match) => match.trim().replace(/\s+/g, " ") === wanted.replace(/\s+/g, " "));
    expect(
      found.length === value.count && agreeing.length === value.count,
      `${NATIVE_FILES[value.file]}: ${value.name} is not ${JSON.stringify(wanted)}`,
    );
  }

  // Android: a verified App Link filter for the host and every screen path, the custom scheme, notifications.
  const filters = text("manifest").match(/<intent-filter[\s\S]*?<\/intent-filter>/g) ?? [];
  const appLinks = filters.find((filter) => /android:autoVerify="true"/.test(filter));
  expect(appLinks !== undefined, 'AndroidManifest.xml: no intent filter with android:autoVerify="true"');
  if (appLinks) {
    for (const needed of [
      'android:name="android.intent.action.VIEW"',
      'android:name="android.intent.category.BROWSABLE"',
      'android:scheme="https"',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a Gradle manifest placeholder, not a JS template.
      'android:host="${appLinkHost}"',
      ...APP_LINK_PATHS.map((path) => `android:path="${path}"`),
    ]) {
      expect(appLinks.includes(needed), `AndroidManifest.xml: the App Link filter lacks ${needed}`);
    }
  }
  expect(
    filters.some((filter) => filter.includes('android:scheme="@string/custom_url_scheme"')),
    "AndroidManifest.xml: no intent filter for the custom scheme",
  );
  expect(
    text("manifest").includes('android:name="android.permission.POST_NOTIFICATIONS"'),
    "AndroidManifest.xml: POST_NOTIFICATIONS is not declared",
  );
  expect(
    /android:launchMode="singleTask"/.test(text("manifest")),
    "AndroidManifest.xml: MainActivity must be singleTask, or a deep link opens a second copy of the app",
  );

  // iOS: the URL type of the custom scheme, the associated domain, push, and the delegate calls Capacitor needs.
  const info = plist.parse(text("infoPlist")) as {
    CFBundleURLTypes?: Array<{ CFBundleURLSchemes?: string[] }>;
    UIBackgroundModes?: string[];
    NSPhotoLibraryAddUsageDescription?: string;
  };
  expect(
    (info.CFBundleURLTypes ?? []).some((type) => type.CFBundleURLSchemes?.includes("$(APP_URL_SCHEME)")),
    "Info.plist: no CFBundleURLTypes entry for $(APP_URL_SCHEME)",
  );
  expect(
    (info.UIBackgroundModes ?? []).includes("remote-notification"),
    "Info.plist: remote-notification background mode missing",
  );
  expect(
    Boolean(info.NSPhotoLibraryAddUsageDescription),
    "Info.plist: NSPhotoLibraryAddUsageDescription missing (saving the install QR to Photos would crash the app)",
  );
  for (const file of ["iosStringsEn", "iosStringsFr", "iosStringsAr"] as const) {
    expect(
      /"NSPhotoLibraryAddUsageDescription" = "[^"]+";/.test(text(file)),
      `${NATIVE_FILES[file]}: the Photos usage text is not translated`,
    );
  }
  const entitlements = plist.parse(text("entitlements")) as Record<string, unknown>;
  expect(
    (entitlements["com.apple.developer.associated-domains"] as string[] | undefined)?.includes(
      "applinks:$(APP_LINK_HOST)",
    ) === true,
    "App.entitlements: associated domain applinks:$(APP_LINK_HOST) missing",
  );
  expect(typeof entitlements["aps-environment"] === "string", "App.entitlements: aps-environment missing");
  expect(
    (text("pbxproj").match(/CODE_SIGN_ENTITLEMENTS = App\/App\.entitlements;/g) ?? []).length === 2,
    "project.pbxproj: both configurations must sign with App/App.entitlements",
  );
  for (const call of [
    "ApplicationDelegateProxy.shared.application(app, open: url",
    "ApplicationDelegateProxy.shared.application(application, continue: userActivity",
    ".capacitorDidRegisterForRemoteNotifications",
    ".capacitorDidFailToRegisterForRemoteNotifications",
  ]) {
    expect(text("appDelegate").includes(call), `AppDelegate.swift: ${call} missing`);
  }
  return problems;
}
