import type { ConsoleClaim } from "@esim/shared/claims/contracts";
import type { ConsoleOrderDetail } from "@esim/shared/console/orders-contract";
import type { CancellationQueue } from "@esim/shared/console/refunds-contract";
import { ADMIN_API_BASE_PATH } from "@esim/shared/http";
import type { Language } from "@esim/shared/locale";
import ar from "@esim/ui/messages/ar.json";
import consoleAr from "@esim/ui/messages/console/ar.json";
import consoleFr from "@esim/ui/messages/console/fr.json";
import fr from "@esim/ui/messages/fr.json";
import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { fakeApi } from "../../test/fake-api.ts";
import { CONSOLE_TOKEN_KEY } from "../lib/operator-session.ts";
import {
  AUDIT_ENTRIES,
  CUSTOMER_DETAIL,
  CUSTOMER_ID,
  DASHBOARD,
  ORDER_DETAIL,
  ORDER_SUMMARY,
} from "../test/console-fixtures.ts";
import { renderApp, setUpAppTests } from "../test/render-app.tsx";

// Every console screen, in French and in Arabic, read as an operator reads it: no English word, no raw code (a
// status, an audit action, a message id), no amount or date whose parts an Arabic line reorders ("DA 120"), no
// 12-hour clock. Decision 076.

const A = ADMIN_API_BASE_PATH;
const ADMIN = { id: "op-1", email: "nadia@esim-store.dz", role: "admin" as const, isEnrolled: true };
const LOADING: Record<"fr" | "ar", string> = { fr: fr["common.loading"], ar: ar["common.loading"] };
/** The words of an audit code the console does not know: the code was left out of its vocabulary. */
const UNKNOWN_ACTION: Record<"fr" | "ar", string> = {
  fr: consoleFr["console.audit.action.other"],
  ar: consoleAr["console.audit.action.other"],
};
const CLAIM_ID = "44444444-4444-4444-8444-444444444444";
// What the server and the upstream write in English (a flagged order's reason, a provisioning error, a gateway's
// event): the console words it, the raw text kept folded for support only.
const OVERDUE_REASON =
  "paid 10 minutes ago and not delivered (2 provisioning attempts, last error: Simulated upstream error)";

/** An order still failing to deliver, with the gateway's webhook in its history. */
const TROUBLED_ORDER: ConsoleOrderDetail = {
  ...ORDER_DETAIL,
  number: "ES26-000043",
  status: "confirmed",
  payment: { ...ORDER_DETAIL.payment!, provider: "sandbox" },
  provisioning: { ...ORDER_DETAIL.provisioning, attempts: 2, lastError: "Simulated upstream error" },
  timeline: [
    ...ORDER_DETAIL.timeline,
    { kind: "webhook", at: "2026-11-24T10:59:00Z", provider: "sandbox", eventId: "evt_1", eventType: "checkout.paid" },
  ],
};

/** An order a relative paid through the traveller's pay-for-me link, with the receipt address they gave. */
const PAID_BY_RELATIVE: ConsoleOrderDetail = {
  ...ORDER_DETAIL,
  number: "ES26-000044",
  paidBy: {
    kind: "payLink",
    payerEmail: "tata@example.dz",
    creditDzdMinor: 0,
    linkCreatedAt: "2026-11-24T08:00:00Z",
  },
};

const QUEUE: CancellationQueue = {
  cancellations: [],
  refundsToDecide: [
    {
      orderId: "22222222-2222-4222-8222-222222222222",
      orderNumber: "ES26-000100",
      email: "yacine@example.dz",
      language: "fr",
      amountDzdMinor: 1_280_000,
      attentionKind: "delivery_overdue",
      attentionReason: OVERDUE_REASON,
      since: "2026-11-23T10:00:00Z",
      ageMinutes: 1440,
      deadline: "2026-11-30T10:00:00Z",
      isOverdue: false,
    },
  ],
  refundsOwed: [],
};

const CLAIM: ConsoleClaim = {
  claim: {
    id: CLAIM_ID,
    esimId: "55555555-5555-4555-8555-555555555555",
    orderId: "66666666-6666-4666-8666-666666666666",
    reason: "cannot_connect",
    status: "received",
    refundPreference: "transfer",
    openedAt: "2026-11-17T09:00:00Z",
    settleBy: "2026-11-24T09:00:00Z",
    isRefundable: true,
    refundableUntil: "2026-11-20T09:00:00Z",
    refund: null,
    refusalReason: null,
    canReply: true,
    messages: [{ author: "traveller", body: "Pas de réseau", at: "2026-11-17T09:00:00Z" }],
  },
  item: {
    id: CLAIM_ID,
    status: "received",
    reason: "cannot_connect",
    orderNumber: "ES26-000123",
    email: "amina@example.dz",
    language: "fr",
    iccid: "8988000000000000123",
    destinationCode: "TR",
    openedAt: "2026-11-17T09:00:00Z",
    settleBy: "2026-11-24T09:00:00Z",
    isOverdue: true,
    isRefundable: true,
  },
  esim: {
    status: "In Use",
    dataUsedBytes: 300 * 1024 ** 2,
    dataTotalBytes: 1024 ** 3,
    usageUpdatedAt: null,
    expiresAt: null,
    apn: null,
    networks: [{ name: "Turkcell", type: "4G" }],
  },
  order: { chargeDzdMinor: 220_000, owedDzdMinor: 0, paidAt: "2026-11-16T09:00:00Z" },
  esimShareDzdMinor: 110_000,
};

const API = {
  [`GET ${A}/me`]: () => ({ body: { data: ADMIN } }),
  [`GET ${A}/dashboard`]: () => ({ body: { data: DASHBOARD } }),
  [`GET ${A}/orders`]: () => ({ body: { data: [ORDER_SUMMARY], page: 1, hasMore: false } }),
  [`GET ${A}/orders/ES26-000042`]: () => ({ body: { data: ORDER_DETAIL } }),
  [`GET ${A}/orders/ES26-000042/margin`]: () => ({ status: 404, body: { error: { code: "NOT_FOUND", message: "" } } }),
  [`GET ${A}/orders/ES26-000043`]: () => ({ body: { data: TROUBLED_ORDER } }),
  [`GET ${A}/orders/ES26-000044`]: () => ({ body: { data: PAID_BY_RELATIVE } }),
  [`GET ${A}/orders/ES26-000044/margin`]: () => ({ status: 404, body: { error: { code: "NOT_FOUND", message: "" } } }),
  [`GET ${A}/orders/ES26-000043/margin`]: () => ({ status: 404, body: { error: { code: "NOT_FOUND", message: "" } } }),
  [`GET ${A}/cancellations`]: () => ({ body: { data: QUEUE } }),
  [`GET ${A}/claims/${CLAIM_ID}`]: () => ({ body: { data: CLAIM } }),
  [`GET ${A}/audit-log`]: () => ({
    body: {
      data: [
        { ...AUDIT_ENTRIES[1], id: "4", action: "orders.exported", entityId: null, after: { rows: 25 } },
        ...AUDIT_ENTRIES,
      ],
      nextCursor: null,
    },
  }),
  [`GET ${A}/operators`]: () => ({
    body: {
      data: [
        { ...ADMIN, isDisabled: false, createdAt: "2026-11-01T09:00:00Z", liveSessions: 1 },
        {
          id: "op-2",
          email: "karim@esim-store.dz",
          role: "support",
          isEnrolled: true,
          isDisabled: false,
          createdAt: "2026-11-02T13:30:00Z",
          liveSessions: 0,
        },
      ],
    },
  }),
  [`GET ${A}/customers/${CUSTOMER_ID}`]: () => ({ body: { data: CUSTOMER_DETAIL } }),
  [`GET ${A}/customers/${CUSTOMER_ID}/store-credit`]: () => ({ body: { data: { balanceDzdMinor: 0, entries: [] } } }),
  [`POST ${A}/customers/${CUSTOMER_ID}/esims/refresh`]: () => ({ body: { data: CUSTOMER_DETAIL.esims } }),
  [`GET ${A}/customers`]: () => ({
    body: {
      data: [
        {
          id: CUSTOMER_ID,
          email: "amina@example.com",
          name: "Amina Benali",
          phone: "+213555123456",
          country: "DZ",
          createdAt: "2026-10-01T09:00:00Z",
          deletedAt: null,
          orderCount: 1,
        },
      ],
      page: 1,
      hasMore: false,
    },
  }),
  [`GET ${A}/coupons`]: () => ({
    body: {
      data: [
        {
          id: "77777777-7777-4777-8777-777777777777",
          code: "ETE2026",
          kind: "percent",
          percentOff: 15,
          amountOffDzdMinor: null,
          startsAt: null,
          endsAt: "2026-12-31T23:00:00Z",
          maxUses: 100,
          maxUsesPerUser: 1,
          minOrderDzdMinor: 100_000,
          packageIds: null,
          isBlocked: false,
          allowsBelowCost: true,
          state: "active",
          usesCount: 3,
          paidOrders: 2,
          revenueDzdMinor: 340_000,
          createdAt: "2026-11-20T10:00:00Z",
        },
      ],
    },
  }),
  [`GET ${A}/sessions`]: () => ({
    body: {
      data: [
        {
          id: "11111111-1111-4111-8111-111111111111",
          createdAt: "2026-11-24T08:00:00Z",
          expiresAt: "2026-11-24T20:00:00Z",
          createdIp: "198.51.100.7",
          userAgent: "Firefox",
          isCurrent: true,
        },
      ],
    },
  }),
  [`GET ${A}/prices`]: () => ({
    body: {
      data: {
        dzdPerUsd: "135",
        markupBps: 3200,
        destinationMarkups: [{ destinationCode: "TR", markupBps: 4000 }],
        serviceFeeDzdMinor: 5_000,
        updatedAt: "2026-11-24T10:58:00Z",
      },
    },
  }),
};

/** Each screen and a value its data shows once loaded. */
const SCREENS = [
  { name: "dashboard", path: "/admin", shows: "ORD-1001" },
  { name: "orders", path: "/admin/orders", shows: "amina@example.com" },
  { name: "an order", path: "/admin/orders/ES26-000042", shows: "VIR-0042" },
  { name: "an order failing to deliver", path: "/admin/orders/ES26-000043", shows: "ES26-000043" },
  { name: "an order a relative paid by a link", path: "/admin/orders/ES26-000044", shows: "tata@example.dz" },
  { name: "the refunds queue", path: "/admin/cancellations", shows: "ES26-000100" },
  { name: "a claim", path: `/admin/claims/${CLAIM_ID}`, shows: "ES26-000123" },
  { name: "audit log", path: "/admin/audit", shows: "ETE2026" },
  { name: "team", path: "/admin/team", shows: "karim@esim-store.dz" },
  { name: "a customer", path: `/admin/customers/${CUSTOMER_ID}`, shows: "8988247000001234567" },
  { name: "prices", path: "/admin/prices", shows: "135" },
  { name: "customers", path: "/admin/customers?q=amina", shows: "+213 555 12 34 56" },
  { name: "coupons", path: "/admin/coupons", shows: "ETE2026" },
  { name: "sessions", path: "/admin/sessions", shows: "198.51.100.7" },
];

const word = (pattern: string) => new RegExp(`(?<![\\p{L}\\p{N}_])(?:${pattern})(?![\\p{L}\\p{N}_])`, "u");

/** What an operator must never read on a French or Arabic screen, each with why. */
const FORBIDDEN: Array<[RegExp, string]> = [
  [word("New|In Use|Onboard|Depleted|Deleted|Unknown|Canceled"), "an eSIM status in the supplier's English"],
  [
    word("not_paid|paid|pending|confirmed|delivered|rejected|on_hold|refund_due|refunded|successful|failed|in_use"),
    "an order or payment status code",
  ],
  [/(?<![@\p{L}\p{N}._-])[a-z][a-z_]*(?:\.[A-Za-z_]+)+(?![\p{L}\p{N}@-])/u, "a dotted code (audit action, message id)"],
  [/(?<![\p{L}\p{N}])[A-Z][A-Z0-9]*_[A-Z0-9_]+(?![\p{L}\p{N}])/u, "an UPPER_SNAKE code"],
  [/(?<![\p{L}\p{N}])[a-z]+_[a-z_]+(?![\p{L}\p{N}])/u, "a snake_case code"],
  [word("edahabia|cib|chargily_app|card"), "a payment method's code"],
  [word("AM|PM"), "a 12-hour clock"],
  [
    word(
      "the|by|at|placed|checkout|customer|operator|order|refund|payment|waiting|overdue|days|GB|MB|Turkey|ago|error|Simulated|sandbox|Webhook",
    ),
    "an English word",
  ],
];

/** Text in a <bdi> or a left-to-right element, or wrapped in Unicode isolates, keeps its order in an Arabic line. */
const AMOUNT_OR_DATE = /\d[\d,.]*\s?DA|\d{2}\/\d{2}\/\d{4}(?: \d{2}:\d{2})?/g;

function isIsolated(node: Text, index: number): boolean {
  if (node.parentElement?.closest("bdi, [dir='ltr']")) return true;
  return /[\u2066\u2068]$/.test(node.data.slice(0, index));
}

/** Every text the operator can read (text nodes, titles, labels, placeholders) and what is wrong in it. */
function findingsOnScreen(language: "fr" | "ar"): string[] {
  const findings: string[] = [];
  const check = (text: string, where: string) => {
    for (const [pattern, why] of FORBIDDEN) {
      const match = text.match(pattern);
      if (match) findings.push(`${why}: "${match[0]}" in "${text.trim().slice(0, 80)}" (${where})`);
    }
  };
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
    // Raw text kept for support (an upstream's error, a gateway's event id) sits folded under its translated summary.
    if (node.parentElement?.closest("script, style, [data-raw-for-support]")) continue;
    if (node.data.includes(UNKNOWN_ACTION[language])) findings.push(`an audit code the console does not word`);
    check(node.data, node.parentElement?.tagName.toLowerCase() ?? "text");
    if (language !== "ar") continue;
    for (const match of node.data.matchAll(AMOUNT_OR_DATE)) {
      if (!isIsolated(node, match.index)) {
        findings.push(`not isolated in Arabic (read reversed): "${match[0]}" in "${node.data.trim().slice(0, 80)}"`);
      }
    }
  }
  for (const element of document.body.querySelectorAll("[title], [aria-label], [placeholder]")) {
    for (const name of ["title", "aria-label", "placeholder"]) {
      const value = element.getAttribute(name);
      if (value) check(value, `${element.tagName.toLowerCase()}[${name}]`);
    }
  }
  return findings;
}

describe("every console screen in French and Arabic", () => {
  setUpAppTests();
  afterEach(() => window.sessionStorage.clear());

  for (const language of ["fr", "ar"] as const satisfies readonly Language[]) {
    for (const { name, path, shows } of SCREENS) {
      it(`shows ${name} in ${language} with words of the catalogue, no English and no raw code`, async () => {
        window.sessionStorage.setItem(CONSOLE_TOKEN_KEY, "operator-token");
        fakeApi(API);
        await renderApp(path, { language });
        expect((await screen.findAllByText(shows, { exact: false })).length).toBeGreaterThan(0);
        await waitFor(() => expect(document.body.textContent).not.toContain(LOADING[language]));
        expect(findingsOnScreen(language)).toEqual([]);
      });
    }
  }
});

describe("the console on a phone (390 px) and without a mouse", () => {
  setUpAppTests();
  afterEach(() => window.sessionStorage.clear());

  const open = async (path: string, shows: string, language: Language = "fr") => {
    window.sessionStorage.setItem(CONSOLE_TOKEN_KEY, "operator-token");
    fakeApi(API);
    const rendered = await renderApp(path, { language });
    expect((await screen.findAllByText(shows, { exact: false })).length).toBeGreaterThan(0);
    return rendered;
  };

  it("opens each order of the dashboard's queues from its number", async () => {
    await open("/admin", "ORD-1001");
    for (const number of ["ORD-1001", "ORD-0999", "ORD-0990", "ORD-0900"]) {
      expect(screen.getByRole("link", { name: number })).toHaveAttribute("href", `/admin/orders/${number}`);
    }
  });

  it("shows the chart's figures without a hover: the 30 days summed, the best day, and every day in a table", async () => {
    const { user } = await open("/admin", "ORD-1001");
    const chart = screen.getByRole("figure");
    // 30 days of 0, 6,400 and 12,800 DA in turn: 192,000 DA and 30 paid orders; the best day is the 3rd.
    const text = chart.textContent?.replace(/[\u2066-\u2069]/g, "");
    expect(text).toContain("192,000 DA de ventes brutes en 30 jours, 30 commandes payées");
    expect(text).toContain("meilleur jour : 03/11, 12,800 DA");
    expect(chart.querySelector("[title]")).toBeNull();
    await user.click(within(chart).getByText("Chiffres jour par jour"));
    const table = within(chart).getByRole("table");
    expect(table.closest(".sr-only")).toBeNull();
    expect(within(table).getAllByRole("row")).toHaveLength(31);
  });

  it("says who paid an order: a relative through the customer's link, and where their receipt went", async () => {
    await open("/admin/orders/ES26-000044", "tata@example.dz");
    const paidBy = screen.getByText("Payé par", { selector: "dt" }).nextElementSibling!;
    expect(paidBy).toHaveTextContent(/^Un proche, par le lien « Payer pour moi » du client \(créé le .*24\/11\/2026/);
    expect(paidBy).toHaveTextContent("Reçu du proche envoyé à \u2068tata@example.dz\u2069");
  });

  it("lists a customer's pay-for-me links with their state, amount and dates", async () => {
    await open(`/admin/customers/${CUSTOMER_ID}`, "8988247000001234567");
    const section = screen.getByRole("region", { name: "Liens « Payer pour moi »" });
    expect(section).toHaveTextContent("Une recharge d’une de ses eSIM · \u2068990 DA\u2069");
    expect(section).toHaveTextContent("Payé");
    expect(section).toHaveTextContent(
      /Créé le .*24\/11\/2026 09:00.*, valable jusqu’au .*27\/11\/2026 09:00.* · Payé le .*24\/11\/2026 10:30/,
    );
  });

  it("lists a customer's auto top-ups and store credit loads with their state, amounts and references", async () => {
    await open(`/admin/customers/${CUSTOMER_ID}`, "8988247000001234567");
    const autoTopUps = screen.getByRole("region", { name: "Recharges automatiques" });
    expect(autoTopUps).toHaveTextContent("eSIM \u20668988247000001234567\u2069 · Activée");
    expect(autoTopUps).toHaveTextContent("Turquie");
    expect(autoTopUps).toHaveTextContent(/Achetée quand il reste moins de .20%. des données ou moins d’un jour/);
    expect(autoTopUps).toHaveTextContent("1 ce mois-ci, 3 au plus");
    expect(autoTopUps).toHaveTextContent(/Dernière recharge automatique le .*25\/11\/2026 08:15/);
    const loads = screen.getByRole("region", { name: "Chargements de crédit boutique" });
    expect(loads).toHaveTextContent("\u20682,000 DA\u2069 · Payé, crédité");
    expect(loads).toHaveTextContent("\u20681,000 DA\u2069 · En attente de paiement");
    expect(loads).toHaveTextContent("Reçu \u2066R2026-000007\u2069");
    expect(loads).toHaveTextContent("Chargily · EDAHABIA, référence \u206601jf3k9x2m8p7q6r5s4t3u2v1w\u2069");
    expect(loads).not.toHaveTextContent(/avoir/i);
  });

  it("lists them in Arabic too", async () => {
    await open(`/admin/customers/${CUSTOMER_ID}`, "8988247000001234567", "ar");
    expect(screen.getByRole("region", { name: "الشحن التلقائي" })).toHaveTextContent("مفعّل");
    const arLoads = screen.getByRole("region", { name: "شحنات رصيد المتجر" });
    expect(arLoads).toHaveTextContent("مدفوع، أُضيف إلى الرصيد");
    expect(arLoads).toHaveTextContent("بانتظار الدفع");
    expect(arLoads).toHaveTextContent("الإيصال \u2066R2026-000007\u2069");
  });

  it("keeps the menu to one row: the daily sections in it, the others grouped under « Plus »", async () => {
    await open("/admin", "ORD-1001");
    const nav = screen.getByRole("navigation", { name: "Sections de la console" });
    const [row, more] = within(nav).getAllByRole("list");
    // Six sections fit one row at 1 280 px in French and Arabic (thirteen wrapped to two); on a phone it scrolls.
    expect(row).toHaveClass("flex-nowrap", "overflow-x-auto");
    expect(row).not.toHaveClass("sm:flex-wrap");
    expect(
      within(row!)
        .getAllByRole("link")
        .map((link) => link.textContent),
    ).toEqual([
      "Tableau de bord",
      "Commandes",
      "Clients",
      "Annulations et remboursements",
      "Réclamations",
      "Codes promo",
    ]);
    const summary = within(nav).getByText("Plus", { selector: "summary" });
    expect(summary.closest("details")).not.toHaveAttribute("open");
    expect(
      within(more!)
        .getAllByRole("link")
        .map((link) => link.textContent),
    ).toEqual(["Prix", "Parrainage", "Catalogue", "Facturation", "Équipe", "Journal d’audit", "Mes sessions"]);
  });

  it("gives the role select of the team the room of its longest role on a phone", async () => {
    await open("/admin/team", "karim@esim-store.dz");
    const select = screen.getByRole("combobox", { name: /karim@esim-store\.dz/ });
    expect(select).toHaveDisplayValue("Support");
    expect(select.parentElement).not.toHaveClass("w-40");
    expect(select.parentElement).toHaveClass("w-full", "sm:w-auto");
  });
});

describe("the dashboard's chart in a month without a sale", () => {
  setUpAppTests();
  afterEach(() => window.sessionStorage.clear());

  it("names no best day when nothing sold", async () => {
    window.sessionStorage.setItem(CONSOLE_TOKEN_KEY, "operator-token");
    const quiet = {
      ...DASHBOARD,
      dailySales: DASHBOARD.dailySales.map((day) => ({ ...day, paidOrders: 0, grossDzdMinor: 0, netDzdMinor: 0 })),
    };
    fakeApi({ ...API, [`GET ${A}/dashboard`]: () => ({ body: { data: quiet } }) });
    await renderApp("/admin", { language: "fr" });
    const chart = await screen.findByRole("figure");
    expect(chart.textContent?.replace(/[\u2066-\u2069]/g, "")).toContain(
      "0 DA de ventes brutes en 30 jours, 0 commandes payées.",
    );
    expect(chart).not.toHaveTextContent("meilleur jour");
  });
});
