import { formatMoney } from "@esim/shared/money";
import { Alert } from "../../../components/ui/alert.tsx";
import { isolate, useT } from "../../../lib/i18n.ts";
import { useInviteLanding } from "../api/get-invite-landing.ts";

/**
 * "Amina vous offre 300 DA sur votre premier achat": the invited friend's welcome, from the sign-up page to the cart.
 * The amount is today's setting, the one the server's quote takes off; nothing shows for an unknown code.
 */
export function InviteBanner({ code }: { code: string | null }) {
  const t = useT();
  const landing = useInviteLanding(code);
  if (!landing.data) return null;
  const amount = isolate(formatMoney(landing.data.friendDiscountDzdMinor, "DZD"));
  const name = landing.data.inviterFirstName;
  return (
    <Alert tone="info">
      {name
        ? t("register.inviteLanding", { name: isolate(name), amount })
        : t("register.inviteLandingUnnamed", { amount })}
    </Alert>
  );
}
