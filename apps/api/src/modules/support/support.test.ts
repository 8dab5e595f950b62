import { getSupportConfig } from "@esim/shared/support/contracts";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig, SAMPLE_WHATSAPP_NUMBER } from "../../config.ts";
import { PRODUCTION_SETTINGS } from "../../test/production-settings.ts";
import { createTestApp } from "../../test/test-app.ts";

const CHAT_BASE_URL = "https://chat.example.dz";
const CHAT_TOKEN = "w3bs1teT0ken";

const plain = await createTestApp();
const withChat = await createTestApp({
  config: {
    CHATWOOT_BASE_URL: `${CHAT_BASE_URL}/`,
    CHATWOOT_WEBSITE_TOKEN: CHAT_TOKEN,
    SUPPORT_EMAIL: "aide@example.dz",
  },
});

const withWhatsApp = await createTestApp({
  config: { WHATSAPP_NUMBER: "+213661234567", SUPPORT_HOURS: { opens: "20:00", closes: "02:00" } },
});
const withoutWhatsApp = await createTestApp({ config: { WHATSAPP_NUMBER: undefined } });

const readConfig = (app: typeof plain.app) => app.inject({ method: "GET", url: "/api/v1/app/support/config" });

function cspDirective(csp: string, name: string): string[] {
  const directive = csp.split(";").find((part) => part.trim().startsWith(`${name} `)) ?? "";
  return directive.trim().split(/\s+/).slice(1);
}

describe("GET /support/config", () => {
  it("answers the support email and no chat when Chatwoot is not configured, without a session", async () => {
    const response = await readConfig(plain.app);
    expect(response.statusCode).toBe(200);
    expect(getSupportConfig.response.parse(response.json())).toEqual({
      data: {
        email: "support@esim-store.dz",
        chat: null,
        whatsapp: { number: SAMPLE_WHATSAPP_NUMBER },
        hours: { timeZone: "Africa/Algiers", opens: "09:00", closes: "21:00" },
      },
    });
  });

  it("answers the configured WhatsApp number and hours", async () => {
    const response = await readConfig(withWhatsApp.app);
    expect(getSupportConfig.response.parse(response.json()).data).toMatchObject({
      whatsapp: { number: "+213661234567" },
      hours: { timeZone: "Africa/Algiers", opens: "20:00", closes: "02:00" },
    });
  });

  it("answers no WhatsApp when no number is configured", async () => {
    const response = await readConfig(withoutWhatsApp.app);
    expect(getSupportConfig.response.parse(response.json()).data.whatsapp).toBeNull();
  });

  it("answers the chat's base URL (without a trailing slash) and public website token when configured", async () => {
    const response = await readConfig(withChat.app);
    expect(response.statusCode).toBe(200);
    expect(getSupportConfig.response.parse(response.json())).toEqual({
      data: {
        email: "aide@example.dz",
        chat: { provider: "chatwoot", baseUrl: CHAT_BASE_URL, websiteToken: CHAT_TOKEN },
        whatsapp: { number: SAMPLE_WHATSAPP_NUMBER },
        hours: { timeZone: "Africa/Algiers", opens: "09:00", closes: "21:00" },
      },
    });
  });
});

// The pages' policy (an API answer has its own, which allows nothing).
const readPageCsp = async (app: typeof plain.app) =>
  String((await app.inject({ method: "GET", url: "/help" })).headers["content-security-policy"]);

describe("Content-Security-Policy and the chat", () => {
  it("allows only the app's own origin without a chat", async () => {
    const csp = await readPageCsp(plain.app);
    expect(cspDirective(csp, "script-src")).toEqual(["'self'"]);
    expect(cspDirective(csp, "connect-src")).toEqual(["'self'"]);
    expect(csp).not.toContain("chat.example.dz");
  });

  it("allows the Chatwoot origin for its script, API, frame and images when configured", async () => {
    const csp = await readPageCsp(withChat.app);
    for (const directive of ["script-src", "connect-src", "frame-src", "img-src"]) {
      expect(cspDirective(csp, directive)).toEqual(expect.arrayContaining(["'self'", CHAT_BASE_URL]));
    }
    expect(cspDirective(csp, "default-src")).toEqual(["'self'"]);
  });
});

describe("chat configuration", () => {
  it("refuses a base URL without its website token, and the other way round", () => {
    expect(() => loadConfig({ CHATWOOT_BASE_URL: CHAT_BASE_URL })).toThrow(ConfigError);
    expect(() => loadConfig({ CHATWOOT_BASE_URL: CHAT_BASE_URL })).toThrow(/CHATWOOT_WEBSITE_TOKEN/);
    expect(() => loadConfig({ CHATWOOT_WEBSITE_TOKEN: CHAT_TOKEN })).toThrow(/CHATWOOT_BASE_URL/);
  });

  it("refuses a base URL that is not http(s)", () => {
    expect(() => loadConfig({ CHATWOOT_BASE_URL: "javascript:alert(1)", CHATWOOT_WEBSITE_TOKEN: CHAT_TOKEN })).toThrow(
      /CHATWOOT_BASE_URL/,
    );
  });

  it("accepts both together", () => {
    const config = loadConfig({ CHATWOOT_BASE_URL: CHAT_BASE_URL, CHATWOOT_WEBSITE_TOKEN: CHAT_TOKEN });
    expect(config.CHATWOOT_BASE_URL).toBe(CHAT_BASE_URL);
  });
});

describe("WhatsApp and hours configuration", () => {
  it("refuses a WhatsApp number that is not a valid E.164 number, naming the setting", () => {
    for (const bad of ["0555123456", "+21355512345", "+213 555 12 34 56", "whatsapp"]) {
      expect(() => loadConfig({ WHATSAPP_NUMBER: bad })).toThrow(/WHATSAPP_NUMBER=.*E\.164/);
    }
  });

  it("accepts a valid number, and uses the sample one outside production only", () => {
    expect(loadConfig({ WHATSAPP_NUMBER: "+33612345678" }).WHATSAPP_NUMBER).toBe("+33612345678");
    expect(loadConfig({}).WHATSAPP_NUMBER).toBe(SAMPLE_WHATSAPP_NUMBER);
    expect(loadConfig(PRODUCTION_SETTINGS).WHATSAPP_NUMBER).toBeUndefined();
    expect(loadConfig({ ...PRODUCTION_SETTINGS, WHATSAPP_NUMBER: "+213661234567" }).WHATSAPP_NUMBER).toBe(
      "+213661234567",
    );
  });

  it("refuses hours that are not HH:MM-HH:MM, naming the setting", () => {
    for (const bad of ["9-21", "09:00", "25:00-26:00", "09:00-09:00", "mon 09:00-21:00"]) {
      expect(() => loadConfig({ SUPPORT_HOURS: bad })).toThrow(/SUPPORT_HOURS=.*HH:MM-HH:MM/);
    }
  });

  it("reads hours, past midnight and round the clock included", () => {
    expect(loadConfig({}).SUPPORT_HOURS).toEqual({ opens: "09:00", closes: "21:00" });
    expect(loadConfig({ SUPPORT_HOURS: "22:00 - 02:00" }).SUPPORT_HOURS).toEqual({ opens: "22:00", closes: "02:00" });
    expect(loadConfig({ SUPPORT_HOURS: "00:00-24:00" }).SUPPORT_HOURS).toEqual({ opens: "00:00", closes: "24:00" });
  });
});
