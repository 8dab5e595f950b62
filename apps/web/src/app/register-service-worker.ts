import { isNativePlatform } from "../lib/platform.ts";

export const SERVICE_WORKER_URL = "/sw.js";

interface RegistrationEnvironment {
  isProduction: boolean;
  isNative: boolean;
  /** `navigator.serviceWorker`: missing in old browsers, some private modes and insecure contexts. */
  container: ServiceWorkerContainer | undefined;
  window: Pick<Window, "addEventListener"> & {
    document: Pick<Document, "readyState">;
    location: Pick<Location, "reload">;
  };
}

function currentEnvironment(): RegistrationEnvironment {
  return {
    isProduction: import.meta.env.PROD,
    isNative: isNativePlatform(),
    container: "serviceWorker" in navigator ? navigator.serviceWorker : undefined,
    window,
  };
}

/**
 * Registers the offline worker (build-tools/service-worker.ts) in production web builds, after the page has
 * loaded so it never competes with the first screen. Not in development, nor in the native apps, which ship
 * their files. When a deploy's new worker takes over a page the previous one controlled, the page reloads
 * once so it runs the new build (its old lazy chunks are gone from the server and the cache).
 */
export function registerServiceWorker(environment: RegistrationEnvironment = currentEnvironment()): void {
  const { container, window: page } = environment;
  if (!environment.isProduction || environment.isNative || !container) return;
  const register = () => {
    const wasControlled = container.controller !== null;
    let isReloading = false;
    container.addEventListener("controllerchange", () => {
      if (!wasControlled || isReloading) return;
      isReloading = true;
      page.location.reload();
    });
    container.register(SERVICE_WORKER_URL, { scope: "/" }).catch((error: unknown) => {
      console.warn("The offline service worker could not be registered", error);
    });
  };
  if (page.document.readyState === "complete") register();
  else page.addEventListener("load", register, { once: true });
}
