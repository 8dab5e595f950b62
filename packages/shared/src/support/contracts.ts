import * as z from "zod/mini";
import { defineEndpoint } from "../http.ts";

/**
 * `GET /support/config`: how to reach support. `chat` is null when no live chat is configured; its website
 * token is public by Chatwoot's design (every page embedding the widget carries it), so no session is needed.
 * `whatsapp` is the number in E.164, null when none is configured (no button); `hours` is when a person answers,
 * every day, in Algerian time (decision 081).
 */
export const getSupportConfig = defineEndpoint({
  method: "GET",
  path: "/support/config",
  auth: false,
  body: undefined,
  response: z.object({
    data: z.object({
      email: z.string(),
      chat: z.nullable(z.object({ provider: z.literal("chatwoot"), baseUrl: z.string(), websiteToken: z.string() })),
      whatsapp: z.nullable(z.object({ number: z.string() })),
      hours: z.object({ timeZone: z.string(), opens: z.string(), closes: z.string() }),
    }),
  }),
});

export type SupportConfig = z.output<typeof getSupportConfig.response>["data"];
