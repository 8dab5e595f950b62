import { generateKeyPairSync, randomBytes } from "node:crypto";
import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, estimatedBits, loadConfig } from "./config.ts";
import { PRODUCTION_SETTINGS } from "./test/production-settings.ts";

function loadError(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error("the configuration loaded");
}

describe("loadConfig", () => {
  it("stops on a bad port with a message naming the variable and its value", () => {
    expect(loadError({ PORT: "eighty" })).toMatch(/PORT="eighty": must be a port number/);
    expect(loadError({ EMBEDDED_PG_PORT: "70000" })).toMatch(/EMBEDDED_PG_PORT="70000"/);
  });

  it("stops on a DATABASE_URL that is not PostgreSQL and an SMTP_URL that is not SMTP", () => {
    const message = loadError({ DATABASE_URL: "mysql://db/esim", SMTP_URL: "http://mail" });
    expect(message).toContain("DATABASE_URL=");
    expect(message).toContain("SMTP_URL=");
  });

  it("stops on an unknown NODE_ENV or a boolean that is not one", () => {
    expect(loadError({ NODE_ENV: "staging" })).toContain("NODE_ENV=");
    expect(loadError({ TRUST_PROXY: "yes" })).toContain("TRUST_PROXY=");
  });

  it("refuses production without SMTP_URL, naming SMTP_URL: the dev mailbox would show every code", () => {
    expect(loadError({ NODE_ENV: "production" })).toContain("SMTP_URL");
    expect(loadConfig(PRODUCTION_SETTINGS)).toMatchObject({ NODE_ENV: "production" });
  });

  it("refuses the sandbox payment gateway in production: it would give eSIMs away", () => {
    const error = loadError({ NODE_ENV: "production", SMTP_URL: "smtps://user:pass@mail.example.com:465" });
    expect(error).toContain("PAYMENT_PROVIDER");
  });

  it("defaults PUBLIC_URL to this server's own port, so the gateway returns to and calls the right address", () => {
    expect(loadConfig({ PORT: "9000" }).PUBLIC_URL).toBe("http://localhost:9000");
    expect(loadConfig({}).PUBLIC_URL).toBe("http://localhost:8080");
    expect(loadConfig({ PORT: "9000", PUBLIC_URL: "https://shop.example.dz" }).PUBLIC_URL).toBe(
      "https://shop.example.dz",
    );
  });

  it("keeps PUBLIC_URL without a trailing slash, once for every link built from it", () => {
    expect(loadConfig({ PUBLIC_URL: "https://shop.example.dz/" }).PUBLIC_URL).toBe("https://shop.example.dz");
    expect(loadConfig({ PUBLIC_URL: "https://example.dz/shop//" }).PUBLIC_URL).toBe("https://example.dz/shop");
  });

  it("refuses in production a published default secret, a PUBLIC_URL that is not public https, and the local twins, naming each", () => {
    const message = loadError({
      NODE_ENV: "production",
      SMTP_URL: "smtps://user:pass@mail.example.com:465",
      PAYMENT_PROVIDER: "chargily",
      CHARGILY_SECRET_KEY: PRODUCTION_SETTINGS.CHARGILY_SECRET_KEY,
      CHARGILY_BASE_URL: "https://pay.chargily.net/test/api/v2",
    });
    expect(message).toContain("ESIM_WEBHOOK_TOKEN");
    expect(message).toContain("PUBLIC_URL");
    expect(message).toContain("ESIM_PROVIDER");
    expect(message).toContain("CHARGILY_BASE_URL");
    expect(loadError({ NODE_ENV: "production", PUBLIC_URL: "https://localhost:8443" })).toMatch(
      /PUBLIC_URL=.*localhost/,
    );
    expect(loadError({ NODE_ENV: "production", PUBLIC_URL: "http://shop.example.dz" })).toMatch(/PUBLIC_URL=.*https/);
    expect(loadError({ NODE_ENV: "production", ESIM_WEBHOOK_TOKEN: "local-esim-webhook-token" })).toContain(
      "ESIM_WEBHOOK_TOKEN",
    );
    expect(message).toContain("OPERATOR_TOTP_KEY");
  });

  it("asks for the provider credentials the chosen providers need", () => {
    expect(loadError({ ESIM_PROVIDER: "esim-access" })).toContain("ESIM_ACCESS_ACCESS_CODE");
    expect(loadError({ PAYMENT_PROVIDER: "chargily" })).toContain("CHARGILY_SECRET_KEY");
  });

  it("starts with defaults on an empty environment, treating empty values as unset", () => {
    const config = loadConfig({ PORT: "", SMTP_URL: "" });
    expect(config).toMatchObject({
      NODE_ENV: "development",
      PORT: 8080,
      HOST: "localhost",
      SESSION_TTL_DAYS: 30,
      RATE_LIMIT_PER_MINUTE: 300,
      TRUST_PROXY: false,
    });
    expect(config.SMTP_URL).toBeUndefined();
  });

  it("runs web and worker together by default; a split role needs the shared DATABASE_URL; an unknown role stops", () => {
    expect(loadConfig({}).PROCESS_ROLE).toBe("all");
    expect(loadError({ PROCESS_ROLE: "web" })).toContain("DATABASE_URL: is required when PROCESS_ROLE=web");
    expect(loadError({ PROCESS_ROLE: "worker" })).toContain("DATABASE_URL: is required when PROCESS_ROLE=worker");
    expect(loadConfig({ PROCESS_ROLE: "worker", DATABASE_URL: "postgres://db/esim" }).PROCESS_ROLE).toBe("worker");
    expect(loadError({ PROCESS_ROLE: "cron" })).toContain('PROCESS_ROLE="cron": must be web, worker or all');
  });

  it("warns of a low upstream balance under $100 by default, and takes any amount of dollars but a negative one", () => {
    expect(loadConfig({})).toMatchObject({ UPSTREAM_LOW_BALANCE_USD: 100, SIMULATOR_BALANCE_USD: 1000 });
    expect(loadConfig({ UPSTREAM_LOW_BALANCE_USD: "250.5" }).UPSTREAM_LOW_BALANCE_USD).toBe(250.5);
    expect(loadError({ UPSTREAM_LOW_BALANCE_USD: "-1" })).toContain('UPSTREAM_LOW_BALANCE_USD="-1"');
    expect(loadError({ SIMULATOR_BALANCE_USD: "lots" })).toContain('SIMULATOR_BALANCE_USD="lots"');
  });
});

describe("production secrets", () => {
  const weakValues = {
    ESIM_WEBHOOK_TOKEN: ["a".repeat(16), "ab".repeat(12), "CHANGE-ME-with-openssl-rand-hex-24-output", "short"],
    OPERATOR_TOTP_KEY: ["a".repeat(32), "abcd".repeat(8), "CHANGE-ME-with-openssl-rand-hex-32-output"],
    METRICS_TOKEN: ["a".repeat(16), "0123".repeat(6)],
    ESIM_ACCESS_SECRET: ["x".repeat(20), "CHANGE-ME"],
    CHARGILY_SECRET_KEY: [
      "x",
      `live_sk_${"a".repeat(30)}`,
      "live_sk_CHANGE-ME",
      "test_sk_9fQ2xL7mR4tW8zK1bN6cV3hJ5dS0gP",
    ],
  };

  it("refuses a weak value of each secret, naming the setting and what it needs, never the value", () => {
    for (const [name, values] of Object.entries(weakValues)) {
      for (const value of values) {
        const message = loadError({ ...PRODUCTION_SETTINGS, [name]: value });
        expect(message, `${name}=${value}`).toMatch(new RegExp(`${name}(: |=).*(too weak|live secret key|at least)`));
        expect(message, `${name}=${value}`).not.toContain(value);
      }
    }
  });

  it("accepts values generated as the guide says (openssl rand -hex) and a live Chargily key", () => {
    const generated = (bytes: number) => randomBytes(bytes).toString("hex");
    for (let attempt = 0; attempt < 20; attempt++) {
      const config = loadConfig({
        ...PRODUCTION_SETTINGS,
        ESIM_WEBHOOK_TOKEN: generated(24),
        OPERATOR_TOTP_KEY: generated(32),
        METRICS_TOKEN: generated(32),
        ESIM_ACCESS_SECRET: generated(16),
        CHARGILY_SECRET_KEY: `live_sk_${randomBytes(30).toString("base64url")}`,
      });
      expect(config.NODE_ENV).toBe("production");
    }
  });

  it("keeps weak secrets outside production, where the published local values are the defaults", () => {
    expect(loadConfig({ ESIM_WEBHOOK_TOKEN: "a".repeat(16), CHARGILY_SECRET_KEY: "x" }).ESIM_WEBHOOK_TOKEN).toBe(
      "a".repeat(16),
    );
  });

  it("estimates a repeated character at no bits and a hex secret at about 4 bits a character", () => {
    expect(estimatedBits("a".repeat(32))).toBe(0);
    expect(estimatedBits("ab".repeat(16))).toBe(32);
    expect(estimatedBits(randomBytes(24).toString("hex"))).toBeGreaterThan(150);
  });
});

describe("listening address, API pages and request timeouts", () => {
  it("listens on localhost outside production and on every address in production, unless HOST says otherwise", () => {
    expect(loadConfig({}).HOST).toBe("localhost");
    expect(loadConfig({ NODE_ENV: "test" }).HOST).toBe("localhost");
    expect(loadConfig(PRODUCTION_SETTINGS).HOST).toBe("0.0.0.0");
    expect(loadConfig({ HOST: "0.0.0.0" }).HOST).toBe("0.0.0.0");
    expect(loadConfig({ ...PRODUCTION_SETTINGS, HOST: "127.0.0.1" }).HOST).toBe("127.0.0.1");
  });

  it("shows the API pages outside production, and in production only with API_DOCS=true", () => {
    expect(loadConfig({}).API_DOCS).toBe(true);
    expect(loadConfig(PRODUCTION_SETTINGS).API_DOCS).toBe(false);
    expect(loadConfig({ ...PRODUCTION_SETTINGS, API_DOCS: "true" }).API_DOCS).toBe(true);
    expect(loadConfig({ API_DOCS: "false" }).API_DOCS).toBe(false);
  });

  it("gives a request 30 s and its headers 15 s by default, and refuses a headers timeout above the request's", () => {
    expect(loadConfig({})).toMatchObject({ REQUEST_TIMEOUT_SECONDS: 30, HEADERS_TIMEOUT_SECONDS: 15 });
    expect(loadError({ REQUEST_TIMEOUT_SECONDS: "10", HEADERS_TIMEOUT_SECONDS: "20" })).toContain(
      "HEADERS_TIMEOUT_SECONDS",
    );
    expect(loadError({ REQUEST_TIMEOUT_SECONDS: "0" })).toContain("REQUEST_TIMEOUT_SECONDS");
  });
});

describe("native app and push settings", () => {
  const pem = (type: "rsa" | "ec") =>
    (type === "rsa"
      ? generateKeyPairSync("rsa", { modulusLength: 2048 })
      : generateKeyPairSync("ec", { namedCurve: "P-256" })
    ).privateKey
      .export({ type: "pkcs8", format: "pem" })
      .toString();
  const rsaKey = pem("rsa");
  const p8Key = pem("ec");
  const serviceAccount = JSON.stringify({
    type: "service_account",
    project_id: "esim-store",
    private_key_id: "abc123",
    private_key: rsaKey,
    client_email: "push@esim-store.iam.gserviceaccount.com",
    token_uri: "https://oauth2.googleapis.com/token",
  });

  it("defaults the native origins to the iOS and Android web views, and reads a list", () => {
    expect(loadConfig({}).NATIVE_APP_ORIGINS).toEqual(["capacitor://localhost", "https://localhost"]);
    expect(
      loadConfig({ NATIVE_APP_ORIGINS: "capacitor://localhost, https://app.example:8443" }).NATIVE_APP_ORIGINS,
    ).toEqual(["capacitor://localhost", "https://app.example:8443"]);
    expect(loadError({ NATIVE_APP_ORIGINS: "https://localhost/path" })).toContain("NATIVE_APP_ORIGINS=");
  });

  it("reads the Firebase service account inline or from its file", async () => {
    const file = path.join(await mkdtemp(path.join(tmpdir(), "esim-config-")), "service-account.json");
    await writeFile(file, serviceAccount);
    const expected = {
      projectId: "esim-store",
      clientEmail: "push@esim-store.iam.gserviceaccount.com",
      privateKey: rsaKey,
      privateKeyId: "abc123",
      tokenUri: "https://oauth2.googleapis.com/token",
    };
    expect(loadConfig({ FCM_SERVICE_ACCOUNT_JSON: serviceAccount }).FCM_SERVICE_ACCOUNT_JSON).toEqual(expected);
    expect(loadConfig({ FCM_SERVICE_ACCOUNT_JSON: file }).FCM_SERVICE_ACCOUNT_JSON).toEqual(expected);
  });

  it("refuses a service account without its key, an unreadable file and a key that is not a .p8, never echoing them", () => {
    const withoutKey = JSON.stringify({ ...JSON.parse(serviceAccount), private_key: "nope" });
    const message = loadError({ FCM_SERVICE_ACCOUNT_JSON: withoutKey });
    expect(message).toContain("FCM_SERVICE_ACCOUNT_JSON=(value not shown): must be a service account");
    expect(message).not.toContain("nope");
    expect(loadError({ FCM_SERVICE_ACCOUNT_JSON: "/nonexistent/account.json" })).toContain("nor a readable file");
    const rsaAsP8 = loadError({ APNS_PRIVATE_KEY: rsaKey, APNS_KEY_ID: "KEY1234567", APPLE_TEAM_ID: "TEAM123456" });
    expect(rsaAsP8).toContain("APNS_PRIVATE_KEY=(value not shown)");
    expect(rsaAsP8).not.toContain("PRIVATE KEY-----");
  });

  it("takes the APNs key with its key id and a team id, APPLE_TEAM_ID serving when APNS_TEAM_ID is unset", () => {
    expect(loadError({ APNS_PRIVATE_KEY: p8Key })).toMatch(/APNS_KEY_ID: is required[\s\S]*APNS_TEAM_ID: is required/);
    const config = loadConfig({ APNS_PRIVATE_KEY: p8Key, APNS_KEY_ID: "KEY1234567", APPLE_TEAM_ID: "TEAM123456" });
    expect(config.APNS_PRIVATE_KEY).toBe(p8Key);
  });
});
