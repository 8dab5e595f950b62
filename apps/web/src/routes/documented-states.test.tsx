import type { EsimDetail, EsimSummary } from "@esim/shared/esims/contracts";
import type { Language } from "@esim/shared/locale";
import type { EsimStatus } from "@esim/shared/statuses";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import answers from "../features/esims/documented-states.answers.json";
import { ORDER_ID, TURKEY } from "../test/buying-fixtures.ts";
import { fakeApi, SIGNED_IN_HANDLERS } from "../test/fake-api.ts";
import { renderApp, setUpAppTests } from "../test/render-app.tsx";

// The API's answers for every profile of eSIM Access's "Query with time period" example (checked against the API by
// apps/api/src/modules/esims/documented-states.test.ts), rendered by My eSIMs and the eSIM's page (decision 084).

type Answer = Pick<EsimSummary, "status" | "group" | "isInstalled" | "expiresAt" | "activateBefore"> & {
  validityStart: EsimSummary["plan"]["validityStart"];
};

const ESIM_ID = "0b7c5a1e-8f3d-4c2a-9e6b-1d2f3a4b5c6d";
const GB = 1024 * 1024 * 1024;

/** What the traveller reads: the status's name, and what it means (the first words are enough to tell them apart). */
const WORDS: Record<Language, { available: string; expired: string } & Partial<Record<EsimStatus, [string, string]>>> =
  {
    fr: {
      available: "Disponibles",
      expired: "Expirées",
      New: ["Nouvelle", "prête à installer"],
      Downloading: ["Téléchargement", "vers votre téléphone ; restez connecté"],
      Installing: ["Installation", "sur votre téléphone ; patientez"],
      Ready: ["Prête", "vos jours démarrent à votre première connexion à destination"],
      Onboard: ["Installée", "sur votre téléphone, pas encore utilisée"],
      "In Use": ["En service", "elle se connecte et consomme des données"],
      Depleted: ["Épuisée", "toutes les données sont consommées"],
      "Used Expired": ["Terminée", "sa validité est écoulée"],
      "Unused Expired": ["Terminée sans usage", "elle n’a pas été utilisée avant sa date limite"],
      Canceled: ["Annulée", "elle ne fonctionne plus"],
    },
    en: { available: "Available", expired: "Expired" },
    ar: {
      available: "المتاحة",
      expired: "المنتهية",
      New: ["جديدة", "جاهزة للتثبيت"],
      Downloading: ["قيد التنزيل", "يجري تنزيلها"],
      Installing: ["قيد التثبيت", "يجري تثبيتها"],
      Ready: ["جاهزة", "تبدأ أيامك عند أول اتصال في وجهتك"],
      Onboard: ["مثبّتة", "على هاتفك، لم تُستخدم بعد"],
      "In Use": ["قيد الاستخدام", "مثبتة وتستهلك البيانات"],
      Depleted: ["مستنفدة", "استُهلكت كل البيانات"],
      "Used Expired": ["منتهية", "انقضت صلاحيتها"],
      "Unused Expired": ["منتهية دون استخدام", "لم تُستخدم قبل موعدها الأقصى"],
      Canceled: ["ملغاة", "لم تعد تعمل"],
    },
  };

function esimOf(answer: Answer): EsimDetail {
  const { validityStart, ...rest } = answer;
  return {
    id: ESIM_ID,
    iccid: "8985224528000135",
    destination: TURKEY,
    plan: { name: "Turkey 5GB 30 days", dataMb: 5120, isUnlimited: false, validityDays: 30, validityStart },
    dataTotalBytes: 5 * GB,
    dataUsedBytes: 0,
    dataRemainingBytes: 5 * GB,
    usageUpdatedAt: null,
    supportsTopUp: false,
    canTopUp: false,
    ...rest,
    orderId: ORDER_ID,
    orderNumber: "ES26-000123",
    apn: null,
    bundles: [],
    cancellation: { isAvailable: false, unavailableReason: "window_passed", availableUntil: null, request: null },
  } as EsimDetail;
}

const cases = Object.entries(answers as Record<string, Answer>).flatMap(([reference, answer]) =>
  (["fr", "ar"] as const).map((language) => [reference, language, answer] as const),
);

describe("every documented eSIM Access profile on My eSIMs and its page", () => {
  setUpAppTests();

  it.each(cases)(
    "profile %s in %s",
    async (_reference, language, answer) => {
      const esim = esimOf(answer);
      const [name, meaning] = WORDS[language][answer.status] ?? ["?", "?"];
      fakeApi({
        ...SIGNED_IN_HANDLERS,
        "GET /esims": () => ({
          body: {
            data:
              answer.group === "available" ? { available: [esim], expired: [] } : { available: [], expired: [esim] },
          },
        }),
        [`GET /esims/${ESIM_ID}`]: () => ({ body: { data: esim } }),
      });

      const { unmount } = await renderApp("/esims", { token: "t", language });
      const section = await screen.findByRole("region", { name: WORDS[language][answer.group] });
      const card = within(section).getByRole("link");
      expect(card).toHaveTextContent(TURKEY.names[language]);
      // A use-by date is never the plan's end: only an eSIM whose days started shows when it ends.
      if (answer.activateBefore) expect(card).not.toHaveTextContent(/Expire|تنتهي/);
      if (["Downloading", "Installing", "Ready", "Used Expired", "Unused Expired"].includes(answer.status)) {
        expect(card).toHaveTextContent(meaning);
      }
      unmount();

      await renderApp(`/details/${ESIM_ID}`, { token: "t", language });
      const statusLine = await screen.findByText(meaning, { exact: false });
      expect(statusLine.closest("p")).toHaveTextContent(name);
    },
    30_000,
  );
});
