import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ORDER_ID } from "../../../test/buying-fixtures.ts";
import { fakeApi } from "../../../test/fake-api.ts";
import { fakeNativePlugins, resetFakeNative, runAsNative } from "../../../test/fake-native-plugins.ts";
import { renderWithI18n } from "../../../test/render-with-i18n.tsx";
import { InvoiceButton } from "./invoice-button.tsx";

vi.mock(
  "../../../lib/native-plugins.ts",
  async () => (await import("../../../test/fake-native-plugins.ts")).fakeNativePlugins,
);

const { Filesystem, Share } = fakeNativePlugins;

function renderInvoiceButton() {
  const queryClient = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  return renderWithI18n(
    <QueryClientProvider client={queryClient}>
      <InvoiceButton orderId={ORDER_ID} orderNumber="ES26-000123" />
    </QueryClientProvider>,
    { language: "fr" },
  );
}

describe("the invoice button in the apps", () => {
  beforeEach(() => {
    runAsNative("android");
    fakeApi({
      [`GET /orders/${ORDER_ID}/invoice`]: () => ({ body: "%PDF-1.7", headers: { "content-type": "application/pdf" } }),
    });
    // The fetch stand-in answers with Node's Blob, which jsdom's FileReader refuses; a phone's web view has one kind.
    vi.spyOn(Response.prototype, "blob").mockImplementation(async function (this: Response) {
      return new Blob([await this.text()], { type: this.headers.get("content-type") ?? "" });
    });
  });
  afterEach(() => {
    resetFakeNative();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("opens the share sheet with the invoice PDF, named by the order number", async () => {
    const { user } = await renderInvoiceButton();

    await user.click(screen.getByRole("button", { name: "Télécharger la facture (PDF)" }));

    await waitFor(() => expect(Share.share).toHaveBeenCalledOnce());
    expect(Filesystem.writeFile.mock.calls[0]?.[0]).toMatchObject({ path: "ES26-000123.pdf", directory: "CACHE" });
    expect(Share.share).toHaveBeenCalledWith({ title: "ES26-000123.pdf", files: ["file:///cache/ES26-000123.pdf"] });
    await waitFor(() => expect(screen.getByRole("button", { name: "Télécharger la facture (PDF)" })).toBeEnabled());
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("shows no error when the share sheet is closed without saving", async () => {
    Share.share.mockRejectedValueOnce(new Error("Share canceled"));
    const { user } = await renderInvoiceButton();

    await user.click(screen.getByRole("button", { name: "Télécharger la facture (PDF)" }));

    await waitFor(() => expect(Share.share).toHaveBeenCalledOnce());
    await waitFor(() => expect(screen.getByRole("button", { name: "Télécharger la facture (PDF)" })).toBeEnabled());
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("says the download failed when the app cannot write the file", async () => {
    Filesystem.writeFile.mockRejectedValueOnce(new Error("Unable to save file"));
    const { user } = await renderInvoiceButton();

    await user.click(screen.getByRole("button", { name: "Télécharger la facture (PDF)" }));

    expect(await screen.findByRole("alert")).toHaveTextContent("L’opération a échoué. Réessayez plus tard.");
    expect(Share.share).not.toHaveBeenCalled();
  });
});
