// Deep links into the native app (decisions 022 and 023). Both forms land here:
// an App Link / Universal Link (`https://<host>/payment-result?…`, the first path segment names the
// screen) and the custom scheme (`esimstore://payment-result?…`, the URL's host names the screen).
// The OS only opens the app for hosts it has verified, so the https host is not checked again here.

import { NATIVE_APP_DEFAULTS } from "@esim/shared/native-app";
import { passOnQuery } from "./query-string.ts";

/** The custom scheme the native projects declare (packages/shared/src/native-app.ts). */
const DEEP_LINK_PROTOCOL = `${NATIVE_APP_DEFAULTS.scheme}:`;

/** Time between launch and handling a link the app was opened with. */
export const LAUNCH_DEEP_LINK_DELAY_MS = 1000;

export type DeepLinkTarget = { to: string; promoCode: string | null };

const HOME: DeepLinkTarget = { to: "/home", promoCode: null };

function warnAndGoHome(reason: string, url: string, error?: unknown): DeepLinkTarget {
  console.warn(`Deep link ${reason}; going home.`, url, ...(error === undefined ? [] : [error]));
  return HOME;
}

/** The screen a deep link opens and the promo code it carries (upper-cased); never throws. */
export function resolveDeepLink(url: string): DeepLinkTarget {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch (error) {
    return warnAndGoHome("could not be parsed", url, error);
  }

  let segments: string[];
  if (parsed.protocol === DEEP_LINK_PROTOCOL) {
    segments = [parsed.hostname, ...parsed.pathname.split("/")];
  } else if (parsed.protocol === "https:") {
    segments = parsed.pathname.split("/");
  } else {
    return warnAndGoHome(`scheme ${parsed.protocol} is not supported`, url);
  }
  segments = segments.filter((segment) => segment !== "");
  if (segments.length > 1) return warnAndGoHome("names no screen", url);

  const promo = parsed.searchParams.get("promo")?.trim();
  const promoCode = promo ? promo.toUpperCase() : null;
  const query = passOnQuery(parsed.searchParams);

  switch (segments[0]?.toLowerCase()) {
    case "payment-result": {
      // `status` only picks the screen: the server is asked for the payment's state, by paymentId.
      const isSuccess = parsed.searchParams.get("status") === "success";
      return {
        to: `${isSuccess ? "/esims" : "/home"}${passOnQuery(parsed.searchParams, { status: undefined })}`,
        promoCode,
      };
    }
    case "success":
      return { to: `/success${query}`, promoCode };
    case "failure":
      return { to: `/failure${query}`, promoCode };
    case "esims":
      return { to: `/esims${query}`, promoCode };
    case "summary":
      return { to: `/summary${query}`, promoCode };
    case "home":
    case undefined:
      return { to: `/home${query}`, promoCode };
    default:
      return warnAndGoHome("names no screen", url);
  }
}

/** The part of Capacitor's App plugin used here; the real plugin is passed in by lib/platform.ts. */
export type DeepLinkApp = {
  getLaunchUrl(): Promise<{ url: string } | undefined>;
  addListener(event: "appUrlOpen", callback: (event: { url: string }) => void): Promise<{ remove(): Promise<void> }>;
};

export type StartDeepLinksOptions = {
  app: DeepLinkApp;
  navigate: (to: string) => void;
  storePromoCode: (code: string) => Promise<void>;
  /** Told of every link as it is handled, before anything else (the shell closes the payment browser). */
  onLink?: (url: string) => void;
  launchDelayMs?: number;
};

/**
 * Handles the link the app was launched with after `launchDelayMs` (1000 ms) and every later
 * `appUrlOpen`: stores the promo code first, then navigates. Returns `stop`, which removes the listener
 * and cancels a launch link not yet handled.
 */
export function startDeepLinks({
  app,
  navigate,
  storePromoCode,
  onLink,
  launchDelayMs = LAUNCH_DEEP_LINK_DELAY_MS,
}: StartDeepLinksOptions): () => Promise<void> {
  let isStopped = false;
  let launchTimer: ReturnType<typeof setTimeout> | undefined;

  async function openLink(url: string) {
    if (isStopped) return;
    onLink?.(url);
    const { to, promoCode } = resolveDeepLink(url);
    if (promoCode !== null) {
      // A lost promo code must not keep the user from the screen the link names.
      await storePromoCode(promoCode).catch((error: unknown) =>
        console.warn("Deep link promo code not stored.", error),
      );
    }
    if (!isStopped) navigate(to);
  }

  app
    .getLaunchUrl()
    .then((launch) => {
      if (!launch?.url || isStopped) return;
      launchTimer = setTimeout(() => void openLink(launch.url), launchDelayMs);
    })
    .catch((error: unknown) => console.warn("Launch deep link could not be read.", error));

  const listener = app.addListener("appUrlOpen", (event) => void openLink(event.url));

  return async () => {
    isStopped = true;
    clearTimeout(launchTimer);
    await (await listener).remove();
  };
}
