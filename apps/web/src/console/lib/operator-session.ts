import { useSyncExternalStore } from "react";
import type { ApiAuth } from "../../lib/api-client.ts";

// The operator's console session, apart from the customer's `Token` (decision 035): sessionStorage under
// ADMIN_TOKEN, so it ends with the tab, is never read by the storefront, and a 401 on a console call ends only it.

export const CONSOLE_TOKEN_KEY = "ADMIN_TOKEN";
export const ADMIN_LOGIN_PATH = "/admin/login";

type Listener = () => void;
const listeners = new Set<Listener>();

export function readOperatorToken(): string | null {
  try {
    return window.sessionStorage.getItem(CONSOLE_TOKEN_KEY) || null;
  } catch {
    return null;
  }
}

function notify(): void {
  for (const listener of listeners) listener();
}

export function storeOperatorToken(token: string): void {
  try {
    window.sessionStorage.setItem(CONSOLE_TOKEN_KEY, token);
  } catch (error) {
    console.warn("admin: could not store the session", error);
  }
  notify();
}

export function clearOperatorToken(): void {
  try {
    window.sessionStorage.removeItem(CONSOLE_TOKEN_KEY);
  } catch {
    // Nothing stored means nothing to remove.
  }
  notify();
}

function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The operator's token, re-rendering when it is stored or cleared (a 401 sends the console to its sign-in). */
export function useOperatorToken(): string | null {
  return useSyncExternalStore(subscribe, readOperatorToken, () => null);
}

/** What every console call carries: the operator's bearer; a 401 clears it (the layout then shows sign-in). */
export const operatorAuth: ApiAuth = {
  readToken: readOperatorToken,
  onUnauthorized: clearOperatorToken,
};
