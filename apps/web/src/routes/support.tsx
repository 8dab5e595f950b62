import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { useLocation, useSearchParams } from "react-router";
import { Alert } from "../components/ui/alert.tsx";
import { Page } from "../components/ui/page.tsx";
import { Spinner } from "../components/ui/spinner.tsx";
import { useSession } from "../features/auth/hooks/use-session.ts";
import { useSupportConfig } from "../features/support/api/get-support-config.ts";
import { ChatButton } from "../features/support/chat/chat-button.tsx";
import { FaqBrowser } from "../features/support/components/faq-browser.tsx";
import { GuideLinks } from "../features/support/components/guide-links.tsx";
import { SupportContacts } from "../features/support/components/support-contacts.tsx";
import { SupportPolicies } from "../features/support/components/support-policies.tsx";
import { faqQueryOptions } from "../features/support/faq/load-faq.ts";
import { isOrderNumber } from "../features/support/whatsapp/whatsapp-link.ts";
import { useLanguage, useT } from "../lib/i18n.ts";

/**
 * /support: the help centre. Guides, the shop's commitments (refund, cancellation) with the way to each, the
 * searchable FAQ in the interface's language, then the contacts;
 * `?order=ES26-000123` (from a failed payment) names that order in the WhatsApp message.
 */
export function SupportRoute() {
  const t = useT();
  const language = useLanguage();
  const location = useLocation();
  const [params] = useSearchParams();
  const order = params.get("order");
  const { user } = useSession();
  const faq = useQuery(faqQueryOptions(language));
  const config = useSupportConfig();
  const chatUser = user ? { name: user.name, email: user.email } : null;

  // /support#contacts is where the chat buttons lead without a chat: bring the contacts into view once the
  // FAQ above them is drawn (it arrives after the first render and would push them down).
  const isFaqPending = faq.isPending;
  useEffect(() => {
    if (location.hash !== "#contacts" || isFaqPending) return;
    const heading = document.getElementById("support-contacts");
    heading?.scrollIntoView?.({ block: "start" });
    heading?.focus({ preventScroll: true });
  }, [location.hash, isFaqPending]);

  return (
    <Page title={t("screen.support")}>
      <div className="space-y-8">
        <p className="text-slate-700">{t("support.intro")}</p>
        <GuideLinks />
        <SupportPolicies />
        {faq.data ? (
          <FaqBrowser faq={faq.data} />
        ) : faq.isError ? (
          <Alert>{t("support.faqLoadFailed")}</Alert>
        ) : (
          <Spinner className="mx-auto size-8 text-brand-700" label={t("common.loading")} />
        )}
        <SupportContacts
          config={config.data}
          chat={config.data?.chat ? <ChatButton variant="inline" user={chatUser} /> : null}
          orderNumber={isOrderNumber(order) ? order : undefined}
        />
      </div>
    </Page>
  );
}
