import { readdir } from "node:fs/promises";
import path from "node:path";
import { type Endpoint, endpointUrl } from "@esim/shared/http";
import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "./config.ts";
import { createTestApp } from "./test/test-app.ts";

const { app } = await createTestApp();

/** Every contract endpoint of packages/shared (the files named *contract*.ts), found by walking the folder. */
async function contractEndpoints(): Promise<Endpoint[]> {
  const root = path.join(REPO_ROOT, "packages/shared/src");
  const files = (await readdir(root, { recursive: true })).filter((file) => /contracts?\.ts$/.test(file));
  const endpoints = new Map<string, Endpoint>();
  for (const file of files) {
    const exported = (await import(path.join(root, file))) as Record<string, unknown>;
    for (const value of Object.values(exported)) {
      if (!isEndpoint(value)) continue;
      endpoints.set(`${value.method} ${endpointUrl(value)}`, value);
    }
  }
  return [...endpoints.values()];
}

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

/** A call without a token and with input no contract accepts: a field nobody declares, in the body and the query. */
function strangerCall(app: FastifyInstance, method: string, url: string) {
  const filled = url.replace(/:[A-Za-z]+|\{[^}]+\}/g, "x1");
  const hasBody = method !== "GET" && method !== "HEAD";
  return app.inject({
    method: method as "GET",
    url: `${filled}?notAField=1`,
    ...(hasBody ? { payload: { notAField: true } } : {}),
  });
}

describe("authentication before validation", () => {
  it("answers 401 to a signed-out call with an invalid body on every signed-in or console endpoint", async () => {
    const endpoints = (await contractEndpoints()).filter((endpoint) => endpoint.auth !== false);
    expect(endpoints.length).toBeGreaterThan(40);
    const answers: string[] = [];
    for (const endpoint of endpoints) {
      const response = await strangerCall(app, endpoint.method, endpointUrl(endpoint));
      answers.push(
        `${endpoint.method} ${endpointUrl(endpoint)} → ${response.statusCode} ${response.json().error?.code}`,
      );
    }

    expect(answers.filter((answer) => !answer.endsWith("→ 401 UNAUTHENTICATED"))).toEqual([]);
  });
});

describe("the OpenAPI document", () => {
  it("lists a bearer requirement on exactly the operations that answer a signed-out call with 401", async () => {
    const document = app.swagger() as {
      paths: Record<string, Record<string, { security?: Record<string, string[]>[] }>>;
    };
    const mismatches: string[] = [];
    let documented = 0;
    for (const [openApiPath, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        documented += 1;
        const needsBearer = operation.security?.some((requirement) => "bearer" in requirement) ?? false;
        const response = await strangerCall(app, method.toUpperCase(), openApiPath);
        if ((response.statusCode === 401) !== needsBearer) {
          mismatches.push(
            `${method.toUpperCase()} ${openApiPath}: bearer listed ${needsBearer}, answered ${response.statusCode}`,
          );
        }
      }
    }

    expect(documented).toBeGreaterThan(50);
    expect(mismatches).toEqual([]);
  });
});
