import { useState } from "react";
import { Alert } from "../../../components/ui/alert.tsx";
import { PinPad } from "../../../components/ui/pin-pad.tsx";
import { useT } from "../../../lib/i18n.ts";

/** A new PIN, entered twice; a mismatch starts over. Used for the first PIN and for the reset. */
export function NewPinFlow({
  onComplete,
  isLoading = false,
  onClose,
}: {
  onComplete: (pin: string) => void;
  isLoading?: boolean;
  onClose?: () => void;
}) {
  const t = useT();
  const [first, setFirst] = useState<string | null>(null);
  const [isMismatch, setIsMismatch] = useState(false);
  return (
    <div className="space-y-4">
      {isMismatch ? <Alert>{t("pin.mismatch")}</Alert> : null}
      {first === null ? (
        <PinPad
          key="first"
          title={t("pin.choose")}
          confirmLabel={t("pin.continue")}
          onConfirm={(pin) => {
            setIsMismatch(false);
            setFirst(pin);
          }}
          onClose={onClose}
        />
      ) : (
        <PinPad
          key="again"
          title={t("pin.repeat")}
          isLoading={isLoading}
          onConfirm={(pin) => {
            if (pin === first) {
              onComplete(pin);
              return;
            }
            setIsMismatch(true);
            setFirst(null);
          }}
          onClose={onClose}
        />
      )}
    </div>
  );
}
