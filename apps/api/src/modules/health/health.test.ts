import { describe, expect, it } from "vitest";
import { createTestApp } from "../../test/test-app.ts";

const { app } = await createTestApp();

describe("GET /api/health", () => {
  it("answers ok while the database answers", async () => {
    const response = await app.inject({ method: "GET", url: "/api/health" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: "ok" });
    expect(response.headers["x-request-id"]).toMatch(/[0-9a-f-]{36}/);
  });

  it("answers an unknown route with the error envelope", async () => {
    const response = await app.inject({ method: "GET", url: "/api/v1/app/nope" });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ error: { code: "ROUTE_NOT_FOUND" } });
  });
});
