import type { RouteObject } from "react-router";
import { describe, expect, it } from "vitest";
import { createAppRouter } from "./router.tsx";

function pathsOf(routes: readonly RouteObject[]): string[] {
  return routes.flatMap((route) => [...(route.path ? [route.path] : []), ...pathsOf(route.children ?? [])]);
}

describe("the traveller's router", () => {
  it("has no route of the operator console, which is its own app at /admin (decision 072)", () => {
    const router = createAppRouter();
    const paths = pathsOf(router.routes as RouteObject[]);
    router.dispose();
    expect(paths).toContain("/home");
    expect(paths.filter((path) => path.startsWith("/admin"))).toEqual([]);
  });
});
