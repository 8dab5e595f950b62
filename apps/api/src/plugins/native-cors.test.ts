import { API_BASE_PATH } from "@esim/shared/http";
import { describe, expect, it } from "vitest";
import { createSignedInUser } from "../test/factories.ts";
import { createTestApp } from "../test/test-app.ts";

const testApp = await createTestApp();
const { app } = testApp;

const IOS = "capacitor://localhost";
const ANDROID = "https://localhost";

function preflight(origin: string, url = `${API_BASE_PATH}/orders`) {
  return app.inject({
    method: "OPTIONS",
    url,
    headers: {
      origin,
      "access-control-request-method": "POST",
      "access-control-request-headers": "authorization,content-type",
    },
  });
}

describe("CORS for the native apps", () => {
  it("answers the preflight of the iOS and Android web views with the methods and headers the apps use", async () => {
    for (const origin of [IOS, ANDROID]) {
      const response = await preflight(origin);
      expect(response.statusCode, origin).toBe(204);
      expect(response.headers["access-control-allow-origin"]).toBe(origin);
      expect(response.headers["access-control-allow-methods"]).toBe("GET, HEAD, POST, PUT, PATCH, DELETE");
      expect(response.headers["access-control-allow-headers"]).toBe("Authorization, Content-Type");
      expect(response.headers["access-control-max-age"]).toBe("600");
      expect(response.headers["access-control-allow-credentials"]).toBeUndefined();
    }
  });

  it("lets an app read answers, errors included, with the headers it needs", async () => {
    const { headers } = await createSignedInUser(testApp);
    const me = await app.inject({
      method: "GET",
      url: `${API_BASE_PATH}/auth/me`,
      headers: { ...headers, origin: IOS },
    });
    expect(me.statusCode).toBe(200);
    expect(me.headers["access-control-allow-origin"]).toBe(IOS);
    expect(me.headers["access-control-expose-headers"]).toBe("Retry-After, X-Request-Id, Content-Disposition");
    expect(me.headers.vary).toContain("Origin");

    const refused = await app.inject({ method: "GET", url: `${API_BASE_PATH}/auth/me`, headers: { origin: ANDROID } });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers["access-control-allow-origin"]).toBe(ANDROID);
  });

  it("lets an app read a 429 and its Retry-After", async () => {
    const limited = await createTestApp({ config: { RATE_LIMIT_PER_MINUTE: 1 } });
    const get = () =>
      limited.app.inject({
        method: "GET",
        url: `${API_BASE_PATH}/catalog/summary`,
        headers: { origin: ANDROID },
        remoteAddress: "10.9.8.7",
      });
    await get();
    const response = await get();
    expect(response.statusCode).toBe(429);
    expect(response.headers["access-control-allow-origin"]).toBe(ANDROID);
    expect(response.headers["retry-after"]).toBeDefined();
  });

  it("gives another origin no CORS header and its preflight the not-found envelope", async () => {
    const response = await preflight("https://evil.example");
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe("ROUTE_NOT_FOUND");
    expect(response.headers["access-control-allow-origin"]).toBeUndefined();
    expect(response.headers["access-control-allow-methods"]).toBeUndefined();

    const get = await app.inject({
      method: "GET",
      url: `${API_BASE_PATH}/destinations`,
      headers: { origin: "http://localhost:5173" },
    });
    expect(get.headers["access-control-allow-origin"]).toBeUndefined();
    // A shared cache keeps the refused and the allowed origins' answers apart.
    expect(get.headers.vary).toContain("Origin");
  });

  it("allows the apps' origins on the API only", async () => {
    const response = await preflight(IOS, "/.well-known/assetlinks.json");
    expect(response.statusCode).toBe(404);
    expect(response.headers["access-control-allow-origin"]).toBeUndefined();
  });

  it("allows exactly the configured origins", async () => {
    const custom = await createTestApp({ config: { NATIVE_APP_ORIGINS: ["capacitor://shop.example"] } });
    expect(
      (
        await custom.app.inject({
          method: "OPTIONS",
          url: `${API_BASE_PATH}/orders`,
          headers: { origin: IOS, "access-control-request-method": "POST" },
        })
      ).headers["access-control-allow-origin"],
    ).toBeUndefined();
    const allowed = await custom.app.inject({
      method: "OPTIONS",
      url: `${API_BASE_PATH}/orders`,
      headers: { origin: "capacitor://shop.example", "access-control-request-method": "POST" },
    });
    expect(allowed.headers["access-control-allow-origin"]).toBe("capacitor://shop.example");
  });
});
