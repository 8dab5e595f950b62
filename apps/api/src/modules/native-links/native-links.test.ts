import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { APP_LINK_PATHS, NATIVE_APP_DEFAULTS } from "@esim/shared/native-app";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../config.ts";
import { createTestApp } from "../../test/test-app.ts";

const FINGERPRINT_A = Array.from({ length: 32 }, (_, index) => index.toString(16).padStart(2, "0")).join(":");
const FINGERPRINT_B = "FA:".repeat(31).concat("CE");

// A built web app, so the test shows the app shell's fallback does not answer these paths.
const distDir = await mkdtemp(path.join(tmpdir(), "esim-web-dist-"));
await writeFile(path.join(distDir, "index.html"), "<!doctype html><title>eSIM</title><div id=root></div>");

const unconfigured = await createTestApp({ config: { WEB_DIST_DIR: distDir } });
// Read as the environment would give them: a comma-separated list, lower-case hex normalised.
const linkSettings = loadConfig({
  ANDROID_CERT_SHA256: `${FINGERPRINT_A}, ${FINGERPRINT_B}`,
  APPLE_TEAM_ID: "ABCDE12345",
  NATIVE_APP_ID: "dz.esimstore.beta",
});
const configured = await createTestApp({
  config: {
    WEB_DIST_DIR: distDir,
    ANDROID_CERT_SHA256: linkSettings.ANDROID_CERT_SHA256,
    APPLE_TEAM_ID: linkSettings.APPLE_TEAM_ID,
    NATIVE_APP_ID: linkSettings.NATIVE_APP_ID,
  },
});

function get(testApp: typeof configured, url: string) {
  return testApp.app.inject({ method: "GET", url });
}

describe("GET /.well-known/assetlinks.json", () => {
  it("answers NATIVE_LINKS_NOT_CONFIGURED without signing certificates, never the app shell", async () => {
    const response = await get(unconfigured, "/.well-known/assetlinks.json");
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe("NATIVE_LINKS_NOT_CONFIGURED");
  });

  it("lets the app signed with the configured certificates open the site's links", async () => {
    const response = await get(configured, "/.well-known/assetlinks.json");

    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^application\/json/);
    expect(response.headers["cache-control"]).toBe("public, max-age=3600");
    expect(response.json()).toEqual([
      {
        relation: ["delegate_permission/common.handle_all_urls"],
        target: {
          namespace: "android_app",
          package_name: "dz.esimstore.beta",
          sha256_cert_fingerprints: [FINGERPRINT_A.toUpperCase(), FINGERPRINT_B],
        },
      },
    ]);
  });
});

describe("GET /.well-known/apple-app-site-association", () => {
  it("answers NATIVE_LINKS_NOT_CONFIGURED without a team id", async () => {
    const response = await get(unconfigured, "/.well-known/apple-app-site-association");
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe("NATIVE_LINKS_NOT_CONFIGURED");
  });

  it("names the team's app and the deep-link paths, in the current and the iOS 12 forms", async () => {
    const response = await get(configured, "/.well-known/apple-app-site-association");

    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^application\/json/);
    expect(response.headers.location).toBeUndefined();
    expect(response.json()).toEqual({
      applinks: {
        apps: [],
        details: [
          {
            appIDs: ["ABCDE12345.dz.esimstore.beta"],
            components: APP_LINK_PATHS.map((linkPath) => ({ "/": linkPath })),
            appID: "ABCDE12345.dz.esimstore.beta",
            paths: [...APP_LINK_PATHS],
          },
        ],
      },
    });
    expect(response.json().applinks.details[0].components).toContainEqual({ "/": "/success" });
  });
});

describe("other /.well-known/ paths", () => {
  it("answer ROUTE_NOT_FOUND instead of the app shell", async () => {
    const response = await get(configured, "/.well-known/security.txt");
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe("ROUTE_NOT_FOUND");
  });
});

describe("configuration", () => {
  it("defaults the app id to the native projects' and refuses malformed fingerprints and team ids", () => {
    expect(loadConfig({}).NATIVE_APP_ID).toBe(NATIVE_APP_DEFAULTS.appId);
    expect(() => loadConfig({ ANDROID_CERT_SHA256: "AA:BB" })).toThrow(/ANDROID_CERT_SHA256="AA:BB"/);
    expect(() => loadConfig({ APPLE_TEAM_ID: "abc" })).toThrow(/APPLE_TEAM_ID/);
    expect(() => loadConfig({ NATIVE_APP_ID: "esim store" })).toThrow(/NATIVE_APP_ID/);
  });
});
