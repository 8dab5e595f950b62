import { getCountryCallingCode, isSupportedCountry } from "libphonenumber-js/min";
import type { ComponentProps } from "react";
import { useT } from "../../lib/i18n.ts";
import { TextField } from "../ui/text-field.tsx";

type FieldProps = Omit<ComponentProps<typeof TextField>, "type" | "inputMode" | "autoComplete" | "dir" | "name">;

/** An email address: typed left to right whatever the page direction, with the mobile email keyboard. */
export function EmailField(props: FieldProps) {
  return <TextField name="email" type="email" inputMode="email" autoComplete="email" dir="ltr" {...props} />;
}

/**
 * A phone number checked for `country`: left to right, with the country's calling code as its hint (or a
 * prompt to pick the country first). Loads libphonenumber's metadata: only lazy screens use it.
 */
export function PhoneField({ country, ...props }: Omit<FieldProps, "hint"> & { country: string }) {
  const t = useT();
  const callingCode = country && isSupportedCountry(country) ? `+${getCountryCallingCode(country)}` : null;
  const hint = callingCode ? <bdi>{t("form.phoneHint", { callingCode })}</bdi> : t("form.phoneHintNoCountry");
  return <TextField name="phone" type="tel" inputMode="tel" autoComplete="tel" dir="ltr" hint={hint} {...props} />;
}
