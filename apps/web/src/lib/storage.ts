import { type Currency, isLanguage, type Language } from "@esim/shared/locale";
import type { NativePlugins } from "./platform.ts";

// The only access to stored values. Every function is async because the native apps keep them in Capacitor
// Preferences (UserDefaults, SharedPreferences), set by the native shell before the session reads the token;
// browsers keep localStorage.

/** Storage keys, spelled exactly as the product names them (the native apps read the same). */
export const STORAGE_KEYS = {
  language: "LANG",
  promoCode: "PROMO_CODE",
  /** A friend's invite code from a `?ref=` link, kept until the server says it cannot be used (decision 079). */
  referralCode: "REFERRAL_CODE",
  token: "Token",
  userPreferences: "userPreferences",
  deviceId: "DEVICE_ID",
  /** The pay-for-me links' addresses made on this device, by link id, to share again while they wait (decision 077). */
  payLinkAddresses: "PAY_LINK_ADDRESSES",
  /** My eSIMs as this device last showed them, painted at once on the next visit (decision 092). */
  lastEsimsView: "LAST_ESIMS_VIEW",
} as const;

type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

export interface KeyValueBackend {
  get(key: string): Promise<string | null>;
  set(key: string, value: string): Promise<void>;
  remove(key: string): Promise<void>;
}

// Private mode or a full quota makes localStorage throw; the app then behaves as with an empty store.
export const localStorageBackend: KeyValueBackend = {
  async get(key) {
    try {
      return window.localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  async set(key, value) {
    try {
      window.localStorage.setItem(key, value);
    } catch (error) {
      console.warn(`storage: could not write ${key}`, error);
    }
  },
  async remove(key) {
    try {
      window.localStorage.removeItem(key);
    } catch {
      // Nothing stored means nothing to remove.
    }
  },
};

export type PreferencesPlugin = Pick<NativePlugins["Preferences"], "get" | "set" | "remove">;

/**
 * The native apps' store: Capacitor Preferences, which survives restarts and updates like localStorage does in
 * a browser (and, like it, is not encrypted). A failing plugin call behaves as localStorage's failures do.
 */
export function createPreferencesBackend(preferences: PreferencesPlugin): KeyValueBackend {
  return {
    async get(key) {
      try {
        return (await preferences.get({ key })).value ?? null;
      } catch (error) {
        console.warn(`storage: could not read ${key}`, error);
        return null;
      }
    },
    async set(key, value) {
      try {
        await preferences.set({ key, value });
      } catch (error) {
        console.warn(`storage: could not write ${key}`, error);
      }
    },
    async remove(key) {
      try {
        await preferences.remove({ key });
      } catch (error) {
        console.warn(`storage: could not remove ${key}`, error);
      }
    },
  };
}

let backend: KeyValueBackend = localStorageBackend;

/** Where values are kept from now on: the native shell sets Preferences at start, before anything is read. */
export function setStorageBackend(next: KeyValueBackend): void {
  backend = next;
}

const read = (key: StorageKey) => backend.get(key);
const write = (key: StorageKey, value: string) => backend.set(key, value);
const remove = (key: StorageKey) => backend.remove(key);

/* Language (LANG: fr | en | ar, default fr) */

/**
 * LANG: the language the visitor chose on this device (the picker, /fr /en /ar, a public page's `?lang=`) or took from
 * their account at sign-in; null when none is stored, the app then showing the browser's (decision 073).
 */
export async function readChosenLanguage(): Promise<Language | null> {
  const value = await read(STORAGE_KEYS.language);
  return isLanguage(value) ? value : null;
}

export function writeLanguage(language: Language): Promise<void> {
  return write(STORAGE_KEYS.language, language);
}

/**
 * The shown language in a `LANG` cookie too: the server reads it to send /login prerendered in that language
 * (decision 030). LANG in storage stays the app's own record; the cookie only mirrors it for the server.
 */
export function mirrorLanguageCookie(language: Language): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from Safari before 18.4 and from Firefox.
  document.cookie = `${STORAGE_KEYS.language}=${language}; Path=/; Max-Age=31536000; SameSite=Lax`;
}

/* Promo code (PROMO_CODE, always upper-cased) */

export function readPromoCode(): Promise<string | null> {
  return read(STORAGE_KEYS.promoCode);
}

export function writePromoCode(code: string): Promise<void> {
  return write(STORAGE_KEYS.promoCode, code.trim().toUpperCase());
}

export function removePromoCode(): Promise<void> {
  return remove(STORAGE_KEYS.promoCode);
}

/* Invite code (REFERRAL_CODE, upper-cased) */

export function readReferralCode(): Promise<string | null> {
  return read(STORAGE_KEYS.referralCode);
}

export function writeReferralCode(code: string): Promise<void> {
  return write(STORAGE_KEYS.referralCode, code.trim().toUpperCase());
}

export function removeReferralCode(): Promise<void> {
  return remove(STORAGE_KEYS.referralCode);
}

/* Pay-for-me links' addresses (PAY_LINK_ADDRESSES: {linkId: address}) */

/** How many addresses are kept: the newest; a traveller has at most 5 links waiting (decision 077). */
const PAY_LINK_ADDRESSES_KEPT = 20;

export async function readPayLinkAddresses(): Promise<Record<string, string>> {
  try {
    const parsed: unknown = JSON.parse((await read(STORAGE_KEYS.payLinkAddresses)) ?? "{}");
    if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) return {};
    return Object.fromEntries(
      Object.entries(parsed).filter((entry): entry is [string, string] => typeof entry[1] === "string"),
    );
  } catch {
    return {};
  }
}

export async function rememberPayLinkAddress(linkId: string, address: string): Promise<void> {
  const kept = Object.entries(await readPayLinkAddresses()).filter(([id]) => id !== linkId);
  const next = [...kept, [linkId, address]].slice(-PAY_LINK_ADDRESSES_KEPT);
  await write(STORAGE_KEYS.payLinkAddresses, JSON.stringify(Object.fromEntries(next)));
}

export function removePayLinkAddresses(): Promise<void> {
  return remove(STORAGE_KEYS.payLinkAddresses);
}

/* A sign-in waiting for its code (sessionStorage) */

/**
 * Kept for this tab only, in sessionStorage (it survives a reload, not a closed tab; a native app's web view has one
 * too), read at once on the first render so a reload does not flash the email step. The product names
 * no key for it.
 */
export const SESSION_STORAGE_KEYS = { pendingSignIn: "PENDING_SIGN_IN" } as const;

/** The email a code was sent to, when that code dies and when another may be asked for (epoch ms). */
export interface PendingSignIn {
  email: string;
  codeExpiresAtMs: number;
  resendDeadlineMs: number | null;
}

function isPendingSignIn(value: unknown): value is PendingSignIn {
  if (typeof value !== "object" || value === null) return false;
  const { email, codeExpiresAtMs, resendDeadlineMs } = value as Record<string, unknown>;
  return (
    typeof email === "string" &&
    email.length > 0 &&
    typeof codeExpiresAtMs === "number" &&
    (resendDeadlineMs === null || typeof resendDeadlineMs === "number")
  );
}

/** The sign-in waiting for its code in this tab, whatever its expiry (the caller compares it with the clock). */
export function readPendingSignIn(): PendingSignIn | null {
  try {
    const raw = window.sessionStorage.getItem(SESSION_STORAGE_KEYS.pendingSignIn);
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    return isPendingSignIn(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

export function writePendingSignIn(pending: PendingSignIn): void {
  try {
    window.sessionStorage.setItem(SESSION_STORAGE_KEYS.pendingSignIn, JSON.stringify(pending));
  } catch {
    // Without sessionStorage a reload starts at the email step again, as before.
  }
}

export function removePendingSignIn(): void {
  try {
    window.sessionStorage.removeItem(SESSION_STORAGE_KEYS.pendingSignIn);
  } catch {
    // Nothing stored means nothing to remove.
  }
}

/* Session token (Token) */

export async function readToken(): Promise<string | null> {
  const value = await read(STORAGE_KEYS.token);
  return value ? value : null;
}

export function writeToken(token: string): Promise<void> {
  return write(STORAGE_KEYS.token, token);
}

export function removeToken(): Promise<void> {
  return remove(STORAGE_KEYS.token);
}

/**
 * Follows the token in other tabs: the `storage` event fires only in the tabs
 * that did not make the change. Returns the unsubscribe function. Browsers only: a native app has one web
 * view and its store is not localStorage, so there is nothing to follow.
 */
export function onTokenChangedElsewhere(listener: (token: string | null) => void): () => void {
  if (backend !== localStorageBackend) return () => {};
  const handle = (event: StorageEvent) => {
    // `key === null` means another tab cleared the whole store.
    if (event.key !== STORAGE_KEYS.token && event.key !== null) return;
    listener(event.key === null ? null : event.newValue || null);
  };
  window.addEventListener("storage", handle);
  return () => window.removeEventListener("storage", handle);
}

/* Preferences (userPreferences), in the product's vocabulary */

const STORED_LANGUAGE = { fr: "french", en: "english", ar: "arabic" } as const satisfies Record<Language, string>;
const STORED_CURRENCY = { DZD: "dzd", USD: "usd" } as const satisfies Record<Currency, string>;

export interface Preferences {
  language: Language;
  currency: Currency;
}

export const DEFAULT_PREFERENCES: Preferences = { language: "fr", currency: "DZD" };

function serializePreferences(preferences: Preferences): string {
  return JSON.stringify({
    language: STORED_LANGUAGE[preferences.language],
    currency: STORED_CURRENCY[preferences.currency],
  });
}

function parsePreferences(raw: string): Preferences | null {
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== "object" || value === null) return null;
    const { language, currency } = value as Record<string, unknown>;
    const languageEntry = Object.entries(STORED_LANGUAGE).find(([, stored]) => stored === language);
    const currencyEntry = Object.entries(STORED_CURRENCY).find(([, stored]) => stored === currency);
    if (!languageEntry || !currencyEntry) return null;
    return { language: languageEntry[0] as Language, currency: currencyEntry[0] as Currency };
  } catch {
    return null;
  }
}

/** The stored preferences; a value that is missing or fails to parse is reset to the defaults. */
export async function readPreferences(): Promise<Preferences> {
  const raw = await read(STORAGE_KEYS.userPreferences);
  const parsed = raw === null ? null : parsePreferences(raw);
  if (parsed) return parsed;
  await write(STORAGE_KEYS.userPreferences, serializePreferences(DEFAULT_PREFERENCES));
  return DEFAULT_PREFERENCES;
}

export function writePreferences(preferences: Preferences): Promise<void> {
  return write(STORAGE_KEYS.userPreferences, serializePreferences(preferences));
}

/* Device id (DEVICE_ID), the generated fallback id of this browser */

export async function readOrCreateDeviceId(): Promise<string> {
  const stored = await read(STORAGE_KEYS.deviceId);
  if (stored) return stored;
  const created = crypto.randomUUID();
  await write(STORAGE_KEYS.deviceId, created);
  return created;
}
