import { removeLastEsimsView } from "./last-esims-view.ts";
import { deleteUserApiCache } from "./offline-cache.ts";
import { onTokenChangedElsewhere, readToken, removePayLinkAddresses, removeToken, writeToken } from "./storage.ts";

// The session, outside React so that the API
// client, route loaders and device registration read the same state.

/** Why the session ended, so the app knows whether to offer a way back (redirect). */
export type SessionEndReason = "signed-out" | "unauthorized" | "other-tab";

export interface SessionState {
  token: string | null;
  endReason: SessionEndReason | null;
}

/** Query key of the signed-in user's data (`GET /auth/me`): part of the session, removed with it. */
export const ME_QUERY_KEY = ["auth", "me"] as const;

type Listener = (state: SessionState) => void;

let state: SessionState = { token: null, endReason: null };
const listeners = new Set<Listener>();
let stopFollowingOtherTabs: (() => void) | null = null;

function setState(next: SessionState): void {
  state = next;
  for (const listener of listeners) listener(state);
}

export function getSession(): SessionState {
  return state;
}

export function isAuthenticated(): boolean {
  return state.token !== null;
}

export function subscribeToSession(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Reads the stored token (a stored token means authenticated) and starts following other tabs. */
export async function startSession(): Promise<SessionState> {
  setState({ token: await readToken(), endReason: null });
  stopFollowingOtherTabs?.();
  stopFollowingOtherTabs = onTokenChangedElsewhere((token) => {
    // Storage already holds the other tab's value: only the in-memory state follows. The tab that signed
    // out emptied the shared API cache; doing it again here also drops an answer that arrived meanwhile.
    if (!token) void deleteUserApiCache();
    setState(token ? { token, endReason: null } : { token: null, endReason: "other-tab" });
  });
  return state;
}

/** Ends the other-tab listener (tests, hot reload). */
export function stopSession(): void {
  stopFollowingOtherTabs?.();
  stopFollowingOtherTabs = null;
  listeners.clear();
  state = { token: null, endReason: null };
}

/**
 * Unauthenticated → authenticated: the token is stored first, then listeners load the user data. Cached API
 * answers left by a session that ended outside the app (an expired token, cleared storage) go first.
 */
export async function signIn(token: string): Promise<void> {
  removeLastEsimsView();
  await Promise.all([writeToken(token), deleteUserApiCache()]);
  setState({ token, endReason: null });
}

/**
 * Back to unauthenticated (sign-out, account deletion, a 401): the token and the service worker's cached API
 * answers go (a shared phone must not show this user's eSIMs offline), and so do their pay-for-me links' addresses
 * and the last eSIM list painted at start (decision 092);
 * listeners drop the user data.
 */
export async function clearSession(reason: SessionEndReason): Promise<void> {
  removeLastEsimsView();
  await Promise.all([removeToken(), deleteUserApiCache(), removePayLinkAddresses()]);
  if (state.token === null && state.endReason === reason) return;
  setState({ token: null, endReason: reason });
}
