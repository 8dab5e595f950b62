import { formatNumber } from "@esim/shared/format";
import type { Faq } from "@esim/ui/faq/faq-types";
import { useDeferredValue, useId, useState } from "react";
import { Link } from "react-router";
import { CloseIcon, SearchIcon } from "../../../components/ui/icons.tsx";
import { FIELD_CLASSES } from "../../../components/ui/text-field.tsx";
import { useT } from "../../../lib/i18n.ts";
import { countEntries, searchFaq } from "../faq/search-faq.ts";
import { FaqEntry } from "./faq-entry.tsx";

/** The FAQ with its search: categories as headings, each question a disclosure, an empty state. */
export function FaqBrowser({ faq }: { faq: Faq }) {
  const t = useT();
  const inputId = useId();
  const [query, setQuery] = useState("");
  const deferredQuery = useDeferredValue(query);
  const results = searchFaq(faq, deferredQuery);
  const count = countEntries(results);
  const isSearching = deferredQuery.trim() !== "";
  return (
    <section aria-labelledby="support-faq">
      <h2 id="support-faq" className="mb-3 text-lg font-semibold text-slate-900">
        {t("support.faqTitle")}
      </h2>
      <search className="relative">
        <label htmlFor={inputId} className="sr-only">
          {t("support.searchLabel")}
        </label>
        <SearchIcon className="pointer-events-none absolute start-4 top-1/2 size-5 -translate-y-1/2 text-slate-500" />
        <input
          id={inputId}
          type="search"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          placeholder={t("support.searchPlaceholder")}
          autoComplete="off"
          enterKeyHint="search"
          // Room for the clear button only once there is something to clear: the placeholder keeps the width at 320 px.
          className={`${FIELD_CLASSES} ps-11 ${query ? "pe-12" : "pe-4"} [&::-webkit-search-cancel-button]:hidden`}
        />
        {query ? (
          <button
            type="button"
            onClick={() => setQuery("")}
            aria-label={t("support.searchClear")}
            className="absolute end-1 top-1/2 grid size-10 -translate-y-1/2 place-items-center rounded-full text-slate-600 hover:bg-slate-100 focus-visible:outline-3 focus-visible:outline-brand-600"
          >
            <CloseIcon className="size-5" />
          </button>
        ) : null}
      </search>
      <p role="status" className={isSearching ? "mt-2 text-sm text-slate-600" : "sr-only"}>
        {isSearching ? t("support.searchResults", { count, countText: formatNumber(count) }) : ""}
      </p>
      {count === 0 ? (
        <div className="mt-4 rounded-2xl bg-white p-6 text-center shadow-sm ring-1 ring-slate-200/80">
          <p className="font-semibold text-slate-900">{t("support.searchEmpty", { query: deferredQuery.trim() })}</p>
          <p className="mt-1 text-slate-600">
            <Link
              to={{ hash: "contacts" }}
              className="font-semibold text-brand-800 underline underline-offset-2 focus-visible:outline-3 focus-visible:outline-brand-600"
            >
              {t("support.searchEmptyHint")}
            </Link>
          </p>
        </div>
      ) : (
        <div className="mt-4 space-y-6">
          {results.map((category) => (
            <section key={category.id} aria-labelledby={`faq-${category.id}`}>
              <h3 id={`faq-${category.id}`} className="mb-2 text-base font-semibold text-slate-800">
                {category.title}
              </h3>
              <div className="overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200/80">
                {category.entries.map((entry) => (
                  <FaqEntry key={entry.id} entry={entry} />
                ))}
              </div>
            </section>
          ))}
        </div>
      )}
    </section>
  );
}
