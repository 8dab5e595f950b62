import { countrySchema, nameSchema } from "@esim/shared/fields";
import { type FormEvent, useState } from "react";
import { NameCountryFields } from "../../../components/forms/name-country-fields.tsx";
import { Alert } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { errorMessageId, hasFieldErrors } from "../../../lib/error-messages.ts";
import { useT } from "../../../lib/i18n.ts";
import { useFieldErrors } from "../../../lib/use-field-errors.ts";
import { useCompleteProfile } from "../api/complete-profile.ts";

/** Step 3 for a new account: the name and country the shop needs before anything else. */
export function CompleteProfileStep({ onDone }: { onDone: () => void }) {
  const t = useT();
  const [name, setName] = useState("");
  const [country, setCountry] = useState("DZ");
  const { errors, validate, showServerErrors } = useFieldErrors<"name" | "country">();
  const completeProfile = useCompleteProfile();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const isValid = validate({
      name: { schema: nameSchema, value: name },
      country: { schema: countrySchema, value: country },
    });
    if (!isValid) return;
    completeProfile.mutate(
      { name: name.trim(), country },
      {
        onSuccess: onDone,
        onError: (error) => showServerErrors(error, ["name", "country"]),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-5">
      <div>
        <h2 className="text-2xl font-bold tracking-tight text-slate-900">{t("auth.profile.title")}</h2>
        <p className="mt-1 text-slate-600">{t("auth.profile.subtitle")}</p>
      </div>
      <NameCountryFields
        name={name}
        country={country}
        onNameChange={setName}
        onCountryChange={setCountry}
        errors={errors}
      />
      {completeProfile.error && !hasFieldErrors(completeProfile.error) ? (
        <Alert>{t(errorMessageId(completeProfile.error))}</Alert>
      ) : null}
      <Button type="submit" fullWidth isLoading={completeProfile.isPending}>
        {t("auth.profile.submit")}
      </Button>
    </form>
  );
}
