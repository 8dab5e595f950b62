import { TextField } from "../../../components/ui/text-field.tsx";
import { useT } from "../../lib/i18n.ts";

type LimitField = "startsAt" | "endsAt" | "maxUses" | "maxUsesPerUser";

/**
 * A coupon's dates and limits, the part of a coupon the create and edit forms share (the code and discount are set once):
 * laid out as cells of the parent's grid.
 */
export function CouponLimitsFields({
  field,
  fieldError,
  isNew,
}: {
  field: (name: LimitField) => { value: string; onChange: (event: { target: { value: string } }) => void };
  fieldError: (name: LimitField) => string | null;
  /** A new coupon explains the dates' time zone and needs a per-customer limit. */
  isNew: boolean;
}) {
  const t = useT();
  const dateHint = isNew ? t("console.coupons.dateHint") : undefined;
  return (
    <>
      <TextField
        label={t("console.coupons.startsAt")}
        hint={dateHint}
        type="datetime-local"
        error={fieldError("startsAt")}
        {...field("startsAt")}
      />
      <TextField
        label={t("console.coupons.endsAt")}
        hint={dateHint}
        type="datetime-local"
        error={fieldError("endsAt")}
        {...field("endsAt")}
      />
      <TextField
        label={t("console.coupons.maxUses")}
        hint={t("console.coupons.maxUsesHint")}
        type="number"
        inputMode="numeric"
        min={1}
        error={fieldError("maxUses")}
        {...field("maxUses")}
      />
      <TextField
        label={t("console.coupons.maxUsesPerUser")}
        type="number"
        inputMode="numeric"
        min={1}
        required={isNew}
        error={fieldError("maxUsesPerUser")}
        {...field("maxUsesPerUser")}
      />
    </>
  );
}
