import { act, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { InstallSection } from "../features/esims/components/install-section.tsx";
import { NetworkSettings } from "../features/esims/components/network-settings.tsx";
import { ar } from "../features/guides/content/ar.ts";
import { en } from "../features/guides/content/en.ts";
import { fr } from "../features/guides/content/fr.ts";
import { changeLanguage } from "../lib/i18n.ts";
import { fakeApi, SIGNED_IN_HANDLERS } from "../test/fake-api.ts";
import { disposeApp, renderApp, setUpAppTests } from "../test/render-app.tsx";
import { renderWithI18n } from "../test/render-with-i18n.tsx";

const IPHONE_UA =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";
const SAMSUNG_UA =
  "Mozilla/5.0 (Linux; Android 14; SM-S921B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36";

const IOS_SCAN_PATH = "Réglages › Données cellulaires › Ajouter une eSIM › Utiliser un code QR";
const SAMSUNG_SCAN_PATH =
  "Paramètres › Connexions › Gestionnaire de cartes SIM › Ajouter une eSIM › Scanner le code QR";
const PIXEL_SCAN_PATH = "Paramètres › Réseau et Internet › SIM › Ajouter une SIM › Télécharger une eSIM › Suivant";

function useUserAgent(userAgent: string) {
  vi.spyOn(window.navigator, "userAgent", "get").mockReturnValue(userAgent);
}

function signedInApi() {
  return fakeApi({
    ...SIGNED_IN_HANDLERS,
  });
}

/** The value's shape: keys and array lengths kept, every text replaced by its type. */
function shapeOf(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(shapeOf);
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, shapeOf(item)]));
  }
  return typeof value;
}

describe("install and activation guides", () => {
  setUpAppTests();

  it("opens from the Guide tab on a hub leading to both guides, the compatibility check and support", async () => {
    signedInApi();
    const { user } = await renderApp("/home", { token: "t", language: "fr" });
    const [guideTab] = await screen.findAllByRole("link", { name: "Guide" });
    await user.click(guideTab!);
    expect(await screen.findByRole("heading", { level: 1, name: "Guide" })).toBeInTheDocument();
    expect(window.location.pathname).toBe("/guide");

    // Each card is named by all it shows, title first (WCAG 2.5.3: the name holds the visible label).
    const installation = screen.getByRole("link", {
      name: /^Guide d’installation Le jour du départ ou avant, selon le forfait, connecté au Wi-Fi/,
    });
    expect(installation).toHaveAttribute("href", "/guide/installation");
    expect(screen.getByRole("link", { name: /^Guide d’activation / })).toHaveAttribute("href", "/guide/activation");
    expect(screen.getByRole("link", { name: "Vérifier la compatibilité" })).toHaveAttribute("href", "/compatibility");
    expect(screen.getByRole("link", { name: "Contacter le support" })).toHaveAttribute("href", "/support");

    await user.click(installation);
    expect(await screen.findByRole("heading", { level: 1, name: "Guide d’installation" })).toBeInTheDocument();
    expect(window.location.pathname).toBe("/guide/installation");
  });

  it('says when to install as each kind of plan needs, never "a few days before" for every plan, in French and Arabic', async () => {
    signedInApi();
    await renderApp("/guide/installation", { token: "t", language: "fr" });
    const intro = await screen.findByText(/^Quand l’installer dépend de votre forfait/);
    expect(intro).toHaveTextContent("La validité démarre à l’installation de l’eSIM : installez-la le jour du départ.");
    expect(intro).toHaveTextContent("installez-la avant de partir.");
    expect(screen.queryByText(/quelques jours avant/)).not.toBeInTheDocument();
    disposeApp();

    signedInApi();
    await renderApp("/guide/installation", { token: "t", language: "ar" });
    const arabic = await screen.findByText(/^يتوقف موعد التثبيت على باقتك/);
    expect(arabic).toHaveTextContent("تبدأ الصلاحية عند تثبيت الشريحة: ثبّتها يوم سفرك.");
    expect(screen.queryByText(/ببضعة أيام/)).not.toBeInTheDocument();
  });

  it("shows an iPhone the iPhone's four ways to install, with the iOS versions they need", async () => {
    useUserAgent(IPHONE_UA);
    signedInApi();
    await renderApp("/guide/installation", { token: "t", language: "fr" });
    expect(await screen.findByRole("radio", { name: "iPhone" })).toBeChecked();
    expect(screen.getByRole("radio", { name: "Android" })).not.toBeChecked();

    const methods = screen.getByRole("region", { name: "Quatre façons d’installer" });
    expect(
      within(methods)
        .getAllByRole("heading", { level: 3 })
        .map((heading) => heading.textContent),
    ).toEqual([
      "Installation en un geste",
      "QR code affiché sur un autre écran",
      "QR code enregistré en image",
      "Saisie manuelle",
    ]);
    const oneTap = screen.getByRole("region", { name: "Installation en un geste" });
    expect(within(oneTap).getByText(/^Demande iOS 17\.4 ou plus récent/)).toBeInTheDocument();
    expect(within(oneTap).getByRole("link", { name: "Ouvrir Mes eSIM" })).toHaveAttribute("href", "/esims");
    const savedImage = screen.getByRole("region", { name: "QR code enregistré en image" });
    expect(within(savedImage).getByText(/« Ouvrir Photos »/)).toBeInTheDocument();
    expect(within(savedImage).getByText(/^Demande iOS 17\.2 ou plus récent/)).toBeInTheDocument();
    const manual = screen.getByRole("region", { name: "Saisie manuelle" });
    expect(within(manual).getByText(/« Adresse SM-DP\+ »/)).toBeInTheDocument();
    // A path reads with " › " between menus (the chevrons between them are pictures).
    expect(screen.getByRole("region", { name: "QR code affiché sur un autre écran" })).toHaveTextContent(IOS_SCAN_PATH);
    expect(screen.queryByText("Samsung")).not.toBeInTheDocument();
    expect(screen.getByRole("region", { name: "Avant de commencer" })).toHaveTextContent(/désimlocké/);
  });

  it("shows an Android phone Samsung's and Pixel's paths apart, and says they differ", async () => {
    useUserAgent(SAMSUNG_UA);
    signedInApi();
    await renderApp("/guide/installation", { token: "t", language: "fr" });
    expect(await screen.findByRole("radio", { name: "Android" })).toBeChecked();
    expect(screen.getByText(/^Les menus Android diffèrent selon la marque/)).toBeInTheDocument();

    const otherScreen = screen.getByRole("region", { name: "QR code affiché sur un autre écran" });
    const brands = within(otherScreen).getAllByRole("term");
    expect(brands.map((term) => term.textContent)).toEqual(["Samsung", "Pixel"]);
    expect(brands[0]!.nextElementSibling).toHaveTextContent(SAMSUNG_SCAN_PATH);
    expect(brands[1]!.nextElementSibling).toHaveTextContent(PIXEL_SCAN_PATH);
    expect(otherScreen).not.toHaveTextContent("Réglages");

    const savedImage = screen.getByRole("region", { name: "QR code enregistré en image" });
    expect(within(savedImage).getByText(/^Samsung : .*« Scanner depuis une image »/)).toBeInTheDocument();
    expect(within(savedImage).getByText(/^Pixel : .*Lens/)).toBeInTheDocument();
    const manual = screen.getByRole("region", { name: "Saisie manuelle" });
    expect(manual).toHaveTextContent("on colle le code d’activation entier");
    expect(within(manual).queryByText(/SM-DP\+/)).not.toBeInTheDocument();
  });

  it("switches platform, keeps the choice in the address and carries it to the activation guide", async () => {
    useUserAgent(IPHONE_UA);
    signedInApi();
    const { user } = await renderApp("/guide/installation", { token: "t", language: "en" });
    await user.click(await screen.findByRole("radio", { name: "Android" }));
    await waitFor(() => expect(screen.getByRole("radio", { name: "Android" })).toBeChecked());
    expect(window.location.search).toBe("?phone=android");
    expect(screen.getAllByText("Samsung").length).toBeGreaterThan(0);

    await user.click(screen.getByRole("link", { name: "Next: the activation guide" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Activation guide" })).toBeInTheDocument();
    expect(screen.getByRole("radio", { name: "Android" })).toBeChecked();
    const roaming = screen.getByRole("region", { name: "Roaming: on the eSIM line only" });
    expect(
      within(roaming)
        .getAllByRole("definition")
        .map((path) => path.textContent),
    ).toEqual([
      "Settings › Connections › Mobile networks › Data roaming",
      "Settings › Network & internet › SIMs › your eSIM › Roaming",
      "Settings › Connections › Mobile networks › your Algerian SIM › Data roaming",
      "Settings › Network & internet › SIMs › your Algerian SIM › Roaming",
    ]);

    await user.click(screen.getByRole("radio", { name: "iPhone" }));
    await waitFor(() => expect(within(roaming).queryByRole("definition")).not.toBeInTheDocument());
    expect(roaming).toHaveTextContent("Settings › Mobile Service › your eSIM line › Data Roaming");
    expect(roaming).toHaveTextContent("Settings › Mobile Service › your Algerian SIM › Data Roaming");
  });

  it("walks through activation on arrival, then what to do with no signal, ending with support", async () => {
    useUserAgent(IPHONE_UA);
    signedInApi();
    await renderApp("/guide/activation", { token: "t", language: "fr" });
    const apn = await screen.findByRole("region", { name: "L’APN, si les données ne passent pas" });
    expect(apn).toHaveTextContent("« internet »");
    expect(apn).toHaveTextContent("Réglages › Données cellulaires › votre ligne eSIM › Réseau de données cellulaires");
    expect(screen.getByRole("region", { name: "Allumez la ligne eSIM" })).toHaveTextContent("Activer cette ligne");
    // Headings go one level at a time (h1, then each part's h2), as a screen reader's outline expects.
    expect(screen.getByRole("heading", { level: 2, name: "Allumez la ligne eSIM" })).toBeInTheDocument();

    const noSignal = screen.getByRole("region", { name: "Pas de réseau ?" });
    const steps = within(noSignal).getAllByRole("listitem");
    expect(steps[0]).toHaveTextContent("Redémarrez l’iPhone.");
    expect(steps[1]).toHaveTextContent(/mode Avion/);
    expect(steps[2]).toHaveTextContent("Sélection du réseau");
    expect(steps[3]).toHaveTextContent(/« Installée » ou « En service »/);
    expect(within(noSignal).getByRole("link", { name: "Contacter le support" })).toHaveAttribute("href", "/support");
  });

  it("reads right to left in Arabic: arrows mirrored, the phones' and computer's screens never", async () => {
    useUserAgent(IPHONE_UA);
    signedInApi();
    const { user } = await renderApp("/guide/installation", { token: "t", language: "ar" });
    expect(await screen.findByRole("heading", { level: 1, name: "دليل التثبيت" })).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute("dir", "rtl");

    const scan = screen.getByRole("img", { name: "هاتف يمسح رمز QR المعروض على حاسوب" });
    const screens = scan.querySelectorAll("[data-screen]");
    expect(screens).toHaveLength(2);
    for (const drawnScreen of screens) {
      expect(drawnScreen).toHaveAttribute("dir", "ltr");
      expect(drawnScreen.querySelector("svg")).not.toHaveClass("rtl:-scale-x-100");
    }
    const arrow = Array.from(scan.children).find((child) => !child.hasAttribute("data-screen"));
    expect(arrow).toHaveClass("rtl:-scale-x-100");

    // The chevrons between the menus of a path point the reading way.
    const otherScreen = screen.getByRole("region", { name: "رمز QR معروض على شاشة أخرى" });
    const chevrons = otherScreen.querySelectorAll("li svg");
    expect(chevrons.length).toBe(3);
    for (const chevron of chevrons) expect(chevron).toHaveClass("rtl:-scale-x-100");
    expect(otherScreen).toHaveTextContent("الإعدادات › الخدمة الخلوية › إضافة eSIM › استخدام رمز QR");

    await user.click(screen.getByRole("link", { name: "التالي: دليل التفعيل" }));
    const roaming = await screen.findByRole("img", {
      name: "التجوال مفعّل على خط eSIM ومتوقف على الشريحة الجزائرية",
    });
    expect(roaming.querySelector("[data-screen='phone']")).toHaveAttribute("dir", "ltr");
    expect(roaming.querySelector(".rtl\\:-scale-x-100")).toBeNull();
  });

  it("follows a language change, the other language's texts loaded on the way", async () => {
    useUserAgent(IPHONE_UA);
    signedInApi();
    await renderApp("/guide/activation", { token: "t", language: "fr" });
    expect(await screen.findByRole("region", { name: "Pas de réseau ?" })).toBeInTheDocument();
    await act(() => changeLanguage("en"));
    expect(await screen.findByRole("region", { name: "No signal?" })).toHaveTextContent("Restart the iPhone.");
    expect(screen.getByRole("heading", { level: 1, name: "Activation guide" })).toBeInTheDocument();
  });

  it("names the eSIM statuses in the reader's language, as the eSIM's details do", () => {
    for (const content of [fr, ar]) {
      expect(JSON.stringify(content)).not.toMatch(/\b(New|Onboard|In Use|Depleted)\b/);
    }
    expect(JSON.stringify(ar)).toMatch(/«مثبّتة» أو «قيد الاستخدام»/);
  });

  it("keeps the guide texts of the three languages in the same structure", () => {
    const french = shapeOf(fr);
    expect(shapeOf(en)).toEqual(french);
    expect(shapeOf(ar)).toEqual(french);
    // Every text is there: nothing left empty in a language.
    for (const content of [fr, en, ar]) {
      expect(JSON.stringify(content)).not.toMatch(/""/);
    }
  });

  it("is reached from an eSIM's details: installation beside the install codes, activation beside the network settings", async () => {
    useUserAgent(IPHONE_UA);
    await renderWithI18n(
      <>
        <NetworkSettings apn="internet" />
        <InstallSection esimId="e1" iccid="8943108170000012345" isInstalled={false} />
      </>,
      { language: "fr" },
    );
    const network = screen.getByRole("region", { name: "Réglages réseau" });
    expect(within(network).getByRole("link", { name: "Guide d’activation" })).toHaveAttribute(
      "href",
      "/guide/activation",
    );
    const install = screen.getByRole("region", { name: "Installation" });
    expect(within(install).getByRole("link", { name: "Guide d’installation" })).toHaveAttribute(
      "href",
      "/guide/installation",
    );
  });
});
