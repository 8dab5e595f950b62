import { formatDate } from "@esim/shared/format";
import { useT } from "../i18n.ts";
import type { LegalDocument } from "../legal/legal-documents.ts";

/** A legal page (terms of sale, privacy policy, legal notice): its title, date and sections. */
export function LegalMain({ document }: { document: LegalDocument }) {
  const t = useT();
  return (
    <article className="max-w-prose">
      <h1 className="text-2xl font-bold sm:text-3xl">{document.title}</h1>
      <p className="mt-2 text-sm text-slate-600">
        {t("storefront.legal.updatedOn", { date: formatDate(`${document.updatedOn}T12:00:00Z`) })}
      </p>
      {document.sections.map((section) => (
        <section key={section.heading} className="mt-6">
          <h2 className="text-xl font-bold">{section.heading}</h2>
          {section.paragraphs.map((paragraph) => (
            <p key={paragraph} className="mt-2 text-slate-800">
              {paragraph}
            </p>
          ))}
        </section>
      ))}
    </article>
  );
}
