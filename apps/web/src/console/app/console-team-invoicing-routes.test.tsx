import { ADMIN_API_BASE_PATH } from "@esim/shared/http";
import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { apiError, fakeApi } from "../../test/fake-api.ts";
import { CONSOLE_TOKEN_KEY } from "../lib/operator-session.ts";
import { renderApp, setUpAppTests } from "../test/render-app.tsx";

type Handlers = Parameters<typeof fakeApi>[0];

const A = ADMIN_API_BASE_PATH;
const ADMIN = { id: "op-1", email: "nadia@esim-store.dz", role: "admin" as const, isEnrolled: true };
const SUPPORT = { id: "op-2", email: "karim@esim-store.dz", role: "support" as const, isEnrolled: true };

function consoleApi(operator: typeof ADMIN | typeof SUPPORT, handlers: Handlers = {}) {
  window.sessionStorage.setItem(CONSOLE_TOKEN_KEY, "operator-token");
  return fakeApi({ [`GET ${A}/me`]: () => ({ body: { data: operator } }), ...handlers });
}

const teamMember = (overrides: Record<string, unknown>) => ({
  id: "op-2",
  email: "karim@esim-store.dz",
  role: "support",
  isEnrolled: true,
  isDisabled: false,
  createdAt: "2026-11-01T09:00:00Z",
  liveSessions: 1,
  ...overrides,
});

const IDENTITY = {
  name: "eSIM Store SARL",
  address: "12 rue Didouche Mourad, 16000 Alger",
  nif: "000116012345678",
  nis: "000116290012345",
  rc: "16/00-1234567 B 18",
  article: "16012345678",
  tvaRateBps: 1900,
  tvaExemption: null,
};

describe("the console's team and invoicing pages", () => {
  setUpAppTests();
  afterEach(() => {
    window.sessionStorage.clear();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("lists the team, offers no action on oneself, and disables another after confirming", async () => {
    let karim = teamMember({});
    const { calls } = consoleApi(ADMIN, {
      [`GET ${A}/operators`]: () => ({ body: { data: [teamMember({ ...ADMIN, liveSessions: 1 }), karim] } }),
      [`PATCH ${A}/operators/op-2`]: ({ body }) => {
        karim = { ...karim, ...(body as object), liveSessions: 0 };
        return { body: { data: karim } };
      },
    });
    const { user } = await renderApp("/admin/team", { language: "en" });
    const mine = (await screen.findByText("(you)")).closest("li") as HTMLElement;
    expect(within(mine).queryByRole("button")).not.toBeInTheDocument();

    const other = screen.getByText("karim@esim-store.dz").closest("li") as HTMLElement;
    await user.click(within(other).getByRole("button", { name: "Disable" }));
    const dialog = await screen.findByRole("dialog");
    expect(dialog).toHaveTextContent("karim@esim-store.dz is signed out everywhere now");
    await user.click(within(dialog).getByRole("button", { name: "Disable" }));
    expect(await screen.findByText("Disabled")).toBeInTheDocument();
    expect(calls.find((call) => call.method === "PATCH")?.body).toEqual({ isDisabled: true });
  });

  it("adds an operator and says whether they were new", async () => {
    const { calls } = consoleApi(ADMIN, {
      [`GET ${A}/operators`]: () => ({ body: { data: [] } }),
      [`POST ${A}/operators`]: () => ({
        body: {
          data: teamMember({ email: "amel@esim-store.dz", isEnrolled: false, liveSessions: 0 }),
          isCreated: true,
        },
      }),
    });
    const { user } = await renderApp("/admin/team", { language: "fr" });
    await user.type(await screen.findByLabelText("Adresse e-mail"), "amel@esim-store.dz");
    await user.selectOptions(screen.getByLabelText("Rôle"), "admin");
    await user.click(screen.getByRole("button", { name: "Ajouter un opérateur" }));
    expect(await screen.findByText(/amel@esim-store.dz ajouté/)).toHaveAttribute("role", "status");
    expect(calls.find((call) => call.method === "POST")?.body).toEqual({ email: "amel@esim-store.dz", role: "admin" });
  });

  it("shows each wrong field of the seller's identity in the operator's language", async () => {
    consoleApi(ADMIN, {
      [`GET ${A}/seller`]: () => ({ body: { data: IDENTITY, isFromConfiguration: true } }),
      [`PUT ${A}/seller`]: () => apiError(400, "VALIDATION_FAILED", { nif: "INVALID" }),
    });
    const { user } = await renderApp("/admin/invoicing", { language: "fr" });
    expect(await screen.findByText(/ces mentions viennent de la configuration du serveur/)).toBeInTheDocument();
    const nif = screen.getByLabelText("NIF");
    await user.clear(nif);
    await user.type(nif, "1234");
    await user.click(screen.getByRole("button", { name: "Enregistrer" }));
    expect(await screen.findByText("Le NIF compte 15 ou 20 chiffres.")).toBeInTheDocument();
    expect(nif).toHaveAttribute("aria-invalid", "true");
  });

  it("sends the TVA rate typed with a comma as basis points, and an exemption with its mention", async () => {
    const { calls } = consoleApi(ADMIN, {
      [`GET ${A}/seller`]: () => ({ body: { data: IDENTITY, isFromConfiguration: false } }),
      [`PUT ${A}/seller`]: ({ body }) => ({ body: { data: body, isFromConfiguration: false } }),
    });
    const { user } = await renderApp("/admin/invoicing", { language: "fr" });
    const rate = await screen.findByLabelText("Taux de TVA (%)");
    await user.clear(rate);
    await user.type(rate, "9,5");
    await user.click(screen.getByRole("button", { name: "Enregistrer" }));
    await waitFor(() => expect(calls.filter((call) => call.method === "PUT")).toHaveLength(1));
    expect(calls.find((call) => call.method === "PUT")?.body).toMatchObject({ tvaRateBps: 950, tvaExemption: null });
    expect(await screen.findByText(/Enregistré/)).toBeInTheDocument();
  });

  it("lists the credit notes of the days chosen in Arabic, pages on, and downloads one's PDF with the bearer", async () => {
    const creditNote = (number: string) => ({
      number,
      issuedAt: "2026-11-20T10:00:00Z",
      invoiceNumber: "F2026-000042",
      orderNumber: "ES26-000042",
      customerName: "أمينة بن علي",
      customerEmail: "amina@example.dz",
      amountHtDzdMinor: 1000_00,
      tvaDzdMinor: 190_00,
      amountTtcDzdMinor: 1190_00,
      reason: "eSIM annulée",
    });
    const { calls } = consoleApi(ADMIN, {
      [`GET ${A}/seller`]: () => ({ body: { data: IDENTITY, isFromConfiguration: false } }),
      [`GET ${A}/credit-notes`]: ({ url }) =>
        url.searchParams.get("page") === "2"
          ? { body: { data: [creditNote("A2026-000051")], page: 2, hasMore: false } }
          : { body: { data: [creditNote("A2026-000001")], page: 1, hasMore: true } },
      [`GET ${A}/credit-notes/A2026-000001/pdf`]: () => ({
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
    const { user } = await renderApp("/admin/invoicing", { language: "ar" });

    const list = await screen.findByRole("list", { name: "الإشعارات الدائنة الصادرة" });
    expect(list).toHaveTextContent("A2026-000001");
    expect(list).toHaveTextContent(/يصحح الفاتورة F2026-000042 · الطلب ES26-000042/);
    expect(list).toHaveTextContent("أمينة بن علي");
    expect(list).toHaveTextContent(/1[,.٬]190/);
    const firstCall = calls.find((call) => call.path === `${A}/credit-notes`);
    expect(firstCall?.url.searchParams.get("page")).toBe("1");
    expect(firstCall?.url.searchParams.get("from")).toMatch(/^\d{4}-\d{2}-01$/);

    await user.click(screen.getByRole("button", { name: "تنزيل PDF" }));
    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(clicked[0]!.download).toBe("A2026-000001.pdf");
    const pdfCall = calls.find((call) => call.path === `${A}/credit-notes/A2026-000001/pdf`);
    expect(pdfCall?.url.searchParams.get("lang")).toBe("ar");
    expect(pdfCall?.headers.get("authorization")).toBe("Bearer operator-token");

    await user.click(screen.getByRole("button", { name: "التالية" }));
    expect(await screen.findByText("A2026-000051")).toBeInTheDocument();
  });

  it("tells a support operator the invoicing and team pages are for admins, and asks the API nothing", async () => {
    const { calls } = consoleApi(SUPPORT);
    await renderApp("/admin/invoicing", { language: "ar" });
    expect(await screen.findByRole("alert")).toHaveTextContent("هذه الصفحة للمسؤولين فقط.");
    const nav = screen.getByRole("navigation");
    expect(within(nav).queryByRole("link", { name: "الفوترة" })).not.toBeInTheDocument();
    expect(within(nav).queryByRole("link", { name: "الفريق" })).not.toBeInTheDocument();
    expect(calls.some((call) => call.path.startsWith(`${A}/seller`))).toBe(false);
  });
});
