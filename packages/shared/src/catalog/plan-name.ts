import { formatNumber } from "../format.ts";
import type { Language } from "../locale.ts";

// Our own name for a plan, in the reader's language, built from what the plan is (destination, data, days). The
// upstream's names are English and written for its resellers ("Turkey 1GB 7Days"): they are never shown to a
// traveller, on a screen, an invoice or in an email.

const MB_PER_GB = 1024;

/** An operator's own title of a plan, per language (the console's catalogue); a language left out keeps ours. */
export interface PlanNameOverrides {
  fr?: string | undefined;
  ar?: string | undefined;
}

/** What a plan's name is made of; dataType as eSIM Access gives it (2 and 3: a daily allowance). */
export interface PlanNameParts {
  dataMb: number | null;
  isUnlimited: boolean;
  dataType?: number;
  validityDays: number;
  nameOverrides?: PlanNameOverrides | null | undefined;
}

type DayForm = "zero" | "one" | "two" | "few" | "many" | "other";

const WORDS: Record<
  Language,
  {
    gb: (amount: string) => string;
    mb: (amount: string) => string;
    perDay: (data: string) => string;
    unlimited: string;
    days: Partial<Record<DayForm, (days: string) => string>> & { other: (days: string) => string };
  }
> = {
  fr: {
    gb: (amount) => `${amount} Go`,
    mb: (amount) => `${amount} Mo`,
    perDay: (data) => `${data} par jour`,
    unlimited: "Illimité",
    days: { one: (days) => `${days} jour`, other: (days) => `${days} jours` },
  },
  en: {
    gb: (amount) => `${amount} GB`,
    mb: (amount) => `${amount} MB`,
    perDay: (data) => `${data} per day`,
    unlimited: "Unlimited",
    days: { one: (days) => `${days} day`, other: (days) => `${days} days` },
  },
  ar: {
    gb: (amount) => `${amount} جيغابايت`,
    mb: (amount) => `${amount} ميغابايت`,
    perDay: (data) => `${data} يوميًا`,
    unlimited: "غير محدود",
    days: {
      zero: (days) => `${days} يوم`,
      one: () => "يوم واحد",
      two: () => "يومان",
      few: (days) => `${days} أيام`,
      many: (days) => `${days} يومًا`,
      other: (days) => `${days} يوم`,
    },
  },
};

const pluralRules = {
  fr: new Intl.PluralRules("fr"),
  en: new Intl.PluralRules("en"),
  ar: new Intl.PluralRules("ar"),
} satisfies Record<Language, Intl.PluralRules>;

/** "5 Go", "500 Mo", "1 Go par jour" (a daily allowance), "Illimité". */
export function planDataText(plan: Omit<PlanNameParts, "validityDays">, language: Language): string {
  const words = WORDS[language];
  if (plan.isUnlimited || plan.dataMb === null) return words.unlimited;
  const volume =
    plan.dataMb >= MB_PER_GB
      ? words.gb(formatNumber(Math.round((plan.dataMb / MB_PER_GB) * 100) / 100))
      : words.mb(formatNumber(plan.dataMb));
  return plan.dataType === 2 || plan.dataType === 3 ? words.perDay(volume) : volume;
}

/** "7 jours", "1 day", "يومان". */
export function planValidityText(days: number, language: Language): string {
  const forms = WORDS[language].days;
  const form = pluralRules[language].select(days) as DayForm;
  return (forms[form] ?? forms.other)(formatNumber(days));
}

/** "5 Go · 7 jours": what the plan gives, without where. */
export function planTitle(plan: PlanNameParts, language: Language): string {
  const override = language === "en" ? undefined : plan.nameOverrides?.[language];
  if (override) return override;
  return `${planDataText(plan, language)} · ${planValidityText(plan.validityDays, language)}`;
}

/** The plan's name as we give it: "Turquie · 5 Go · 7 jours", "Europe · Illimité · 30 jours", in `language`. */
export function localPlanName(plan: PlanNameParts & { destinationName: string }, language: Language): string {
  return `${plan.destinationName} · ${planTitle(plan, language)}`;
}
