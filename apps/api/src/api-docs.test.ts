import { describe, expect, it } from "vitest";
import { PRODUCTION_SETTINGS } from "./test/production-settings.ts";
import { createTestApp } from "./test/test-app.ts";

const DOCS_ADDRESSES = ["/api/docs", "/api/docs/json", "/api/docs/static/index.html"];

describe("the API documentation pages", () => {
  it("are served outside production", async () => {
    const { app } = await createTestApp();

    for (const url of ["/api/docs", "/api/docs/json"]) {
      expect((await app.inject({ method: "GET", url })).statusCode, url).toBe(200);
    }
  });

  it("are no route in production, and served there only with API_DOCS=true", async () => {
    const production = await createTestApp({ config: PRODUCTION_SETTINGS });
    const asked = await createTestApp({ config: { ...PRODUCTION_SETTINGS, API_DOCS: true } });

    for (const url of DOCS_ADDRESSES) {
      const response = await production.app.inject({ method: "GET", url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json().error.code).toBe("ROUTE_NOT_FOUND");
    }
    expect((await asked.app.inject({ method: "GET", url: "/api/docs/json" })).statusCode).toBe(200);
  });
});
