import type { ConsoleCoupon, CouponState } from "@esim/shared/console/coupons-contract";
import { type FormEvent, useState } from "react";
import { Alert } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { ConfirmModal } from "../../../components/ui/modal.tsx";
import { ApiError } from "../../../lib/api-client.ts";
import { errorMessageId, fieldErrorMessageId, hasFieldErrors } from "../../../lib/error-messages.ts";
import { fromLocalInput, numberOrNull, toLocalInput } from "../../lib/coupon-dates.ts";
import { consoleFormatters } from "../../lib/format.ts";
import { type MessageId, useLanguage, useT } from "../../lib/i18n.ts";
import { useBlockCoupon, useUpdateCoupon } from "../api/coupons.ts";
import { CouponLimitsFields } from "./coupon-limits-fields.tsx";

const STATE_STYLES: Record<CouponState, { labelId: MessageId; classes: string }> = {
  active: { labelId: "console.coupons.state.active", classes: "bg-emerald-50 text-emerald-800 ring-emerald-200" },
  scheduled: { labelId: "console.coupons.state.scheduled", classes: "bg-brand-50 text-brand-800 ring-brand-100" },
  expired: { labelId: "console.coupons.state.expired", classes: "bg-slate-100 text-slate-700 ring-slate-200" },
  used_up: { labelId: "console.coupons.state.used_up", classes: "bg-amber-50 text-amber-800 ring-amber-200" },
  blocked: { labelId: "console.coupons.state.blocked", classes: "bg-red-50 text-red-800 ring-red-200" },
};

/** What the screen says after a change: a text id and the coupon's code, translated when shown (so in the new language). */
export interface CouponNotice {
  id: MessageId;
  code: string;
}

/** One coupon: its terms, uses and revenue, and the admin's two changes (dates and limits, block). */
export function CouponCard({
  coupon,
  onChanged,
}: {
  coupon: ConsoleCoupon;
  onChanged: (notice: CouponNotice) => void;
}) {
  const t = useT();
  const format = consoleFormatters(useLanguage());
  const [isEditing, setIsEditing] = useState(false);
  const [isConfirmingBlock, setIsConfirmingBlock] = useState(false);
  const block = useBlockCoupon();
  const state = STATE_STYLES[coupon.state];
  const code = <bdi dir="ltr">{coupon.code}</bdi>;
  const discount =
    coupon.kind === "percent"
      ? format.percent((coupon.percentOff ?? 0) / 100)
      : format.dzd(coupon.amountOffDzdMinor ?? 0);
  const validity =
    coupon.startsAt || coupon.endsAt
      ? [
          coupon.startsAt ? t("console.coupons.from", { date: format.dateTime(coupon.startsAt) }) : null,
          coupon.endsAt ? t("console.coupons.until", { date: format.dateTime(coupon.endsAt) }) : null,
        ]
          .filter(Boolean)
          .join(" ")
      : t("console.coupons.always");
  const headingId = `coupon-${coupon.id}`;

  return (
    <li aria-labelledby={headingId} className="rounded-2xl bg-white p-4 ring-1 ring-slate-200">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={headingId} className="font-mono text-lg font-bold text-slate-900">
          {code}
        </h2>
        <span className={`rounded-md px-2 py-0.5 text-xs font-semibold ring-1 ${state.classes}`}>
          {t(state.labelId)}
        </span>
      </div>
      <p className="mt-1 font-semibold text-brand-800">{t("console.coupons.off", { value: discount })}</p>
      {coupon.allowsBelowCost ? (
        <p className="mt-1 text-sm font-medium text-amber-800">{t("console.coupons.belowCostBadge")}</p>
      ) : null}
      <dl className="mt-3 grid grid-cols-3 gap-2 text-sm">
        <div className="rounded-xl bg-slate-50 p-2">
          <dt className="text-slate-600">{t("console.coupons.uses")}</dt>
          <dd className="font-semibold text-slate-900">
            {/* Laid out left to right by flex, not by the bidi algorithm: "3 / 100" reads the same in Arabic. */}
            <span dir="ltr" className="inline-flex gap-1">
              <span>{format.number(coupon.usesCount)}</span>
              <span>/</span>
              <span>{coupon.maxUses === null ? "∞" : format.number(coupon.maxUses)}</span>
            </span>
          </dd>
        </div>
        <div className="rounded-xl bg-slate-50 p-2">
          <dt className="text-slate-600">{t("console.coupons.paidOrders")}</dt>
          <dd className="font-semibold text-slate-900">{format.number(coupon.paidOrders)}</dd>
        </div>
        <div className="rounded-xl bg-slate-50 p-2">
          <dt className="text-slate-600">{t("console.coupons.revenue")}</dt>
          <dd className="font-semibold text-slate-900">
            <bdi>{format.dzd(coupon.revenueDzdMinor)}</bdi>
          </dd>
        </div>
      </dl>
      <ul className="mt-3 space-y-1 text-sm text-slate-700">
        <li>{t("console.coupons.validity", { dates: validity })}</li>
        <li>
          {t("console.coupons.perUser", { count: format.number(coupon.maxUsesPerUser) })}
          {coupon.maxUses === null ? ` · ${t("console.coupons.unlimited")}` : ""}
        </li>
        {coupon.minOrderDzdMinor !== null ? (
          <li>{t("console.coupons.minOrderShort", { amount: format.dzd(coupon.minOrderDzdMinor) })}</li>
        ) : null}
        <li>
          {coupon.packageIds
            ? t("console.coupons.plansCount", { count: format.number(coupon.packageIds.length) })
            : t("console.coupons.allPlans")}
        </li>
      </ul>
      {block.error ? (
        <div className="mt-3">
          <Alert>{t(errorMessageId(block.error))}</Alert>
        </div>
      ) : null}
      {isEditing ? (
        <CouponLimitsForm
          coupon={coupon}
          onDone={(notice) => {
            setIsEditing(false);
            if (notice) onChanged(notice);
          }}
        />
      ) : coupon.state !== "blocked" ? (
        <div className="mt-4 flex flex-wrap gap-2">
          <Button
            variant="secondary"
            className="min-h-11 px-4 text-sm"
            aria-label={t("console.coupons.editNamed", { code: coupon.code })}
            onClick={() => setIsEditing(true)}
          >
            {t("console.coupons.edit")}
          </Button>
          <Button
            variant="danger"
            className="min-h-11 px-4 text-sm"
            aria-label={t("console.coupons.blockNamed", { code: coupon.code })}
            onClick={() => setIsConfirmingBlock(true)}
          >
            {t("console.coupons.block")}
          </Button>
        </div>
      ) : null}
      <ConfirmModal
        open={isConfirmingBlock}
        onOpenChange={setIsConfirmingBlock}
        title={t("console.coupons.blockNamed", { code: coupon.code })}
        message={t("console.coupons.blockConfirm")}
        confirmLabel={t("console.coupons.block")}
        confirmVariant="danger"
        isConfirming={block.isPending}
        onConfirm={() => {
          if (block.isPending) return;
          block.mutate(coupon.id, {
            onSuccess: () => onChanged({ id: "console.coupons.blockedDone", code: coupon.code }),
            onSettled: () => setIsConfirmingBlock(false),
          });
        }}
      />
    </li>
  );
}

/** The dates and limits of a coupon; its code and discount are shown as fixed (decision 039). */
function CouponLimitsForm({
  coupon,
  onDone,
}: {
  coupon: ConsoleCoupon;
  onDone: (notice: CouponNotice | null) => void;
}) {
  const t = useT();
  const update = useUpdateCoupon();
  const [form, setForm] = useState({
    startsAt: toLocalInput(coupon.startsAt),
    endsAt: toLocalInput(coupon.endsAt),
    maxUses: coupon.maxUses === null ? "" : String(coupon.maxUses),
    maxUsesPerUser: String(coupon.maxUsesPerUser),
  });
  const field = (name: keyof typeof form) => ({
    value: form[name],
    onChange: (event: { target: { value: string } }) =>
      setForm((current) => ({ ...current, [name]: event.target.value })),
  });
  const fieldError = (name: string) => {
    const code = update.error instanceof ApiError ? update.error.fields[name] : undefined;
    return code ? t(fieldErrorMessageId(code)) : null;
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (update.isPending) return;
    update.mutate(
      {
        id: coupon.id,
        body: {
          startsAt: fromLocalInput(form.startsAt),
          endsAt: fromLocalInput(form.endsAt),
          maxUses: numberOrNull(form.maxUses),
          maxUsesPerUser: Number(form.maxUsesPerUser),
        },
      },
      { onSuccess: () => onDone({ id: "console.coupons.saved", code: coupon.code }) },
    );
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={t("console.coupons.editNamed", { code: coupon.code })}
      className="mt-4 space-y-3 border-t border-slate-200 pt-4"
    >
      <p className="text-sm text-slate-600">{t("console.coupons.editHint")}</p>
      <div className="grid gap-3 sm:grid-cols-2">
        <CouponLimitsFields field={field} fieldError={fieldError} isNew={false} />
      </div>
      {update.error && !hasFieldErrors(update.error) ? <Alert>{t(errorMessageId(update.error))}</Alert> : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" className="min-h-11 px-4 text-sm" isLoading={update.isPending}>
          {t("common.save")}
        </Button>
        <Button variant="secondary" className="min-h-11 px-4 text-sm" onClick={() => onDone(null)}>
          {t("common.cancel")}
        </Button>
      </div>
    </form>
  );
}
