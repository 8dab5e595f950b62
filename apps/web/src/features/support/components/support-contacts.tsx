import type { SupportConfig } from "@esim/shared/support/contracts";
import type { ReactNode } from "react";
import { ChatIcon, MailIcon } from "../../../components/ui/icons.tsx";
import { useT } from "../../../lib/i18n.ts";
import { SupportHours } from "../hours/support-hours.tsx";
import { WhatsAppButton } from "../whatsapp/whatsapp-button.tsx";
import { WhatsAppIcon } from "../whatsapp/whatsapp-icon.tsx";

interface SupportContactsProps {
  config: SupportConfig | undefined;
  /** The chat's start button, when a chat is configured. */
  chat: ReactNode;
  /** The order the traveller came about (an eSIM, a failed payment), named in the WhatsApp message. */
  orderNumber?: string | undefined;
}

function ContactCard({
  icon,
  title,
  hint,
  children,
}: {
  icon: ReactNode;
  title: string;
  hint: string;
  children: ReactNode;
}) {
  return (
    <li className="flex flex-col gap-3 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200/80">
      <div className="flex items-start gap-4">
        <span className="grid size-10 shrink-0 place-items-center rounded-xl bg-brand-50 text-brand-700">{icon}</span>
        <div className="min-w-0">
          <h3 className="font-semibold text-slate-900">{title}</h3>
          <p className="text-sm text-slate-600">{hint}</p>
        </div>
      </div>
      {children}
    </li>
  );
}

/**
 * How to reach a person: WhatsApp and the live chat when configured, the support email, and the hours a person
 * answers (target of /support#contacts).
 */
export function SupportContacts({ config, chat, orderNumber }: SupportContactsProps) {
  const t = useT();
  const email = config?.email;
  return (
    <section id="contacts" aria-labelledby="support-contacts" className="scroll-mt-20">
      <h2 id="support-contacts" className="text-lg font-semibold text-slate-900" tabIndex={-1}>
        {t("support.contactsTitle")}
      </h2>
      <p className="mb-3 text-slate-600">{t("support.contactsIntro")}</p>
      {config ? <SupportHours hours={config.hours} /> : null}
      <ul className="mt-3 grid gap-3 sm:grid-cols-2">
        {config?.whatsapp ? (
          <ContactCard
            icon={<WhatsAppIcon className="size-5" />}
            title={t("support.whatsappTitle")}
            hint={t("support.whatsappHint")}
          >
            <WhatsAppButton orderNumber={orderNumber} className="w-full sm:w-auto" />
          </ContactCard>
        ) : null}
        {chat ? (
          <ContactCard
            icon={<ChatIcon className="size-5" />}
            title={t("support.chatTitle")}
            hint={t("support.chatHint")}
          >
            {chat}
          </ContactCard>
        ) : null}
        {email ? (
          <ContactCard
            icon={<MailIcon className="size-5" />}
            title={t("support.emailTitle")}
            hint={t("support.emailHint")}
          >
            <a
              href={`mailto:${email}`}
              className="inline-flex min-h-11 items-center font-semibold text-brand-800 underline underline-offset-2 focus-visible:outline-3 focus-visible:outline-brand-600"
            >
              <bdi className="break-all">{email}</bdi>
            </a>
          </ContactCard>
        ) : null}
      </ul>
    </section>
  );
}
