import { APP_LINK_PATHS } from "@esim/shared/native-app";
import { AppError } from "../../lib/app-error.ts";
import type { AppDeps } from "../../lib/deps.ts";

// The two files that let Android and iOS open our https links in the app instead of the browser (App Links,
// Universal Links). Both are built from configuration: the app id, and the signing certificates or team that prove
// the app is ours. The payment return (/success, /failure) depends on them.

/** Android's Digital Asset Links statement: links of this host may open the app signed with these certificates. */
export function buildAssetLinks(deps: Pick<AppDeps, "config">) {
  const { config } = deps;
  const fingerprints = config.ANDROID_CERT_SHA256 ?? [];
  if (fingerprints.length === 0) {
    throw new AppError("NATIVE_LINKS_NOT_CONFIGURED", {
      message: "No Android signing certificate is configured (ANDROID_CERT_SHA256).",
    });
  }
  return [
    {
      relation: ["delegate_permission/common.handle_all_urls"],
      target: {
        namespace: "android_app",
        package_name: config.NATIVE_APP_ID,
        sha256_cert_fingerprints: fingerprints,
      },
    },
  ];
}

/**
 * Apple's app-site association: the deep-link paths for the app `<team>.<app id>`, as `components` (iOS 13+) and as
 * the older `appID` and `paths` (iOS 12), which later systems ignore when components are present.
 */
export function buildAppleAppSiteAssociation(deps: Pick<AppDeps, "config">) {
  const { config } = deps;
  if (!config.APPLE_TEAM_ID) {
    throw new AppError("NATIVE_LINKS_NOT_CONFIGURED", {
      message: "No Apple team id is configured (APPLE_TEAM_ID).",
    });
  }
  const appId = `${config.APPLE_TEAM_ID}.${config.NATIVE_APP_ID}`;
  return {
    applinks: {
      apps: [],
      details: [
        {
          appIDs: [appId],
          components: APP_LINK_PATHS.map((path) => ({ "/": path })),
          appID: appId,
          paths: [...APP_LINK_PATHS],
        },
      ],
    },
  };
}
