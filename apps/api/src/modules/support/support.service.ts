import type { SupportConfig } from "@esim/shared/support/contracts";
import { SUPPORT_TIME_ZONE } from "@esim/shared/support/hours";
import type { Config } from "../../config.ts";

type SupportSettings = Pick<
  Config,
  "SUPPORT_EMAIL" | "CHATWOOT_BASE_URL" | "CHATWOOT_WEBSITE_TOKEN" | "WHATSAPP_NUMBER" | "SUPPORT_HOURS"
>;

/**
 * How to reach support: the email always, the live chat only when both its base URL and token are configured,
 * WhatsApp when a number is, and the hours a person answers in Algerian time.
 */
export function describeSupport(config: SupportSettings): SupportConfig {
  const { CHATWOOT_BASE_URL: baseUrl, CHATWOOT_WEBSITE_TOKEN: websiteToken } = config;
  return {
    email: config.SUPPORT_EMAIL,
    chat: baseUrl && websiteToken ? { provider: "chatwoot", baseUrl: baseUrl.replace(/\/+$/, ""), websiteToken } : null,
    whatsapp: config.WHATSAPP_NUMBER ? { number: config.WHATSAPP_NUMBER } : null,
    hours: { timeZone: SUPPORT_TIME_ZONE, ...config.SUPPORT_HOURS },
  };
}
