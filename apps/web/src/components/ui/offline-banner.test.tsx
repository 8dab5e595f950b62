import { act, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithI18n } from "../../test/render-with-i18n.tsx";
import { OfflineBanner } from "./offline-banner.tsx";

/** What the browser does when the connection goes or comes back: navigator.onLine, then the event. */
function setConnection(isOnline: boolean) {
  vi.spyOn(window.navigator, "onLine", "get").mockReturnValue(isOnline);
  act(() => {
    window.dispatchEvent(new Event(isOnline ? "online" : "offline"));
  });
}

describe("OfflineBanner", () => {
  afterEach(() => vi.restoreAllMocks());

  it("stays hidden online, appears when the connection drops and goes when it returns", async () => {
    await renderWithI18n(<OfflineBanner />, { language: "fr" });
    const notice = "Vous êtes hors ligne : les informations affichées sont celles de votre dernière connexion.";
    expect(screen.queryByText(notice)).not.toBeInTheDocument();

    setConnection(false);
    expect(screen.getByRole("status")).toHaveTextContent(notice);

    setConnection(true);
    expect(screen.queryByText(notice)).not.toBeInTheDocument();
  });

  it("opens offline when the page loads without a connection, translated", async () => {
    vi.spyOn(window.navigator, "onLine", "get").mockReturnValue(false);
    await renderWithI18n(<OfflineBanner />, { language: "ar" });
    expect(screen.getByRole("status")).toHaveTextContent(
      "أنت غير متصل بالإنترنت: المعلومات المعروضة هي من آخر اتصال لك.",
    );
  });
});
