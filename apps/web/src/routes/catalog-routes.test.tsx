import type { Plan } from "@esim/shared/catalog/contracts";
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { EUROPE, PLAN_7_DAYS, PLAN_30_DAYS, TURKEY } from "../test/buying-fixtures.ts";
import { fakeApi, ME, SIGNED_IN_HANDLERS } from "../test/fake-api.ts";
import { disposeApp, renderApp, setUpAppTests } from "../test/render-app.tsx";

const DESTINATIONS = [TURKEY, EUROPE];

function catalogApi() {
  return fakeApi({
    ...SIGNED_IN_HANDLERS,
    "GET /destinations": ({ url }) => {
      const q = (url.searchParams.get("q") ?? "").toLowerCase();
      const type = url.searchParams.get("type");
      // The API leads a city or an airport to its country and says which place it matched.
      if (type !== "region" && (q === "istanbul" || q === "إسطنبول" || q === "saw")) {
        const istanbul = { fr: "Istanbul", en: "Istanbul", ar: "إسطنبول" };
        return {
          body: { data: [{ ...TURKEY, matchedPlace: { names: istanbul, airport: q === "saw" ? "SAW" : null } }] },
        };
      }
      const found = DESTINATIONS.filter(
        (destination) =>
          (!type || destination.type === type) &&
          Object.values(destination.names).some((name) => name.toLowerCase().includes(q)),
      );
      return { body: { data: found } };
    },
    "GET /destinations/TR/packages": ({ url }) => {
      const days = url.searchParams.get("days");
      const plans = [PLAN_7_DAYS, PLAN_30_DAYS].filter((plan) => !days || plan.validityDays === Number(days));
      return { body: { data: { destination: TURKEY, availableDays: [30, 7], plans, regionalSuggestion: null } } };
    },
  });
}

describe("catalog screens", () => {
  setUpAppTests();

  it("searches countries as the user types, in French, and regions in their tab", async () => {
    const { fetchMock } = catalogApi();
    const { user } = await renderApp("/home", { token: "token-1" });
    await user.type(await screen.findByLabelText("Rechercher un pays", {}, { timeout: 5000 }), "turq");

    // Debounced: the server is asked for the whole word, never letter by letter.
    const searches = () => fetchMock.mock.calls.map(([input]) => String(input)).filter((url) => url.includes("q="));
    // The Countries tab also asks which regions the word names (see the region offer below).
    await waitFor(() =>
      expect(searches().sort()).toEqual([
        "/api/v1/app/destinations?q=turq&type=country",
        "/api/v1/app/destinations?q=turq&type=region",
      ]),
    );
    const panel = screen.getByRole("tabpanel");
    expect(await within(panel).findByText("1 destination trouvée")).toBeInTheDocument();
    const turkey = within(panel).getByRole("link", { name: /Turquie/ });
    expect(turkey).toHaveAttribute("href", "/packages/TR");
    expect(turkey).toHaveTextContent("dès 640 DA");

    await user.click(screen.getByRole("tab", { name: "Régions" }));
    expect(screen.getByRole("tab", { name: "Régions" })).toHaveAttribute("aria-selected", "true");
    await user.clear(screen.getByLabelText("Rechercher une région"));
    await user.type(screen.getByLabelText("Rechercher une région"), "eur");
    const europe = await within(screen.getByRole("tabpanel")).findByRole("link", { name: /Europe/ });
    expect(europe).toHaveTextContent("4 pays");
    expect(within(screen.getByRole("tabpanel")).queryByRole("link", { name: /Turquie/ })).not.toBeInTheDocument();
  });

  it("offers the region whose name is searched on the Countries tab, in French and in Arabic", async () => {
    catalogApi();
    const { user } = await renderApp("/search", { token: "token-1" });
    await user.type(await screen.findByLabelText("Rechercher un pays", {}, { timeout: 5000 }), "Europe");
    const offer = await screen.findByRole("region", {
      name: "Une région porte ce nom : un seul forfait pour plusieurs pays",
    });
    const europe = within(offer).getByRole("link", { name: /Europe/ });
    expect(europe).toHaveAttribute("href", "/packages/europe");
    expect(europe).toHaveTextContent("4 pays");
    expect(within(screen.getByRole("tabpanel")).getByRole("status")).toHaveTextContent(
      "Aucun pays ne s’appelle \u2068Europe\u2069 : voyez la région ci-dessus.",
    );
    expect(screen.getByRole("tab", { name: "Pays" })).toHaveAttribute("aria-selected", "true");
    disposeApp();

    catalogApi();
    const arabic = await renderApp("/search", { token: "token-1", language: "ar" });
    await arabic.user.type(await screen.findByLabelText("ابحث عن دولة"), "أوروبا");
    const offerAr = await screen.findByRole("region", { name: "منطقة بهذا الاسم: باقة واحدة لعدة دول" });
    expect(within(offerAr).getByRole("link", { name: /أوروبا/ })).toHaveAttribute("href", "/packages/europe");
  });

  it("offers no region for a country's name", async () => {
    catalogApi();
    const { user } = await renderApp("/search", { token: "token-1" });
    await user.type(await screen.findByLabelText("Rechercher un pays", {}, { timeout: 5000 }), "Turquie");
    expect(await screen.findByText("1 destination trouvée")).toBeInTheDocument();
    expect(screen.queryByRole("region", { name: /Une région porte ce nom/ })).not.toBeInTheDocument();
  });

  it("lists a region's countries on its plans page in the order of the reader's language", async () => {
    fakeApi({
      ...SIGNED_IN_HANDLERS,
      "GET /destinations/europe/packages": () => ({
        body: { data: { destination: EUROPE, availableDays: [7], plans: [PLAN_7_DAYS], regionalSuggestion: null } },
      }),
    });
    await renderApp("/packages/europe", { token: "token-1", language: "ar" });
    const header = await screen.findByRole("heading", { level: 2, name: "أوروبا" }, { timeout: 5000 });
    expect(header.closest("header")).toHaveTextContent("إسبانيا، ألمانيا، إيطاليا، فرنسا");
  });

  it("searches in Arabic, right to left, with names in Arabic", async () => {
    catalogApi();
    const { user } = await renderApp("/home", { token: "token-1", language: "ar" });
    expect(document.documentElement).toHaveAttribute("dir", "rtl");
    await user.type(await screen.findByLabelText("ابحث عن دولة"), "ترك");
    const turkey = await within(screen.getByRole("tabpanel")).findByRole("link", { name: /تركيا/ });
    expect(turkey).toHaveTextContent("ابتداءً من 640 DA");
    // The amount is isolated so it reads "640 DA", not "DA 640".
    expect(within(turkey).getByText("640 DA").tagName).toBe("BDI");
    // Flags are never mirrored.
    expect(turkey.querySelector("img")?.className).not.toMatch(/scale-x/);
  });

  it("shows a country found through a city or an airport as “Istanbul → Turquie”", async () => {
    catalogApi();
    const { user } = await renderApp("/search", { token: "token-1" });
    await user.type(await screen.findByLabelText("Rechercher un pays", {}, { timeout: 5000 }), "Istanbul");
    const turkey = await within(screen.getByRole("tabpanel")).findByRole("link", { name: /Istanbul → Turquie/ });
    expect(turkey).toHaveAttribute("href", "/packages/TR");
    await user.clear(screen.getByLabelText("Rechercher un pays"));
    await user.type(screen.getByLabelText("Rechercher un pays"), "saw");
    expect(
      await within(screen.getByRole("tabpanel")).findByRole("link", { name: /Istanbul \(\u2068SAW\u2069\) → Turquie/ }),
    ).toBeInTheDocument();
  }, 15_000);

  it("shows a country found through a city in Arabic with the arrow pointing from the city to the country", async () => {
    catalogApi();
    const { user } = await renderApp("/search", { token: "token-1", language: "ar" });
    await user.type(await screen.findByLabelText("ابحث عن دولة", {}, { timeout: 5000 }), "إسطنبول");
    expect(await screen.findByRole("link", { name: /إسطنبول ← تركيا/ })).toHaveAttribute("href", "/packages/TR");
  }, 15_000);

  it("states the lowest price in dollars when prices show in dollars, in the hero and the footer", async () => {
    fakeApi({
      ...SIGNED_IN_HANDLERS,
      "GET /auth/me": () => ({ body: { data: { ...ME, currency: "USD" } } }),
      "GET /destinations": () => ({ body: { data: [] } }),
    });
    await renderApp("/home", { token: "token-1", language: "ar" });
    const hero = await screen.findByText(/^باقات بيانات ابتداءً من/);
    expect(hero).toHaveTextContent("باقات بيانات ابتداءً من \u2068$0.5\u2069 · \u2066170+\u2069 وجهة");
    expect(await screen.findByText(/^باقات eSIM ابتداءً من/)).toHaveTextContent(
      "باقات eSIM ابتداءً من \u2068$0.5\u2069 في \u2066170+\u2069 وجهة",
    );
    expect(document.body).not.toHaveTextContent("DA");
  });

  it("shows popular destinations with their flags and prices", async () => {
    catalogApi();
    await renderApp("/home", { token: "token-1" });
    // 172 destinations are said as a round figure, never above the truth.
    expect(await screen.findByText(/^Forfaits de données/)).toHaveTextContent(
      "Forfaits de données dès \u206864 DA\u2069 · \u2066170+\u2069 destinations",
    );
    const popular = await screen.findByRole("region", { name: "Destinations populaires" });
    const turkey = await within(popular).findByRole("link", { name: /Turquie/ });
    expect(turkey.querySelector("img")).toHaveAttribute("alt", "");
    expect(turkey.querySelector("img")?.getAttribute("src")).toMatch(/TR.*\.svg/);
  });

  it("lists every result on /search", async () => {
    catalogApi();
    await renderApp("/search?q=e&type=region", { token: "token-1" });
    expect(await screen.findByRole("link", { name: /Europe/ })).toBeInTheDocument();
    expect(screen.getByRole("tab", { name: "Régions" })).toHaveAttribute("aria-selected", "true");
  });

  it("filters plans by duration, kept in the address, with the compare-at price struck through", async () => {
    catalogApi();
    const { user } = await renderApp("/packages/TR", { token: "token-1" });
    expect(await screen.findByRole("heading", { name: "Turquie", level: 2 })).toBeInTheDocument();
    expect(screen.getAllByRole("article")).toHaveLength(2);
    const weekPlan = screen.getByRole("article", { name: "5 Go · 7 jours" });
    expect(within(weekPlan).getByText("1,490 DA")).toBeInTheDocument();
    expect(within(weekPlan).getByText("1,990 DA").closest("s")).not.toBeNull();
    expect(within(weekPlan).getByText("Recharge possible")).toBeInTheDocument();
    const unlimited = screen.getByRole("article", { name: "Illimité · 30 jours" });
    expect(
      within(unlimited).getByText(
        "Utilisation raisonnable : haut débit jusqu’à 2 Go par jour, puis 512 kbit/s jusqu’au lendemain.",
      ),
    ).toBeInTheDocument();
    expect(unlimited.querySelector("s")).toBeNull();

    await user.click(screen.getByRole("link", { name: "7 jours" }));
    await waitFor(() => expect(screen.getByRole("link", { name: "7 jours" })).toHaveAttribute("aria-current", "page"));
    await waitFor(() => expect(screen.getAllByRole("article")).toHaveLength(1));
    expect(window.location.search).toBe("?days=7");
    expect(screen.getByRole("link", { name: "Choisir ce forfait – 5 Go · 7 jours" })).toHaveAttribute(
      "href",
      `/cart?plan=${PLAN_7_DAYS.id}&destination=TR`,
    );

    await user.click(screen.getByRole("link", { name: "Toutes" }));
    await waitFor(() => expect(screen.getAllByRole("article")).toHaveLength(2));
    expect(window.location.search).toBe("");
  });

  it("compares plans as the public page does: price per GB, best value and fair use in plain words", async () => {
    const smallPlan: Plan = {
      ...PLAN_7_DAYS,
      id: "7b0d8a8e-1c1e-4f43-9b7a-0a5f3f0c0a03",
      dataMb: 1024,
      price: { DZD: 64000, USD: 470 },
      compareAtPrice: null,
    };
    fakeApi({
      ...SIGNED_IN_HANDLERS,
      "GET /destinations/TR/packages": () => ({
        body: {
          data: {
            destination: TURKEY,
            availableDays: [30, 7],
            plans: [smallPlan, PLAN_7_DAYS, PLAN_30_DAYS],
            regionalSuggestion: null,
          },
        },
      }),
    });
    await renderApp("/packages/TR", { token: "token-1" });
    const fiveGb = await screen.findByRole("article", { name: "5 Go · 7 jours" }, { timeout: 5000 });
    expect(within(fiveGb).getByText("Meilleur rapport qualité-prix")).toBeInTheDocument();
    expect(within(fiveGb).getByText("\u2068298 DA\u2069 par Go")).toBeInTheDocument();
    const oneGb = screen.getByRole("article", { name: "1 Go · 7 jours" });
    expect(within(oneGb).queryByText("Meilleur rapport qualité-prix")).not.toBeInTheDocument();
    expect(within(oneGb).getByText("\u2068640 DA\u2069 par Go")).toBeInTheDocument();
    expect(
      screen.getByText("Meilleur rapport qualité-prix : le prix par Go le plus bas parmi les forfaits affichés."),
    ).toBeInTheDocument();
    const unlimited = screen.getByRole("article", { name: "Illimité · 30 jours" });
    expect(
      within(unlimited).getByText(
        "Utilisation raisonnable : haut débit jusqu’à 2 Go par jour, puis 512 kbit/s jusqu’au lendemain.",
      ),
    ).toBeInTheDocument();
  });

  it("opens a plan's details in the bottom sheet on phones", async () => {
    catalogApi();
    const { user } = await renderApp("/packages/TR?days=30", { token: "token-1" });
    await user.click(await screen.findByRole("button", { name: "Détails – Illimité · 30 jours" }));
    const sheet = await screen.findByRole("dialog", { name: "Illimité · 30 jours" });
    expect(sheet).toHaveAttribute("data-sheet-state", "snap");
    expect(within(sheet).getByText("Turkcell")).toBeInTheDocument();
    expect(within(sheet).getByText(/politique d’utilisation raisonnable : le débit/)).toBeInTheDocument();
    expect(within(sheet).getByRole("link", { name: "Choisir ce forfait" })).toHaveAttribute(
      "href",
      `/cart?plan=${PLAN_30_DAYS.id}&destination=TR`,
    );
  });

  it("names each plan's buttons by their visible label first, then the plan", async () => {
    catalogApi();
    await renderApp("/packages/TR?days=7", { token: "token-1" });
    const week = await screen.findByRole("article", { name: "5 Go · 7 jours" });
    expect(within(week).getByRole("link", { name: "Choisir ce forfait – 5 Go · 7 jours" })).toBeInTheDocument();
    expect(within(week).getByRole("button", { name: "Détails – 5 Go · 7 jours" })).toBeInTheDocument();
  });

  it("names Arabic plan buttons by their visible label (التفاصيل, اختيار هذه الباقة) first", async () => {
    catalogApi();
    await renderApp("/packages/TR?days=7", { token: "token-1", language: "ar" });
    const week = await screen.findByRole("article", { name: "5 جيغابايت · 7 أيام" });
    expect(within(week).getByRole("link", { name: "اختيار هذه الباقة – 5 جيغابايت · 7 أيام" })).toBeInTheDocument();
    expect(within(week).getByRole("button", { name: "التفاصيل – 5 جيغابايت · 7 أيام" })).toBeInTheDocument();
  });

  it("gives focus back to the Détails button when the details close, by Escape or by Fermer", async () => {
    catalogApi();
    const { user } = await renderApp("/packages/TR?days=30", { token: "token-1" });
    const details = await screen.findByRole("button", { name: /^Détails – Illimité · 30 jours/ });
    await user.click(details);
    const sheet = await screen.findByRole("dialog", { name: "Illimité · 30 jours" });
    // The sheet's scrolling body can take focus, so a keyboard can scroll it.
    expect(within(sheet).getByRole("region", { name: "Illimité · 30 jours" })).toHaveAttribute("tabindex", "0");
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(details).toHaveFocus();

    await user.click(details);
    await user.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Fermer" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(details).toHaveFocus();
  });

  it("says on each plan card when its days start and when to install it, in French and in Arabic", async () => {
    catalogApi();
    await renderApp("/packages/TR", { token: "token-1" });
    const atInstall = await screen.findByRole("article", { name: "5 Go · 7 jours" });
    expect(
      within(atInstall).getByText("La validité démarre à l’installation de l’eSIM : installez-la le jour du départ."),
    ).toBeInTheDocument();
    const atConnection = screen.getByRole("article", { name: "Illimité · 30 jours" });
    expect(
      within(atConnection).getByText(
        "La validité démarre à la première connexion de l’eSIM à un réseau de votre destination : installez-la avant de partir.",
      ),
    ).toBeInTheDocument();
    disposeApp();

    catalogApi();
    await renderApp("/packages/TR", { token: "token-1", language: "ar" });
    const arabicAtInstall = await screen.findByRole("article", { name: "5 جيغابايت · 7 أيام" });
    expect(within(arabicAtInstall).getByText("تبدأ الصلاحية عند تثبيت الشريحة: ثبّتها يوم سفرك.")).toBeInTheDocument();
    const arabicAtConnection = screen.getByRole("article", { name: "غير محدود · 30 يومًا" });
    expect(
      within(arabicAtConnection).getByText("تبدأ الصلاحية عند أول اتصال للشريحة بشبكة في وجهتك: ثبّتها قبل سفرك."),
    ).toBeInTheDocument();
  });

  it("says durations with Arabic plural forms", async () => {
    catalogApi();
    await renderApp("/packages/TR", { token: "token-1", language: "ar" });
    expect(await screen.findByRole("link", { name: "7 أيام" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "30 يومًا" })).toBeInTheDocument();
  });

  it("suggests the regional plan the public destination page suggests, linking to the region's plans", async () => {
    const europePlan: Plan = {
      ...PLAN_7_DAYS,
      id: "7b0d8a8e-1c1e-4f43-9b7a-0a5f3f0c0a04",
      name: "Europe 5GB 7 days",
      coverage: ["FR", "DE", "IT", "ES"],
      price: { DZD: 249000, USD: 1800 },
      compareAtPrice: null,
    };
    const spain = { ...TURKEY, code: "ES", names: { fr: "Espagne", en: "Spain", ar: "إسبانيا" } };
    fakeApi({
      ...SIGNED_IN_HANDLERS,
      "GET /destinations/TR/packages": () => ({
        body: {
          data: {
            destination: TURKEY,
            availableDays: [30, 7],
            plans: [PLAN_7_DAYS, PLAN_30_DAYS],
            regionalSuggestion: {
              region: EUROPE,
              regionPlan: europePlan,
              otherCountry: spain,
              twoCountriesPrice: { DZD: 298000, USD: 2200 },
            },
          },
        },
      }),
    });
    await renderApp("/packages/TR", { token: "token-1" });
    const suggestion = await screen.findByRole(
      "complementary",
      { name: "Vous visitez plusieurs pays ?" },
      { timeout: 5000 },
    );
    expect(suggestion).toHaveTextContent("Espagne");
    expect(suggestion).toHaveTextContent("2,490 DA");
    expect(suggestion).toHaveTextContent("2,980 DA");
    expect(within(suggestion).getByRole("link", { name: "Voir les forfaits Europe" })).toHaveAttribute(
      "href",
      "/packages/europe",
    );
  });
});
