/** A session stand-in for device registration: the token, its change listeners, and ways to change it. */
export function fakeSession(initialToken: string | null) {
  let token = initialToken;
  const listeners = new Set<() => void>();
  return {
    currentToken: () => token,
    onSessionChange: (listener: () => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** Changes the token without telling listeners, as a change the 500 ms re-check must find. */
    setTokenSilently(next: string | null) {
      token = next;
    },
    setToken(next: string | null) {
      token = next;
      for (const listener of listeners) listener();
    },
  };
}
