import * as z from "zod/mini";
import { defineEndpoint } from "../http.ts";

/**
 * `GET /support/config`: how to reach support. `chat` is null when no live chat is configured; its website
 * token is public by Chatwoot's design (every page embedding the widget carries it), so no session is needed.
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
    }),
  }),
});

export type SupportConfig = z.output<typeof getSupportConfig.response>["data"];
