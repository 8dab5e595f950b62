import type { Me } from "@esim/shared/auth/contracts";
import { countrySchema, nameSchema } from "@esim/shared/fields";
import { type FormEvent, useState } from "react";
import { NameCountryFields } from "../../../components/forms/name-country-fields.tsx";
import { Alert } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Card } from "../../../components/ui/card.tsx";
import { Modal } from "../../../components/ui/modal.tsx";
import { TextField } from "../../../components/ui/text-field.tsx";
import { errorMessageId, hasFieldErrors } from "../../../lib/error-messages.ts";
import { useT } from "../../../lib/i18n.ts";
import { useFieldErrors } from "../../../lib/use-field-errors.ts";
import { useUpdateProfile } from "../api/update-profile.ts";

/** Name and country can change; email and phone are shown read-only (phone editing comes later). */
export function PersonalInformationForm({ user }: { user: Me }) {
  const t = useT();
  const [name, setName] = useState(user.name ?? "");
  const [country, setCountry] = useState(user.country ?? "");
  const { errors, validate, showServerErrors } = useFieldErrors<"name" | "country">();
  const [isSavedOpen, setIsSavedOpen] = useState(false);
  const updateProfile = useUpdateProfile();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const isValid = validate({
      name: { schema: nameSchema, value: name },
      country: { schema: countrySchema, value: country },
    });
    if (!isValid) return;
    updateProfile.mutate(
      { name: name.trim(), country },
      {
        onSuccess: () => setIsSavedOpen(true),
        onError: (error) => showServerErrors(error, ["name", "country"]),
      },
    );
  };

  return (
    <Card>
      <form onSubmit={submit} noValidate className="space-y-5">
        <NameCountryFields
          name={name}
          country={country}
          onNameChange={setName}
          onCountryChange={setCountry}
          errors={errors}
        />
        <TextField label={t("form.email")} value={user.email} readOnly dir="ltr" hint={t("personal.emailReadOnly")} />
        <TextField
          label={t("form.phone")}
          value={user.phone ?? ""}
          placeholder={t("personal.noPhone")}
          readOnly
          dir="ltr"
          hint={t("personal.phoneComingSoon")}
        />
        {updateProfile.error && !hasFieldErrors(updateProfile.error) ? (
          <Alert>{t(errorMessageId(updateProfile.error))}</Alert>
        ) : null}
        <Button type="submit" fullWidth isLoading={updateProfile.isPending}>
          {t("common.save")}
        </Button>
      </form>
      <Modal
        open={isSavedOpen}
        onOpenChange={setIsSavedOpen}
        type="success"
        title={t("personal.saved.title")}
        message={t("personal.saved.message")}
      />
    </Card>
  );
}
