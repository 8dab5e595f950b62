import type { Me } from "@esim/shared/auth/contracts";
import { type Currency, HTML_LANG, LANGUAGES, type Language } from "@esim/shared/locale";
import { LANGUAGE_NAMES } from "@esim/ui/layout";
import { type FormEvent, useState } from "react";
import { Alert } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Card } from "../../../components/ui/card.tsx";
import { Modal } from "../../../components/ui/modal.tsx";
import { errorMessageId } from "../../../lib/error-messages.ts";
import { changeLanguage, useLanguage, useT } from "../../../lib/i18n.ts";
import { useUpdatePreferences } from "../api/update-preferences.ts";
import { ChoiceGroup } from "./choice-group.tsx";

/** Language and currency, saved with the account and in `userPreferences`; the interface follows at once. */
export function PreferencesForm({ user }: { user: Me }) {
  const t = useT();
  const activeLanguage = useLanguage();
  const [language, setLanguage] = useState<Language>(activeLanguage);
  const [currency, setCurrency] = useState<Currency>(user.currency);
  const [isSavedOpen, setIsSavedOpen] = useState(false);
  const updatePreferences = useUpdatePreferences();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    updatePreferences.mutate(
      { language, currency },
      {
        onSuccess: async () => {
          await changeLanguage(language);
          setIsSavedOpen(true);
        },
      },
    );
  };

  return (
    <Card>
      <form onSubmit={submit} className="space-y-8">
        <ChoiceGroup
          legend={t("preferences.language")}
          name="language"
          value={language}
          onChange={setLanguage}
          options={LANGUAGES.map((code) => ({
            value: code,
            label: LANGUAGE_NAMES[code],
            lang: HTML_LANG[code],
          }))}
        />
        <ChoiceGroup
          legend={t("preferences.currency")}
          name="currency"
          value={currency}
          onChange={setCurrency}
          options={[
            { value: "DZD", label: t("currency.DZD"), description: "DA" },
            { value: "USD", label: t("currency.USD"), description: "$" },
          ]}
        />
        {updatePreferences.error ? <Alert>{t(errorMessageId(updatePreferences.error))}</Alert> : null}
        <Button type="submit" fullWidth isLoading={updatePreferences.isPending}>
          {t("common.save")}
        </Button>
      </form>
      <Modal
        open={isSavedOpen}
        onOpenChange={setIsSavedOpen}
        type="success"
        title={t("preferences.saved.title")}
        message={t("preferences.saved.message")}
      />
    </Card>
  );
}
