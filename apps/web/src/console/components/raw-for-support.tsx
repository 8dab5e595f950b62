import { useT } from "../lib/i18n.ts";

/**
 * Text the server or the upstream wrote in English (an error, a gateway's event code), folded under the console's own
 * words: support may need it verbatim, an operator reads the summary first.
 */
export function RawForSupport(props: { text: string }) {
  const t = useT();
  return (
    <details className="mt-1 text-xs text-slate-600" data-raw-for-support>
      <summary className="cursor-pointer">{t("console.support.rawDetails")}</summary>
      <bdi dir="ltr" className="block font-mono break-all">
        {props.text}
      </bdi>
    </details>
  );
}
