import { ADMIN_API_BASE_PATH } from "@esim/shared/http";
import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeApi } from "../../test/fake-api.ts";
import { CONSOLE_TOKEN_KEY } from "../lib/operator-session.ts";
import { renderApp, setUpAppTests } from "../test/render-app.tsx";

// A screen's chunk gone after a deploy, as an open console tab meets it.
vi.mock("../audit/routes/console-audit.tsx", () => {
  throw new Error("chunk lost after a deploy");
});

describe("the console's error page", () => {
  setUpAppTests();
  afterEach(() => window.sessionStorage.clear());

  it("says a screen could not load and leads back to the console's home, not the traveller's", async () => {
    window.sessionStorage.setItem(CONSOLE_TOKEN_KEY, "operator-token");
    fakeApi({
      [`GET ${ADMIN_API_BASE_PATH}/me`]: () => ({
        body: { data: { id: "op-1", email: "nadia@esim-store.dz", role: "admin", isEnrolled: true } },
      }),
    });
    await renderApp("/admin/audit", { language: "en" });
    expect(await screen.findByRole("heading", { name: "Something went wrong" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Reload" })).toHaveAttribute("href", "/admin");
  });
});
