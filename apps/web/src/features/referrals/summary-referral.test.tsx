import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { PLAN_7_DAYS, quoteBody, quoteFor } from "../../test/buying-fixtures.ts";
import { CATALOG_SUMMARY, fakeApi, ME } from "../../test/fake-api.ts";
import { renderApp, setUpAppTests } from "../../test/render-app.tsx";

// A friend's invite (decision 079): the code a `?ref=` link left on the device is priced at the summary, the discount
// is its own line, and an invite the server refuses is said politely and forgotten.

const SUMMARY_URL = `/summary?plan=${PLAN_7_DAYS.id}&destination=TR`;

function summaryApi(referral: { isApplied: boolean } | null) {
  return fakeApi({
    "GET /catalog/summary": () => ({ body: CATALOG_SUMMARY }),
    "GET /auth/me": () => ({ body: { data: ME } }),
    "POST /devices": () => ({ body: { data: { device_id: "d", updatedAt: "2026-01-01T00:00:00Z" } } }),
    "POST /checkout/quote": ({ body }) => {
      const hasReferral = (body as { referral?: unknown }).referral !== undefined;
      return {
        body: quoteBody(
          quoteFor(
            {},
            hasReferral && referral?.isApplied
              ? { referral, referralDiscountMinor: 30000, totalMinor: 564000, chargeDzdMinor: 564000 }
              : { referral: hasReferral ? referral : null },
          ),
        ),
      };
    },
    "GET /checkout/options": () => ({
      body: { data: { paymentMethods: ["edahabia", "cib"], billingCountries: ["DZ", "FR"] } },
    }),
  });
}

describe("an invite at the summary", () => {
  setUpAppTests();

  it("sends the stored code and this device's id with the quote, and shows the discount as its own line", async () => {
    window.localStorage.setItem("REFERRAL_CODE", "K7PQ2M9X");
    const { calls } = summaryApi({ isApplied: true });
    await renderApp(SUMMARY_URL, { token: "token-1" });

    expect(await screen.findByText("Remise d'invitation", {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText("\u2212300 DA")).toBeInTheDocument();
    const quoted = calls.find((call) => call.path === "/checkout/quote");
    expect(quoted?.body).toMatchObject({ referral: { code: "K7PQ2M9X", deviceId: expect.any(String) } });
    expect(window.localStorage.getItem("REFERRAL_CODE")).toBe("K7PQ2M9X");
  });

  it("says politely that an invite cannot be used, and forgets it", async () => {
    window.localStorage.setItem("REFERRAL_CODE", "K7PQ2M9X");
    summaryApi({ isApplied: false });
    await renderApp(SUMMARY_URL, { token: "token-1", language: "en" });

    expect(
      await screen.findByText("This invite cannot be used for this order.", {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.queryByText("Friend's invite discount")).toBeNull();
    expect(window.localStorage.getItem("REFERRAL_CODE")).toBeNull();
  });

  it("keeps the code a ?ref= link brings, on any address", async () => {
    summaryApi(null);
    await renderApp("/register?ref=k7pq2m9x", {});
    await screen.findAllByRole("heading", {}, { timeout: 5000 });
    expect(window.localStorage.getItem("REFERRAL_CODE")).toBe("K7PQ2M9X");
    expect(window.location.search).not.toContain("ref=");
  });
});
