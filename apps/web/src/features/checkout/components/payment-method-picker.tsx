import type { PaymentMethod } from "@esim/shared/checkout/contracts";
import { PAYMENT_METHOD_NAME } from "@esim/ui/status-labels";
import { type MessageId, useT } from "../../../lib/i18n.ts";

// Each method's name is the one every surface uses (PAYMENT_METHOD_NAME); the hint is the checkout's own.
const METHOD_HINTS: Record<PaymentMethod, MessageId> = {
  edahabia: "payment.method.edahabiaHint",
  cib: "payment.method.cibHint",
  chargily_app: "payment.method.chargily_appHint",
  card: "payment.method.cardHint",
};

/** The payment methods the gateway offers (Visa/MasterCard only when it does), as a radio group. */
export function PaymentMethodPicker({
  methods,
  value,
  onChange,
}: {
  methods: readonly PaymentMethod[];
  value: PaymentMethod | null;
  onChange: (method: PaymentMethod) => void;
}) {
  const t = useT();
  return (
    <fieldset>
      <legend className="mb-3 text-lg font-semibold text-slate-900">{t("summary.paymentMethod")}</legend>
      <div className="grid gap-3 sm:grid-cols-2">
        {methods.map((method) => (
          <label
            key={method}
            className="flex min-h-14 cursor-pointer items-center gap-3 rounded-xl bg-white px-4 py-3 ring-1 ring-slate-300 has-checked:bg-brand-50 has-checked:ring-2 has-checked:ring-brand-600 has-focus-visible:outline-3 has-focus-visible:outline-brand-600"
          >
            <input
              type="radio"
              name="paymentMethod"
              value={method}
              checked={value === method}
              onChange={() => onChange(method)}
              className="size-5 accent-brand-700"
            />
            <span>
              <span className="block font-medium text-slate-900">{t(PAYMENT_METHOD_NAME[method])}</span>
              <span className="block text-sm text-slate-600">{t(METHOD_HINTS[method])}</span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
