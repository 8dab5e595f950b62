import { formatPhone } from "@esim/shared/phone";

/**
 * A phone number in international format ("+213 555 12 34 56"), isolated left to right: in an Arabic line the "+"
 * stays in front ("213…+" otherwise).
 */
export function PhoneNumber({ e164 }: { e164: string }) {
  return (
    <bdi dir="ltr" className="whitespace-nowrap">
      {formatPhone(e164)}
    </bdi>
  );
}
