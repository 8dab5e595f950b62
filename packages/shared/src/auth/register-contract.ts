import * as z from "zod/mini";
import { countrySchema, emailSchema, languageSchema, nameSchema } from "../fields.ts";
import { defineEndpoint } from "../http.ts";
import { checkPhone } from "../phone.ts";
import { codeSentResponseSchema } from "./contracts.ts";

// Its own module: the phone check brings libphonenumber, which only the register screen should load.

/** Name, email, country and an optional phone, checked for that country and returned in E.164. */
export const registerBodySchema = z
  .strictObject({
    name: nameSchema,
    email: emailSchema,
    country: countrySchema,
    phone: z.optional(z.nullable(z.string({ error: "PHONE_INVALID" }))),
    language: z.optional(languageSchema),
  })
  .check(
    z.superRefine((value, ctx) => {
      if (value.phone == null || value.phone.trim() === "") return;
      const result = checkPhone(value.phone, value.country);
      if (!result.ok) ctx.addIssue({ code: "custom", path: ["phone"], message: result.code, input: value.phone });
    }),
  );
export type RegisterBody = z.input<typeof registerBodySchema>;

export const register = defineEndpoint({
  method: "POST",
  path: "/auth/register",
  auth: false,
  body: registerBodySchema,
  response: codeSentResponseSchema,
});
