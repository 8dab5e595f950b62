import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Alert } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { errorMessageId } from "../../../lib/error-messages.ts";
import { useT } from "../../lib/i18n.ts";
import { consoleCouponsQuery } from "../api/coupons.ts";
import { CouponCard, type CouponNotice } from "./coupon-card.tsx";
import { CouponCreateForm } from "./coupon-create-form.tsx";

/** The coupons screen: the create form on demand, then every coupon with its uses and revenue. */
export function CouponsConsole() {
  const t = useT();
  const list = useQuery(consoleCouponsQuery());
  const [isCreating, setIsCreating] = useState(false);
  const [notice, setNotice] = useState<CouponNotice | null>(null);

  return (
    <div className="space-y-4">
      {notice ? <Alert tone="info">{t(notice.id, { code: `\u2068${notice.code}\u2069` })}</Alert> : null}
      {isCreating ? (
        <CouponCreateForm
          onCreated={(code) => {
            setIsCreating(false);
            setNotice({ id: "console.coupons.created", code });
          }}
          onCancel={() => setIsCreating(false)}
        />
      ) : (
        <Button
          onClick={() => {
            setNotice(null);
            setIsCreating(true);
          }}
        >
          {t("console.coupons.new")}
        </Button>
      )}
      {list.error ? <Alert>{t(errorMessageId(list.error))}</Alert> : null}
      {list.isPending ? <p className="text-slate-600">{t("common.loading")}</p> : null}
      {list.data && list.data.length === 0 ? <p className="text-slate-600">{t("console.coupons.empty")}</p> : null}
      {list.data && list.data.length > 0 ? (
        <ul aria-label={t("console.coupons.list")} className="grid gap-3 lg:grid-cols-2">
          {list.data.map((coupon) => (
            <CouponCard key={coupon.id} coupon={coupon} onChanged={setNotice} />
          ))}
        </ul>
      ) : null}
    </div>
  );
}
