import type { FieldErrorCode } from "@esim/shared/errors";
import { type LegalPage, legalPagePath } from "@esim/shared/legal-pages";
import { useId } from "react";
import { publicPageAddress } from "../../lib/api-origin.ts";
import { fieldErrorMessageId } from "../../lib/error-messages.ts";
import { type MessageId, useLanguage, useT } from "../../lib/i18n.ts";

const LINKS: { page: LegalPage; label: MessageId }[] = [
  { page: "terms", label: "terms.readTerms" },
  { page: "privacy", label: "terms.readPrivacy" },
];

/**
 * The buyer's express acceptance of the terms of sale and privacy policy before paying (law 18-05, decision 073): an
 * unticked box, the two documents one tap away (in a new tab: the cart stays as it is), the field's error tied to it.
 */
export function TermsAcceptance({
  isAccepted,
  onChange,
  error,
}: {
  isAccepted: boolean;
  onChange: (isAccepted: boolean) => void;
  error: FieldErrorCode | undefined;
}) {
  const t = useT();
  const language = useLanguage();
  const errorId = useId();
  return (
    <div className="space-y-2">
      <label className="flex min-h-11 items-start gap-3 text-sm text-slate-800">
        <input
          type="checkbox"
          name="termsAccepted"
          className="mt-0.5 size-5 shrink-0 accent-brand-700"
          checked={isAccepted}
          onChange={(event) => onChange(event.target.checked)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
        <span>{t("terms.accept")}</span>
      </label>
      <ul className="flex flex-wrap gap-x-4 gap-y-1 ps-8 text-sm">
        {LINKS.map(({ page, label }) => (
          <li key={page}>
            <a
              href={publicPageAddress(legalPagePath(language, page), import.meta.env.VITE_API_ORIGIN)}
              target="_blank"
              rel="noopener"
              className="font-semibold text-brand-700 underline underline-offset-4"
            >
              {t(label)}
            </a>
          </li>
        ))}
      </ul>
      {error ? (
        <p id={errorId} className="ps-8 text-sm text-red-700">
          {t(fieldErrorMessageId(error))}
        </p>
      ) : null}
    </div>
  );
}
