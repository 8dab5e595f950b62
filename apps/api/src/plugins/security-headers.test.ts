import { describe, expect, it } from "vitest";
import { createTestApp } from "../test/test-app.ts";

// With the live chat configured: its origin joins script-src, and still no inline script is allowed.
const { app } = await createTestApp({
  config: { CHATWOOT_BASE_URL: "https://chat.example.com", CHATWOOT_WEBSITE_TOKEN: "website-token" },
});

describe("security headers", () => {
  it.each([
    ["a page", "/login"],
    ["the health check", "/api/health"],
  ])("forbid framing, refuse powerful browser features and inline scripts on %s", async (_, url) => {
    const response = await app.inject({ method: "GET", url });
    expect(response.headers["x-frame-options"]).toBe("DENY");
    const permissions = String(response.headers["permissions-policy"]).split(", ");
    for (const feature of ["camera", "microphone", "geolocation", "payment", "usb"]) {
      expect(permissions).toContain(`${feature}=()`);
    }
    // The eSIM's activation code is copied to the clipboard by the app's own pages.
    expect(permissions).toContain("clipboard-write=(self)");
    const csp = String(response.headers["content-security-policy"]);
    const scriptSrc = /script-src ([^;]*)/.exec(csp)?.[1] ?? "";
    expect(scriptSrc.split(" ")).toEqual(["'self'", "https://chat.example.com"]);
    expect(csp).toContain("frame-ancestors 'none'");
  });

  it.each([
    ["a catalogue answer", "/api/v1/app/destinations"],
    ["an error", "/api/v1/app/nope"],
  ])("let %s of the API load nothing, run nothing and be framed nowhere, in a few bytes", async (_, url) => {
    const response = await app.inject({ method: "GET", url });
    expect(response.headers["content-security-policy"]).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(response.headers["x-frame-options"]).toBe("DENY");
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    // The pages' policy (their sources, features, isolation) says nothing to a fetch: it is not repeated here.
    expect(response.headers["permissions-policy"]).toBeUndefined();
    const securityBytes = Object.entries(response.headers)
      .filter(([name]) => !["content-type", "content-length", "date", "connection", "etag", "vary"].includes(name))
      .reduce((sum, [name, value]) => sum + name.length + String(value).length + 4, 0);
    expect(securityBytes).toBeLessThan(600);
  });
});
