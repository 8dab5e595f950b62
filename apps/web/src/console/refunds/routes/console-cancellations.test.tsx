import type { CancellationQueue } from "@esim/shared/console/refunds-contract";
import { ADMIN_API_BASE_PATH } from "@esim/shared/http";
import fr from "@esim/ui/messages/fr.json";
import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { apiError, fakeApi } from "../../../test/fake-api.ts";
import { CONSOLE_TOKEN_KEY } from "../../lib/operator-session.ts";
import { renderApp, setUpAppTests } from "../../test/render-app.tsx";

const A = ADMIN_API_BASE_PATH;
const SUPPORT = { id: "op-2", email: "karim@esim-store.dz", role: "support" as const, isEnrolled: true };
const REQUEST_ID = "11111111-1111-4111-8111-111111111111";
const ORDER_ID = "22222222-2222-4222-8222-222222222222";

const QUEUE: CancellationQueue = {
  cancellations: [
    {
      id: REQUEST_ID,
      orderNumber: "ES26-000123",
      iccid: "8988000000000000123",
      esimStatus: "New",
      email: "amina@example.dz",
      language: "ar",
      customerReason: "Voyage annulé",
      refundDzdMinor: 640_000,
      paidAt: "2026-11-24T08:00:00Z",
      requestedAt: "2026-11-24T09:00:00Z",
      ageMinutes: 90,
      windowEndsAt: "2026-11-25T08:00:00Z",
    },
  ],
  refundsToDecide: [
    {
      orderId: ORDER_ID,
      orderNumber: "ES26-000100",
      email: "yacine@example.dz",
      language: "fr",
      amountDzdMinor: 1_280_000,
      attentionKind: "provisioning_failed",
      attentionReason: "upstream timeout",
      since: "2026-11-23T10:00:00Z",
      ageMinutes: 1440,
      deadline: "2026-11-30T10:00:00Z",
      isOverdue: false,
    },
  ],
  refundsOwed: [
    {
      orderId: "33333333-3333-4333-8333-333333333333",
      orderNumber: "ES26-000050",
      email: null,
      language: "en",
      amountDzdMinor: 320_000,
      attentionKind: null,
      attentionReason: null,
      since: "2026-11-10T10:00:00Z",
      ageMinutes: 20_160,
      deadline: "2026-11-17T10:00:00Z",
      isOverdue: true,
    },
  ],
};

describe("the cancellations and refunds queue (/admin/cancellations)", () => {
  setUpAppTests();
  afterEach(() => window.sessionStorage.clear());

  it("lists each queue with its age and deadline, links orders, and offers the link to support", async () => {
    window.sessionStorage.setItem(CONSOLE_TOKEN_KEY, "operator-token");
    fakeApi({
      [`GET ${A}/me`]: () => ({ body: { data: SUPPORT } }),
      [`GET ${A}/cancellations`]: () => ({ body: { data: QUEUE } }),
    });
    await renderApp("/admin/cancellations", { language: "en" });
    const requests = await screen.findByRole("region", { name: "Cancellation requests (unused eSIM, 24 h)" });
    expect(within(requests).getByRole("link", { name: "ES26-000123" })).toHaveAttribute(
      "href",
      "/admin/orders/ES26-000123",
    );
    expect(requests).toHaveTextContent("8988000000000000123");
    expect(requests).toHaveTextContent("Arabic");
    expect(requests).toHaveTextContent("6,400 DA");
    expect(requests).toHaveTextContent("waiting 1h 30m");
    expect(requests).toHaveTextContent("Customer’s reason: Voyage annulé");
    const failures = screen.getByRole("region", { name: "Failed deliveries: refund?" });
    // The server's raw reason is folded under the console's own words, for support.
    expect(failures).toHaveTextContent("Problem: Provisioning failed");
    expect(within(failures).getByText("upstream timeout").closest("details")).not.toHaveAttribute("open");
    const owed = screen.getByRole("region", { name: "Refunds to make (7 days)" });
    expect(owed).toHaveTextContent("Overdue");
    expect(owed).toHaveTextContent("account deleted (no email)");
    expect(within(owed).queryByRole("button")).not.toBeInTheDocument();
    const nav = screen.getByRole("navigation", { name: "Console sections" });
    expect(within(nav).getByRole("link", { name: "Cancellations and refunds" })).toBeInTheDocument();
  });

  it("approves a request with the reason typed, once, then shows the queue without it", async () => {
    window.sessionStorage.setItem(CONSOLE_TOKEN_KEY, "operator-token");
    let queue = QUEUE;
    const { calls } = fakeApi({
      [`GET ${A}/me`]: () => ({ body: { data: SUPPORT } }),
      [`GET ${A}/cancellations`]: () => ({ body: { data: queue } }),
      [`POST ${A}/cancellations/${REQUEST_ID}/approve`]: () => {
        queue = { ...QUEUE, cancellations: [] };
        return { body: { data: { id: REQUEST_ID, status: "approved", decidedAt: "2026-11-24T10:00:00Z" } } };
      },
    });
    const { user } = await renderApp("/admin/cancellations", { language: "en" });
    await user.click(await screen.findByRole("button", { name: "Approve the request of order ES26-000123" }));
    const dialog = await screen.findByRole("dialog", { name: "Approve the cancellation of ES26-000123" });
    expect(dialog).toHaveTextContent("Email in Arabic.");
    const confirm = within(dialog).getByRole("button", { name: "Confirm" });
    expect(confirm).toBeDisabled();
    await user.click(within(dialog).getByLabelText("Message to the customer (sent as written)"));
    await user.paste("تمت الموافقة");
    await user.click(confirm);
    expect(await screen.findByText("Request approved: the customer is emailed.")).toHaveAttribute("role", "status");
    await waitFor(() => expect(screen.queryByText("8988000000000000123")).not.toBeInTheDocument());
    const posts = calls.filter((call) => call.method === "POST");
    expect(posts).toHaveLength(1);
    expect(posts[0]?.body).toEqual({ reason: "تمت الموافقة" });
    expect(posts[0]?.headers.get("authorization")).toBe("Bearer operator-token");
  });

  it("says in French why a decision failed, and keeps the dialog open", async () => {
    window.sessionStorage.setItem(CONSOLE_TOKEN_KEY, "operator-token");
    fakeApi({
      [`GET ${A}/me`]: () => ({ body: { data: SUPPORT } }),
      [`GET ${A}/cancellations`]: () => ({ body: { data: QUEUE } }),
      [`POST ${A}/refunds/${ORDER_ID}/refuse`]: () => apiError(409, "ALREADY_DECIDED"),
    });
    const { user } = await renderApp("/admin/cancellations", { language: "fr" });
    await user.click(await screen.findByRole("button", { name: "Continuer la livraison de la commande ES26-000100" }));
    const dialog = await screen.findByRole("dialog", { name: "Continuer la livraison de ES26-000100" });
    await user.click(within(dialog).getByLabelText("Message au client (envoyé tel quel)"));
    await user.paste("Nous relançons.");
    await user.click(within(dialog).getByRole("button", { name: "Confirmer" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(
      "Cette demande a déjà été traitée autrement. Rechargez la liste.",
    );
  });

  it("shows the eSIM installed since the request, and says so when approving it fails for that", async () => {
    window.sessionStorage.setItem(CONSOLE_TOKEN_KEY, "operator-token");
    const [request] = QUEUE.cancellations;
    const installed: CancellationQueue = { ...QUEUE, cancellations: [{ ...request!, esimStatus: "Onboard" }] };
    fakeApi({
      [`GET ${A}/me`]: () => ({ body: { data: SUPPORT } }),
      [`GET ${A}/cancellations`]: () => ({ body: { data: installed } }),
      [`POST ${A}/cancellations/${REQUEST_ID}/approve`]: () => apiError(409, "ESIM_INSTALLED_MEANWHILE"),
    });
    const { user } = await renderApp("/admin/cancellations", { language: "fr" });
    const requests = await screen.findByRole("region", { name: "Demandes d’annulation (eSIM non utilisée, 24 h)" });
    expect(requests).toHaveTextContent(`État de l’eSIM : ${fr["esimStatusName.onboard"]}`);
    expect(requests).toHaveTextContent("installée depuis la demande");
    await user.click(screen.getByRole("button", { name: "Accepter la demande de la commande ES26-000123" }));
    const dialog = await screen.findByRole("dialog");
    await user.click(within(dialog).getByLabelText("Message au client (envoyé tel quel)"));
    await user.paste("Annulée.");
    await user.click(within(dialog).getByRole("button", { name: "Confirmer" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(
      "Cette eSIM a été installée depuis la demande : le fournisseur ne l’annule plus et rien n’a changé. Refusez la demande.",
    );
  });

  it("lays the queue out right to left in Arabic", async () => {
    window.sessionStorage.setItem(CONSOLE_TOKEN_KEY, "operator-token");
    fakeApi({
      [`GET ${A}/me`]: () => ({ body: { data: SUPPORT } }),
      [`GET ${A}/cancellations`]: () => ({ body: { data: QUEUE } }),
    });
    await renderApp("/admin/cancellations", { language: "ar" });
    expect(await screen.findByRole("heading", { level: 1, name: "الإلغاءات والاسترداد" })).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute("dir", "rtl");
    expect(await screen.findByRole("button", { name: "قبول طلب الطلبية ES26-000123" })).toBeInTheDocument();
  });
});
