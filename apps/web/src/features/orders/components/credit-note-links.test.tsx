import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ORDER_ID } from "../../../test/buying-fixtures.ts";
import { fakeApi } from "../../../test/fake-api.ts";
import { renderWithI18n } from "../../../test/render-with-i18n.tsx";
import { CreditNoteLinks } from "./credit-note-links.tsx";

function renderLinks(language: "fr" | "ar", hasInvoice = true) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return renderWithI18n(
    <QueryClientProvider client={queryClient}>
      <CreditNoteLinks orderId={ORDER_ID} hasInvoice={hasInvoice} />
    </QueryClientProvider>,
    { language },
  );
}

const CREDIT_NOTE = { number: "A2026-000007", issuedAt: "2026-11-20T10:00:00Z", amountTtcDzdMinor: 220_00 };

describe("the credit notes of an order", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("downloads each credit note in the screen's language, named by its number", async () => {
    const { calls } = fakeApi({
      [`GET /orders/${ORDER_ID}/credit-notes`]: () => ({ body: { data: [CREDIT_NOTE] } }),
      [`GET /orders/${ORDER_ID}/credit-notes/A2026-000007`]: () => ({
        body: "%PDF-1.7",
        headers: { "content-type": "application/pdf" },
      }),
    });
    const createObjectURL = vi.fn((_file: Blob) => "blob:credit-note");
    vi.stubGlobal("URL", Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    const { user } = await renderLinks("ar");

    await user.click(await screen.findByRole("button", { name: /تنزيل الإشعار الدائن .*A2026-000007.* بمبلغ .*220/ }));

    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(clicked[0]!.download).toBe("A2026-000007.pdf");
    const call = calls.find((item) => item.path === `/orders/${ORDER_ID}/credit-notes/A2026-000007`);
    expect(call?.url.searchParams.get("lang")).toBe("ar");
  });

  it("shows nothing for an order without credit notes, and asks nothing of an order never invoiced", async () => {
    const { calls } = fakeApi({ [`GET /orders/${ORDER_ID}/credit-notes`]: () => ({ body: { data: [] } }) });
    const { container } = await renderLinks("fr");
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(container).toBeEmptyDOMElement();

    const unpaid = fakeApi({});
    await renderLinks("fr", false);
    expect(unpaid.calls).toHaveLength(0);
  });
});
