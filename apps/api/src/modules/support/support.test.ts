import { getSupportConfig } from "@esim/shared/support/contracts";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../config.ts";
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
      data: { email: "support@esim-store.dz", chat: null },
    });
  });

  it("answers the chat's base URL (without a trailing slash) and public website token when configured", async () => {
    const response = await readConfig(withChat.app);
    expect(response.statusCode).toBe(200);
    expect(getSupportConfig.response.parse(response.json())).toEqual({
      data: {
        email: "aide@example.dz",
        chat: { provider: "chatwoot", baseUrl: CHAT_BASE_URL, websiteToken: CHAT_TOKEN },
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
