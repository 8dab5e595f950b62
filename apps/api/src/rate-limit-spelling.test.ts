import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createTestApp } from "./test/test-app.ts";

/** The general limit, small so that every route reaches it in a few requests. */
const LIMIT_PER_MINUTE = 3;
/** Requests sent to a route before deciding it has no limit (a route's own limit may be above the general one). */
const MAX_REQUESTS = 30;

// The client address from X-Forwarded-For: a fresh one for each route and spelling, so their counts never mix.
const { app } = await createTestApp({ config: { RATE_LIMIT_PER_MINUTE: LIMIT_PER_MINUTE, TRUST_PROXY: true } });
const origin = await app.listen({ host: "127.0.0.1", port: 0 });

let addressCount = 0;
function nextClientAddress(): string {
  addressCount += 1;
  return `10.${(addressCount >> 16) & 255}.${(addressCount >> 8) & 255}.${addressCount & 255}`;
}

interface Answer {
  status: number;
  code: string | undefined;
}

/** Sends the raw path as spelled (fetch keeps percent-escapes, case and doubled slashes). */
async function send(method: string, rawPath: string, clientAddress: string, to = origin): Promise<Answer> {
  const response = await fetch(`${to}${rawPath}`, {
    method,
    headers: { "x-forwarded-for": clientAddress },
    redirect: "manual",
  });
  const text = await response.text();
  let code: string | undefined;
  try {
    code = (JSON.parse(text) as { error?: { code?: string } }).error?.code;
  } catch {
    code = undefined;
  }
  return { status: response.status, code };
}

/** The answers to `count` requests from one new address, stopping after the first 429. */
async function hammer(method: string, rawPath: string, count: number): Promise<Answer[]> {
  const clientAddress = nextClientAddress();
  const answers: Answer[] = [];
  for (let index = 0; index < count; index++) {
    const answer = await send(method, rawPath, clientAddress);
    answers.push(answer);
    if (answer.status === 429) break;
  }
  return answers;
}

/** Other spellings of a path that a router or a proxy could take for it. */
function spellingsOf(canonical: string): Record<string, string> {
  const segments = canonical.split("/").slice(1);
  const encodeAll = (segment: string) =>
    [...segment].map((char) => `%${char.charCodeAt(0).toString(16).padStart(2, "0")}`).join("");
  return {
    "encoded first letter": canonical.replace(/^\/api\//, "/%61pi/"),
    "every character encoded": `/${segments.map(encodeAll).join("/")}`,
    "doubled leading slash": `/${canonical}`,
    "every slash doubled": canonical.replaceAll("/", "//"),
    "upper case": canonical.toUpperCase(),
    "capitalised segments": `/${segments.map((segment) => segment.charAt(0).toUpperCase() + segment.slice(1)).join("/")}`,
    "upper-case escapes": canonical.replace(/^\/api\//, "/%41PI/"),
    "trailing slash": `${canonical}/`,
    "semicolon parameter": `${canonical};x=1`,
  };
}

/** Where the first 429 came, or undefined. */
const refusedAt = (answers: Answer[]) => {
  const index = answers.findIndex((answer) => answer.status === 429);
  return index === -1 ? undefined : index + 1;
};

/** The router found no route: the request reached no handler (the envelope's not-found or bad-URL answer). */
const isUnrouted = (answers: Answer[]) =>
  answers.every(
    (answer) =>
      (answer.status === 404 && answer.code === "ROUTE_NOT_FOUND") ||
      (answer.status === 400 && answer.code === "URL_INVALID"),
  );

describe("rate limits and the spelling of a path", () => {
  it("limits every API route the same whatever its spelling, or answers the spelling as no route at all", async () => {
    const document = app.swagger() as { paths: Record<string, Record<string, unknown>> };
    const operations = Object.entries(document.paths).flatMap(([openApiPath, methods]) =>
      Object.keys(methods).map((method) => ({
        method: method.toUpperCase(),
        // Any value fills a parameter: the limit counts before the input is read.
        canonical: openApiPath.replace(/\{[^}]+\}/g, "x1"),
      })),
    );
    expect(operations.length).toBeGreaterThan(50);
    const dodges: string[] = [];
    let limitedRoutes = 0;
    for (const { method, canonical } of operations) {
      const canonicalAnswers = await hammer(method, canonical, MAX_REQUESTS);
      const limit = refusedAt(canonicalAnswers);
      if (limit !== undefined) limitedRoutes += 1;
      const count = limit ?? MAX_REQUESTS;
      await Promise.all(
        Object.entries(spellingsOf(canonical)).map(async ([spelling, rawPath]) => {
          const answers = await hammer(method, rawPath, count);
          if (isUnrouted(answers) || refusedAt(answers) === limit) return;
          dodges.push(
            `${method} ${rawPath} (${spelling}): ${answers.map((answer) => answer.status).join(",")}, the canonical path refused at ${limit ?? "never"}`,
          );
        }),
      );
    }
    expect(dodges).toEqual([]);
    // The general limit applies to (nearly) every API route: the walk is not vacuous.
    expect(limitedRoutes).toBeGreaterThan(operations.length - 5);
  }, 120_000);

  it("answers an API path spelled in another case with the not-found envelope, never the web app's shell", async () => {
    // A built web app answers page addresses with its shell: a spelling of an API path is no page.
    const distDir = await mkdtemp(path.join(tmpdir(), "esim-web-dist-"));
    await writeFile(path.join(distDir, "index.html"), "<!doctype html><title>eSIM</title><div id=root></div>");
    const withWebApp = await createTestApp({ config: { WEB_DIST_DIR: distDir } });
    const webOrigin = await withWebApp.app.listen({ host: "127.0.0.1", port: 0 });

    for (const rawPath of ["/API/v1/app/catalog/summary", "/%61pi/v1/app/nothing-here", "/Api/V1/App/Orders"]) {
      const answer = await send("GET", rawPath, nextClientAddress(), webOrigin);
      expect(answer, rawPath).toEqual({ status: 404, code: "ROUTE_NOT_FOUND" });
    }
    expect((await send("GET", "/orders", nextClientAddress(), webOrigin)).status).toBe(200);
  });
});
