import { PIN_MAX_ATTEMPTS } from "@esim/shared/esims/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { Alert } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Card } from "../../../components/ui/card.tsx";
import { CheckCircleIcon } from "../../../components/ui/icons.tsx";
import { PinPad } from "../../../components/ui/pin-pad.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { ApiError } from "../../../lib/api-client.ts";
import { errorMessageId } from "../../../lib/error-messages.ts";
import { useT } from "../../../lib/i18n.ts";
import {
  type InstallDetails,
  PIN_STATUS_QUERY_KEY,
  type PinStatus,
  usePinStatus,
  useRevealInstallDetails,
  useSetPin,
} from "../api/esims.ts";
import { detectDevice } from "../lib/device.ts";
import { InstallMethods } from "./install-methods.tsx";
import { NewPinFlow } from "./new-pin-flow.tsx";

const codeOf = (error: unknown) => (error instanceof ApiError ? error.code : null);

/** The PIN guard in front of the install secrets: set it first (twice), else the PIN pad. */
function PinGate({
  esimId,
  onRevealed,
  onClose,
}: {
  esimId: string;
  onRevealed: (details: InstallDetails) => void;
  onClose: () => void;
}) {
  const t = useT();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const pinStatus = usePinStatus();
  const setPin = useSetPin();
  const reveal = useRevealInstallDetails(esimId);
  const [padError, setPadError] = useState<string | null>(null);
  const [otherError, setOtherError] = useState<unknown>(null);

  const submit = (pin: string) => {
    setOtherError(null);
    reveal.mutate(pin, {
      onSuccess: onRevealed,
      onError: (error) => {
        const code = codeOf(error);
        if (code === "PIN_INVALID") {
          setPadError(t("pinPad.incorrect"));
        } else if (code === "PIN_BLOCKED") {
          queryClient.setQueryData<PinStatus>(PIN_STATUS_QUERY_KEY, (current) => ({
            isSet: true,
            ...current,
            isBlocked: true,
            attemptsLeft: 0,
          }));
        } else {
          setOtherError(error);
        }
        if (code === "PIN_INVALID" || code === "PIN_BLOCKED" || code === "PIN_NOT_SET") {
          void queryClient.invalidateQueries({ queryKey: PIN_STATUS_QUERY_KEY });
        }
      },
    });
  };

  if (pinStatus.isPending) {
    return (
      <div className="grid place-items-center py-8 text-brand-700">
        <Spinner label={t("common.loading")} />
      </div>
    );
  }
  if (!pinStatus.data) return <Alert>{t(errorMessageId(pinStatus.error))}</Alert>;
  const status = pinStatus.data;

  if (!status.isSet) {
    return (
      <div className="space-y-4">
        <p className="text-sm text-slate-700">{t("pin.setIntro")}</p>
        {setPin.error ? <Alert>{t(errorMessageId(setPin.error))}</Alert> : null}
        {otherError ? <Alert>{t(errorMessageId(otherError))}</Alert> : null}
        <NewPinFlow
          isLoading={setPin.isPending || reveal.isPending}
          onComplete={(pin) => setPin.mutate(pin, { onSuccess: () => submit(pin) })}
          onClose={onClose}
        />
      </div>
    );
  }

  return (
    <div className="space-y-4">
      {otherError ? <Alert>{t(errorMessageId(otherError))}</Alert> : null}
      <PinPad
        title={t("pin.enter")}
        attemptsLeft={status.isBlocked ? 0 : status.attemptsLeft}
        maxAttempts={PIN_MAX_ATTEMPTS}
        error={padError}
        onErrorReset={() => setPadError(null)}
        isLoading={reveal.isPending}
        onConfirm={submit}
        onSecondary={() => navigate("/reset-password")}
        onClose={onClose}
      />
    </div>
  );
}

/**
 * Installing the eSIM: PIN first, then automatic, QR and manual for the phone it is viewed on.
 * Once installed (Onboard or later) it folds away behind a "show again" link.
 */
export function InstallSection({
  esimId,
  iccid,
  isInstalled,
}: {
  esimId: string;
  /** Null until the upstream gives it: installing needs only the activation code. */
  iccid: string | null;
  isInstalled: boolean;
}) {
  const t = useT();
  const [isShownAgain, setIsShownAgain] = useState(false);
  const [isPinOpen, setIsPinOpen] = useState(false);
  const [details, setDetails] = useState<InstallDetails | null>(null);
  const [deviceInfo] = useState(() => detectDevice(navigator.userAgent));

  return (
    <Card>
      <section aria-labelledby="install-title">
        <div className="mb-3 flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
          <h2 id="install-title" className="text-lg font-semibold text-slate-900">
            {t("install.title")}
          </h2>
          <Link
            to="/guide/installation"
            className="text-sm font-semibold text-brand-800 underline underline-offset-2 hover:text-brand-900"
          >
            {t("screen.guideInstallation")}
          </Link>
        </div>
        {isInstalled && !isShownAgain ? (
          <div className="space-y-3">
            <p className="flex items-center gap-2 text-slate-700">
              <CheckCircleIcon className="size-5 shrink-0 text-green-700" />
              {t("install.alreadyInstalled")}
            </p>
            <button
              type="button"
              onClick={() => setIsShownAgain(true)}
              className="text-sm font-semibold text-brand-800 underline underline-offset-2 hover:text-brand-900"
            >
              {t("install.showAgain")}
            </button>
          </div>
        ) : details ? (
          <InstallMethods details={details} deviceInfo={deviceInfo} qrFileName={`esim-${iccid ?? esimId}.png`} />
        ) : isPinOpen ? (
          <PinGate esimId={esimId} onRevealed={setDetails} onClose={() => setIsPinOpen(false)} />
        ) : (
          <div className="space-y-3">
            <p className="text-sm text-slate-700">{t("install.intro")}</p>
            <Button onClick={() => setIsPinOpen(true)} fullWidth>
              {t("install.reveal")}
            </Button>
          </div>
        )}
      </section>
    </Card>
  );
}
