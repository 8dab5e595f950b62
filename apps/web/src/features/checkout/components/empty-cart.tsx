import { Link } from "react-router";
import { buttonClasses } from "../../../components/ui/button.tsx";
import { Card } from "../../../components/ui/card.tsx";
import { useT } from "../../../lib/i18n.ts";

/** A cart address without a plan: the way back to the destinations. */
export function EmptyCart() {
  const t = useT();
  return (
    <Card className="text-center">
      <p className="text-slate-700">{t("cart.invalid")}</p>
      <Link to="/home" className={buttonClasses("primary", "mt-4")}>
        {t("cart.browse")}
      </Link>
    </Card>
  );
}
