import type { SupportConfig } from "@esim/shared/support/contracts";
import type { Config } from "../../config.ts";

type SupportSettings = Pick<Config, "SUPPORT_EMAIL" | "CHATWOOT_BASE_URL" | "CHATWOOT_WEBSITE_TOKEN">;

/** How to reach support: the email always, the live chat only when both its base URL and token are configured. */
export function describeSupport(config: SupportSettings): SupportConfig {
  const { CHATWOOT_BASE_URL: baseUrl, CHATWOOT_WEBSITE_TOKEN: websiteToken } = config;
  return {
    email: config.SUPPORT_EMAIL,
    chat: baseUrl && websiteToken ? { provider: "chatwoot", baseUrl: baseUrl.replace(/\/+$/, ""), websiteToken } : null,
  };
}
