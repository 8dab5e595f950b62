import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { activateLanguage } from "../../../lib/i18n.ts";
import { PLAN_7_DAYS } from "../../../test/buying-fixtures.ts";
import { renderWithI18n } from "../../../test/render-with-i18n.tsx";
import { PlanDetails } from "./plan-details.tsx";

const REGIONAL_PLAN = {
  ...PLAN_7_DAYS,
  coverage: ["FR", "DE", "IT", "ES"],
  networks: [
    { country: "FR", operator: "Orange", networkType: "5G" },
    { country: "DE", operator: "Vodafone", networkType: "4G" },
    { country: "ES", operator: "Movistar", networkType: "4G" },
  ],
};

describe("a plan's details", () => {
  afterEach(() => activateLanguage("fr"));

  it("lists the covered countries and the networks in the order the reader's language sorts them", async () => {
    await renderWithI18n(<PlanDetails plan={REGIONAL_PLAN} currency="DZD" />, { language: "fr" });
    expect(screen.getByText("Allemagne, Espagne, France, Italie")).toBeInTheDocument();
    const networks = screen.getByRole("heading", { name: "Réseaux" }).nextElementSibling!;
    expect(Array.from(networks.querySelectorAll("li"), (item) => item.firstChild?.textContent)).toEqual([
      "Allemagne",
      "Espagne",
      "France",
    ]);
  });

  it("sorts them the Arabic way in Arabic", async () => {
    await renderWithI18n(<PlanDetails plan={REGIONAL_PLAN} currency="DZD" />, { language: "ar" });
    expect(screen.getByText("إسبانيا، ألمانيا، إيطاليا، فرنسا")).toBeInTheDocument();
  });

  it("lists each network once, a country's networks by operator and type, as the public destination page does", async () => {
    const plan = {
      ...REGIONAL_PLAN,
      networks: [
        { country: "ES", operator: "Movistar", networkType: "5G" },
        { country: "ES", operator: "Movistar", networkType: "4G" },
        { country: "ES", operator: "Movistar", networkType: "5G" },
      ],
    };
    await renderWithI18n(<PlanDetails plan={plan} currency="DZD" />, { language: "fr" });
    const networks = screen.getByRole("heading", { name: "Réseaux" }).nextElementSibling!;
    expect(Array.from(networks.querySelectorAll("li"), (item) => item.lastChild?.textContent)).toEqual([
      "Movistar · 4G",
      "Movistar · 5G",
    ]);
  });
});
