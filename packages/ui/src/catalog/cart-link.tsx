import type { Language } from "@esim/shared/locale";
import { LabelWithContext } from "../components/label-with-context.tsx";
import { AppLink } from "../components/link.tsx";
import { useT } from "../i18n.ts";

/**
 * The app's cart with this plan chosen. From a public page it also carries the promo code the page was opened with
 * and the page's language (the app's root loader stores both and drops them from the address, as for `?promo=`).
 */
export function cartHref(input: {
  planId: string;
  destinationCode: string;
  promo?: string | null;
  language?: Language;
}): string {
  const params = new URLSearchParams({ plan: input.planId, destination: input.destinationCode });
  if (input.promo) params.set("promo", input.promo);
  if (input.language) params.set("lang", input.language);
  return `/cart?${params}`;
}

/** The primary button's look, for a link that acts as one (the app's Button "primary"). */
export const PRIMARY_LINK_CLASSES =
  "inline-flex min-h-12 items-center justify-center gap-2 rounded-xl bg-brand-700 px-5 text-base font-semibold text-white transition-colors hover:bg-brand-800 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-600";

/** "Choose this plan": the way on from a plan card to the cart, named with the plan for screen readers. */
export function CartLink({ href, planTitle }: { href: string; planTitle: string }) {
  const t = useT();
  return (
    <AppLink href={href} className={PRIMARY_LINK_CLASSES}>
      <LabelWithContext label={t("plan.choose")} context={planTitle} />
    </AppLink>
  );
}
