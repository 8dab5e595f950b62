import { type Currency, DEFAULT_LANGUAGE, isLanguage, type Language } from "@esim/shared/locale";

// The only access to browser storage. Every function is async so that native
// builds can swap the backend for Capacitor Preferences without touching callers.

/** Storage keys of the product description §3, spelled exactly as it does. */
export const STORAGE_KEYS = {
  language: "LANG",
  promoCode: "PROMO_CODE",
  token: "Token",
  userPreferences: "userPreferences",
  deviceId: "DEVICE_ID",
} as const;

type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

export interface KeyValueBackend {
  get(key: string): Promise<string | null>;
  set(key: string, value: string): Promise<void>;
  remove(key: string): Promise<void>;
}

// Private mode or a full quota makes localStorage throw; the app then behaves as with an empty store.
const localStorageBackend: KeyValueBackend = {
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

let backend: KeyValueBackend = localStorageBackend;

/** Lets a native build (later issue) plug in its own store. */
export function setStorageBackend(next: KeyValueBackend): void {
  backend = next;
}

const read = (key: StorageKey) => backend.get(key);
const write = (key: StorageKey, value: string) => backend.set(key, value);
const remove = (key: StorageKey) => backend.remove(key);

/* Language (LANG: fr | en | ar, default fr) */

export async function readLanguage(): Promise<Language> {
  const value = await read(STORAGE_KEYS.language);
  return isLanguage(value) ? value : DEFAULT_LANGUAGE;
}

export function writeLanguage(language: Language): Promise<void> {
  return write(STORAGE_KEYS.language, language);
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
 * that did not make the change. Returns the unsubscribe function.
 */
export function onTokenChangedElsewhere(listener: (token: string | null) => void): () => void {
  const handle = (event: StorageEvent) => {
    // `key === null` means another tab cleared the whole store.
    if (event.key !== STORAGE_KEYS.token && event.key !== null) return;
    listener(event.key === null ? null : event.newValue || null);
  };
  window.addEventListener("storage", handle);
  return () => window.removeEventListener("storage", handle);
}

/* Preferences (userPreferences), in the product description's vocabulary */

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
