// Names of the service worker's runtime caches (build-tools/service-worker.ts), shared with the code that
// empties them. Cache Storage belongs to the origin: every tab and the worker see the same caches.

/** The signed-in user's API answers (My eSIMs, one eSIM, /auth/me): deleted whenever a session ends. */
export const USER_API_CACHE_NAME = "esim-api-user";
/** The public catalogue's answers: the same for everyone, kept across sessions. */
export const CATALOG_API_CACHE_NAME = "esim-api-catalog";
/** Country flags shown so far (hashed files). */
export const FLAGS_CACHE_NAME = "esim-flags";

/**
 * Deletes the cached API answers of the user who was signed in, so the next person on a shared phone cannot
 * read them offline. Never throws: the session ends either way (Cache Storage is missing outside secure
 * contexts and in some private modes).
 */
export async function deleteUserApiCache(): Promise<void> {
  if (typeof caches === "undefined") return;
  try {
    await caches.delete(USER_API_CACHE_NAME);
  } catch (error) {
    console.warn("Could not delete the cached API answers", error);
  }
}
