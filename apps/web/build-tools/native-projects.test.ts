import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { applyNativeConfig, checkNativeConfig, NATIVE_FILES, nativeAppConfig } from "./native-projects.ts";

const webRoot = join(import.meta.dirname, "..");
const OTHER = {
  appId: "com.example.travel",
  appName: "Voyage & Co",
  scheme: "esimstore",
  linkHost: "links.example.com",
};

let copies: string[] = [];
afterEach(() => {
  for (const copy of copies) rmSync(copy, { recursive: true, force: true });
  copies = [];
});

/** The managed files of the committed projects, copied so a test may change them. */
function copyProjects(): string {
  const root = mkdtempSync(join(tmpdir(), "native-projects-"));
  copies.push(root);
  for (const file of Object.values(NATIVE_FILES)) {
    cpSync(join(webRoot, file), join(root, file), { recursive: true });
  }
  return root;
}

function edit(root: string, file: string, change: (text: string) => string): void {
  const path = join(root, file);
  writeFileSync(path, change(readFileSync(path, "utf8")));
}

describe("native projects", () => {
  it("the committed android/ and ios/ match the default configuration, deep links and push included", () => {
    expect(checkNativeConfig(webRoot, nativeAppConfig({}))).toEqual([]);
  });

  it("configuration comes from NATIVE_APP_ID, NATIVE_APP_NAME and NATIVE_LINK_HOST", () => {
    expect(
      nativeAppConfig({ NATIVE_APP_ID: OTHER.appId, NATIVE_APP_NAME: OTHER.appName, NATIVE_LINK_HOST: OTHER.linkHost }),
    ).toEqual(OTHER);
  });

  it("sync writes another app id, name and link host into both projects, and a second run changes nothing", () => {
    const root = copyProjects();
    expect(applyNativeConfig(root, OTHER).sort()).toEqual(
      [NATIVE_FILES.gradle, NATIVE_FILES.strings, NATIVE_FILES.pbxproj, NATIVE_FILES.infoPlist].sort(),
    );
    expect(checkNativeConfig(root, OTHER)).toEqual([]);
    expect(applyNativeConfig(root, OTHER)).toEqual([]);

    const gradle = readFileSync(join(root, NATIVE_FILES.gradle), "utf8");
    expect(gradle).toContain('applicationId "com.example.travel"');
    expect(gradle).toContain('manifestPlaceholders = [appLinkHost: "links.example.com"]');
    expect(readFileSync(join(root, NATIVE_FILES.strings), "utf8")).toContain(
      '<string name="app_name">Voyage &amp; Co</string>',
    );
    const pbxproj = readFileSync(join(root, NATIVE_FILES.pbxproj), "utf8");
    expect(pbxproj.match(/PRODUCT_BUNDLE_IDENTIFIER = com\.example\.travel;/g)).toHaveLength(2);
    expect(pbxproj.match(/APP_LINK_HOST = links\.example\.com;/g)).toHaveLength(2);
  });

  it("a project left on another configuration is reported, value by value", () => {
    const root = copyProjects();
    applyNativeConfig(root, OTHER);
    const problems = checkNativeConfig(root, nativeAppConfig({}));
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringContaining("Android applicationId"),
        expect.stringContaining("Android appLinkHost placeholder"),
        expect.stringContaining("Xcode PRODUCT_BUNDLE_IDENTIFIER"),
        expect.stringContaining("Xcode APP_LINK_HOST"),
        expect.stringContaining("iOS CFBundleDisplayName"),
      ]),
    );
  });

  it("a lost App Link verification, screen path, URL type or associated domain is reported", () => {
    const root = copyProjects();
    edit(root, NATIVE_FILES.manifest, (text) => text.replace(' android:autoVerify="true"', ""));
    edit(root, NATIVE_FILES.entitlements, (text) => text.replace("applinks:$(APP_LINK_HOST)", "applinks:example.org"));
    edit(root, NATIVE_FILES.infoPlist, (text) =>
      text
        .replace("<string>$(APP_URL_SCHEME)</string>", "")
        .replace(/<key>NSPhotoLibraryAddUsageDescription<\/key>\s*<string>[^<]*<\/string>/, ""),
    );
    expect(checkNativeConfig(root, nativeAppConfig({}))).toEqual([
      'AndroidManifest.xml: no intent filter with android:autoVerify="true"',
      "Info.plist: no CFBundleURLTypes entry for $(APP_URL_SCHEME)",
      "Info.plist: NSPhotoLibraryAddUsageDescription missing (saving the install QR to Photos would crash the app)",
      "App.entitlements: associated domain applinks:$(APP_LINK_HOST) missing",
    ]);

    const untranslated = copyProjects();
    edit(untranslated, NATIVE_FILES.iosStringsAr, () => "");
    expect(checkNativeConfig(untranslated, nativeAppConfig({}))).toEqual([
      "ios/App/App/ar.lproj/InfoPlist.strings: the Photos usage text is not translated",
    ]);

    const second = copyProjects();
    edit(second, NATIVE_FILES.manifest, (text) => text.replace('<data android:path="/failure" />', ""));
    expect(checkNativeConfig(second, nativeAppConfig({}))).toEqual([
      'AndroidManifest.xml: the App Link filter lacks android:path="/failure"',
    ]);
  });

  it("a project that lost a value it should hold cannot be synced silently", () => {
    const root = copyProjects();
    edit(root, NATIVE_FILES.gradle, (text) => text.replace(/\s*manifestPlaceholders = .*\n/, "\n"));
    expect(() => applyNativeConfig(root, OTHER)).toThrow(/expected 1 Android appLinkHost placeholder, found 0/);
  });
});
