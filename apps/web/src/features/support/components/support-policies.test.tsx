import { screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { renderWithI18n } from "../../../test/render-with-i18n.tsx";
import { SupportPolicies } from "./support-policies.tsx";

// Other windows than today's: the page must follow the constants the API enforces, not numbers typed in a text.
vi.mock("@esim/shared/claims/contracts", async (importOriginal) => ({
  ...(await importOriginal<object>()),
  CLAIM_REFUND_WINDOW_DAYS: 10,
}));
vi.mock("@esim/shared/esims/contracts", async (importOriginal) => ({
  ...(await importOriginal<object>()),
  CANCELLATION_WINDOW_HOURS: 48,
}));

describe("support's commitments", () => {
  it("states the refund and cancellation windows the API enforces, with the way to each, in French", async () => {
    await renderWithI18n(<SupportPolicies />, { language: "fr" });
    const section = screen.getByRole("region", { name: "Nos engagements" });
    expect(
      within(section).getByText(
        "Si le service échoue pour une raison technique que nous ne pouvons pas régler, vous êtes remboursé : signalez-le dans les 10 jours suivant l’achat.",
      ),
    ).toBeInTheDocument();
    expect(
      within(section).getByText(
        "Une eSIM jamais installée peut être annulée et remboursée dans les 48 heures suivant l’achat.",
      ),
    ).toBeInTheDocument();
    expect(
      within(section).getByRole("link", { name: "Signaler un problème : Mes eSIM, puis « Ça ne marche pas »" }),
    ).toHaveAttribute("href", "/esims");
    expect(
      within(section).getByRole("link", { name: "Annuler une eSIM : Mes eSIM, puis « Demander l’annulation »" }),
    ).toHaveAttribute("href", "/esims");
  });

  it("says them in Arabic with the right plural forms", async () => {
    await renderWithI18n(<SupportPolicies />, { language: "ar" });
    const section = screen.getByRole("region", { name: "التزاماتنا" });
    expect(within(section).getByText(/أبلغنا خلال 10 أيام من الشراء\.$/)).toBeInTheDocument();
    expect(within(section).getByText(/خلال 48 ساعة من الشراء\.$/)).toBeInTheDocument();
    expect(within(section).getAllByRole("link")).toHaveLength(2);
  });
});
