import { readdirSync } from "node:fs";
import path from "node:path";
import { type Endpoint, endpointUrl } from "@esim/shared/http";
import { describe, expect, it } from "vitest";
import { createSignedInOperator } from "../modules/operators/operators.test-kit.ts";
import { createSignedInUser, uniqueAddress } from "../test/factories.ts";
import { createTestApp } from "../test/test-app.ts";

// Every endpoint of every contract in packages/shared, found by walking the contract files: an endpoint added later
// is walked too.

const testApp = await createTestApp();
const { app } = testApp;

const SHARED_SOURCE = path.resolve(import.meta.dirname, "../../../../packages/shared/src");

function isEndpoint(value: unknown): value is Endpoint {
  return (
    typeof value === "object" &&
    value !== null &&
    "method" in value &&
    "path" in value &&
    "auth" in value &&
    typeof (value as { path: unknown }).path === "string"
  );
}

async function allEndpoints(): Promise<Endpoint[]> {
  const files = readdirSync(SHARED_SOURCE, { recursive: true, encoding: "utf8" }).filter((file) =>
    /(^|\/)(contracts|[\w-]+-contract)\.ts$/.test(file),
  );
  const found = new Map<string, Endpoint>();
  for (const file of files) {
    const exported: Record<string, unknown> = await import(path.join(SHARED_SOURCE, file));
    for (const value of Object.values(exported)) {
      if (isEndpoint(value)) found.set(`${value.method} ${endpointUrl(value)}`, value);
    }
  }
  return [...found.values()];
}

const endpoints = await allEndpoints();
/** A signed-in caller's answers, and every POST's (a sign-in answers with a session token). */
const personal = endpoints.filter((endpoint) => endpoint.auth !== false || endpoint.method !== "GET");

/** The endpoint's URL with each `:param` filled with a well-formed value. */
function urlOf(endpoint: Endpoint): string {
  return endpointUrl(endpoint)
    .replace(":number", "ES26-000001")
    .replace(/:\w+/g, "00000000-0000-4000-8000-000000000000");
}

describe("Cache-Control on personal answers", () => {
  it("walks the contracts of every area", () => {
    expect(personal.length).toBeGreaterThan(50);
    expect(personal.some((endpoint) => endpoint.auth === "operator")).toBe(true);
    expect(personal.some((endpoint) => endpoint.auth === true)).toBe(true);
  });

  it.each(personal.map((endpoint) => [`${endpoint.method} ${endpoint.path}`, endpoint] as const))(
    "%s: no-store, signed in or not",
    async (_, endpoint) => {
      const headers =
        endpoint.auth === "operator"
          ? (await createSignedInOperator(testApp, "admin")).headers
          : endpoint.auth === true
            ? (await createSignedInUser(testApp)).headers
            : {};
      for (const withHeaders of [headers, {}]) {
        const response = await app.inject({
          method: endpoint.method,
          url: urlOf(endpoint),
          headers: withHeaders,
          ...(endpoint.method === "GET" || endpoint.method === "DELETE" ? {} : { payload: {} }),
          remoteAddress: uniqueAddress(),
        });
        expect(response.headers["cache-control"], `${response.statusCode} ${response.body.slice(0, 200)}`).toMatch(
          /\bno-store\b/,
        );
      }
    },
  );

  it("leaves the public catalogue's own caching", async () => {
    const response = await app.inject({ method: "GET", url: "/api/v1/app/destinations" });
    expect(response.headers["cache-control"]).not.toContain("no-store");
  });
});
