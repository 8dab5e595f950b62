import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.ts";

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
    const production = {
      NODE_ENV: "production",
      SMTP_URL: "smtps://user:pass@mail.example.com:465",
      PAYMENT_PROVIDER: "chargily",
      CHARGILY_SECRET_KEY: "live_sk_example",
    };
    expect(loadConfig(production)).toMatchObject({ NODE_ENV: "production" });
  });

  it("refuses the sandbox payment gateway in production: it would give eSIMs away", () => {
    const error = loadError({ NODE_ENV: "production", SMTP_URL: "smtps://user:pass@mail.example.com:465" });
    expect(error).toContain("PAYMENT_PROVIDER");
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
      HOST: "0.0.0.0",
      SESSION_TTL_DAYS: 30,
      RATE_LIMIT_PER_MINUTE: 300,
      TRUST_PROXY: false,
    });
    expect(config.SMTP_URL).toBeUndefined();
  });
});
