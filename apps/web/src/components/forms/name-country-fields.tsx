import { useCountryOptions } from "../../lib/countries.ts";
import { useT } from "../../lib/i18n.ts";
import { SelectField } from "../ui/select-field.tsx";
import { TextField } from "../ui/text-field.tsx";

/** The name and country a profile needs: used when a new account completes it and when a user edits it. */
export function NameCountryFields(props: {
  name: string;
  country: string;
  onNameChange: (name: string) => void;
  onCountryChange: (country: string) => void;
  errors: { name?: string; country?: string };
}) {
  const t = useT();
  const countries = useCountryOptions();
  return (
    <>
      <TextField
        label={t("form.name")}
        name="name"
        autoComplete="name"
        value={props.name}
        onChange={(event) => props.onNameChange(event.target.value)}
        error={props.errors.name}
      />
      <SelectField
        label={t("form.country")}
        name="country"
        autoComplete="country"
        value={props.country}
        onChange={(event) => props.onCountryChange(event.target.value)}
        options={countries}
        placeholder={t("form.countryPlaceholder")}
        error={props.errors.country}
      />
    </>
  );
}
