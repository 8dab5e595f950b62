import * as z from "zod/mini";
import { defineEndpoint } from "../http.ts";

/** The numbers behind the marketing lines ("from 64 DZD", "170+ destinations"): one source for every screen. */
export const getCatalogSummary = defineEndpoint({
  method: "GET",
  path: "/catalog/summary",
  auth: false,
  body: undefined,
  response: z.object({
    data: z.object({
      destinationCount: z.number(),
      lowestPrice: z.object({ DZD: z.number(), USD: z.number() }),
    }),
  }),
});
