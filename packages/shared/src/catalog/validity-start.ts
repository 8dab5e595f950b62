import { formatDate, formatNumber } from "../format.ts";
import type { Language } from "../locale.ts";
import type { EsimStatus } from "../statuses.ts";

/**
 * When a plan's validity starts, as the upstream applies it (eSIM Access `activeType`): 1, when the eSIM is installed;
 * 2, at its first network connection in a covered country. What every surface says about when to install follows it
 * (decision 050).
 */
export const VALIDITY_STARTS = ["installation", "first_connection"] as const;
export type ValidityStart = (typeof VALIDITY_STARTS)[number];

/** eSIM Access `activeType` → ours; anything unknown is read as the stricter "installation" (a traveller never loses days by installing late). */
export function validityStartOfActiveType(activeType: number | null | undefined): ValidityStart {
  return activeType === 2 ? "first_connection" : "installation";
}

/** What decides the advice: the plan's kind and length, and for an eSIM the upstream's install deadline, when given. */
export interface ValidityAdviceParts {
  validityStart: ValidityStart;
  validityDays: number;
  /** The date by which the eSIM must be installed (eSIM Access `expiredTime` before validity starts); none for a plan. */
  activateBefore?: Date | string | null | undefined;
}

/** What we tell a traveller about when the plan's days start counting, in their language. */
export interface ValidityAdvice {
  /** A label: "Starts when installed", "Starts at the first connection at your destination". */
  starts: string;
  /** What to do: "Install it on the day you leave.", "Install it before you leave, before 21/11/2026." */
  install: string;
  /** Both in one sentence: "Validity starts when the eSIM is installed: install it on the day you leave." */
  sentence: string;
  /** For an eSIM not yet started (it has no end date yet): "Lasts 7 days once started." */
  lasts: string;
}

type DayForm = "zero" | "one" | "two" | "few" | "many" | "other";

interface AdviceWords {
  starts: Record<ValidityStart, string>;
  /** The whole sentence's first half, before the colon. */
  startsSentence: Record<ValidityStart, string>;
  /** What to do, without and with the upstream's deadline; `capital` for the start of a sentence. */
  install: Record<ValidityStart, (deadline: string | null, capital: boolean) => string>;
  colon: string;
  lasts: Partial<Record<DayForm, (days: string) => string>> & { other: (days: string) => string };
}

const capitalise = (text: string, capital: boolean) => (capital ? text.charAt(0).toUpperCase() + text.slice(1) : text);

const WORDS: Record<Language, AdviceWords> = {
  fr: {
    starts: {
      installation: "Démarre à l’installation",
      first_connection: "Démarre à la première connexion à destination",
    },
    startsSentence: {
      installation: "La validité démarre à l’installation de l’eSIM",
      first_connection: "La validité démarre à la première connexion de l’eSIM à un réseau de votre destination",
    },
    install: {
      installation: (deadline, capital) =>
        capitalise(`installez-la le jour du départ${deadline ? `, au plus tard le ${deadline}` : ""}.`, capital),
      first_connection: (deadline, capital) =>
        capitalise(`installez-la avant de partir${deadline ? `, avant le ${deadline}` : ""}.`, capital),
    },
    colon: " : ",
    lasts: {
      one: (days) => `Dure ${days} jour une fois démarrée.`,
      other: (days) => `Dure ${days} jours une fois démarrée.`,
    },
  },
  en: {
    starts: {
      installation: "Starts when installed",
      first_connection: "Starts at the first connection at your destination",
    },
    startsSentence: {
      installation: "Validity starts when the eSIM is installed",
      first_connection: "Validity starts when the eSIM first connects to a network at your destination",
    },
    install: {
      installation: (deadline, capital) =>
        capitalise(`install it on the day you leave${deadline ? `, by ${deadline} at the latest` : ""}.`, capital),
      first_connection: (deadline, capital) =>
        capitalise(`install it before you leave${deadline ? `, before ${deadline}` : ""}.`, capital),
    },
    colon: ": ",
    lasts: { one: (days) => `Lasts ${days} day once started.`, other: (days) => `Lasts ${days} days once started.` },
  },
  ar: {
    starts: {
      installation: "تبدأ عند التثبيت",
      first_connection: "تبدأ عند أول اتصال في وجهتك",
    },
    startsSentence: {
      installation: "تبدأ الصلاحية عند تثبيت الشريحة",
      first_connection: "تبدأ الصلاحية عند أول اتصال للشريحة بشبكة في وجهتك",
    },
    install: {
      installation: (deadline) => `ثبّتها يوم سفرك${deadline ? `، في موعد أقصاه ${deadline}` : ""}.`,
      first_connection: (deadline) => `ثبّتها قبل سفرك${deadline ? `، قبل ${deadline}` : ""}.`,
    },
    colon: ": ",
    // The length follows the verb, so it takes the accusative: يومًا واحدًا، يومين، ٣ أيام، ١١ يومًا، ١٠٠ يوم.
    lasts: {
      zero: (days) => `تدوم ${days} يوم بعد بدئها.`,
      one: () => "تدوم يومًا واحدًا بعد بدئها.",
      two: () => "تدوم يومين بعد بدئها.",
      few: (days) => `تدوم ${days} أيام بعد بدئها.`,
      many: (days) => `تدوم ${days} يومًا بعد بدئها.`,
      other: (days) => `تدوم ${days} يوم بعد بدئها.`,
    },
  },
};

const pluralRules = {
  fr: new Intl.PluralRules("fr"),
  en: new Intl.PluralRules("en"),
  ar: new Intl.PluralRules("ar"),
} satisfies Record<Language, Intl.PluralRules>;

/**
 * When to install, from the plan's kind (decision 050): a plan that starts at installation is installed on the day of
 * departure (installed earlier, it loses days at home); one that starts at the first connection is installed before
 * leaving, before the upstream's deadline when there is one. The same words on every surface: pages, app, emails.
 */
export function validityAdvice(parts: ValidityAdviceParts, language: Language): ValidityAdvice {
  const words = WORDS[language];
  const deadline = parts.activateBefore ? formatDate(parts.activateBefore) : null;
  const form = pluralRules[language].select(parts.validityDays) as DayForm;
  return {
    starts: words.starts[parts.validityStart],
    install: words.install[parts.validityStart](deadline, true),
    sentence: `${words.startsSentence[parts.validityStart]}${words.colon}${words.install[parts.validityStart](deadline, false)}`,
    lasts: (words.lasts[form] ?? words.lasts.other)(formatNumber(parts.validityDays)),
  };
}

/**
 * Whether an eSIM's days have started counting, so that its end date means something: never before it is installed
 * (New) or while installing (Downloading, Installing), not while a first-connection plan is installed but has not
 * connected yet (Onboard, or Ready: installed with its line off), and not without an end
 * date from the upstream. Before that, a surface shows how long it will last and the date to install it by.
 */
export function hasValidityStarted(esim: {
  status: EsimStatus;
  validityStart: ValidityStart;
  expiresAt: Date | string | null;
}): boolean {
  if (esim.expiresAt === null) return false;
  if (esim.status === "New" || esim.status === "Downloading" || esim.status === "Installing") return false;
  const installedNotConnected = esim.status === "Onboard" || esim.status === "Ready";
  return !(installedNotConnected && esim.validityStart === "first_connection");
}
