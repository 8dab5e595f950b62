import type { ReactNode } from "react";
import { buttonClasses } from "../../../components/ui/button.tsx";
import { CopyField } from "../../../components/ui/copy-field.tsx";
import { WarningIcon } from "../../../components/ui/icons.tsx";
import { useT } from "../../../lib/i18n.ts";
import type { InstallDetails } from "../api/esims.ts";
import { type DeviceInfo, supportsIosOneTap } from "../lib/device.ts";
import { InstallQrCode } from "./install-qr-code.tsx";

function Method({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-xl p-4 ring-1 ring-slate-200">
      <h3 id={id} className="mb-3 font-semibold text-slate-900">
        {title}
      </h3>
      {children}
    </section>
  );
}

/** The three ways to install, in the order that suits the phone the page is viewed on, then the warnings. */
export function InstallMethods({
  details,
  deviceInfo,
  qrFileName,
}: {
  details: InstallDetails;
  deviceInfo: DeviceInfo;
  /** The saved QR image's name. */
  qrFileName: string;
}) {
  const t = useT();
  const { device } = deviceInfo;

  const automatic =
    device === "ios" ? (
      <Method id="install-automatic" title={t("install.automatic")}>
        {supportsIosOneTap(deviceInfo.iosVersion) ? (
          <>
            <p className="mb-3 text-sm text-slate-700">{t("install.automaticIos")}</p>
            <a href={details.iosInstallUrl} className={buttonClasses("primary", "w-full")}>
              {t("install.automaticAction")}
            </a>
          </>
        ) : (
          <p className="text-sm text-slate-700">{t("install.automaticIosTooOld")}</p>
        )}
      </Method>
    ) : device === "android" ? (
      <Method id="install-automatic" title={t("install.automatic")}>
        <p className="mb-3 text-sm text-slate-700">{t("install.automaticAndroid")}</p>
        <a href={details.androidInstallUrl} className={buttonClasses("secondary", "w-full")}>
          {t("install.automaticAction")}
        </a>
      </Method>
    ) : null;

  const qr = (
    <Method id="install-qr" title={t("install.qr")}>
      <p className="mb-3 text-sm text-slate-700">
        {device === "other" ? t("install.qrHelp") : t("install.qrHelpOtherDevice")}
      </p>
      <InstallQrCode activationCode={details.activationCode} fileName={qrFileName} />
    </Method>
  );

  const iosManual = (
    <div className="space-y-3">
      <p className="text-sm text-slate-700">{t("install.manualIos")}</p>
      <CopyField label={t("install.smdpAddress")} value={details.smdpAddress} />
      <CopyField label={t("install.activationCode")} value={details.matchingId} />
    </div>
  );
  const androidManual = (
    <div className="space-y-3">
      <p className="text-sm text-slate-700">{t("install.manualAndroid")}</p>
      <CopyField label={t("install.fullActivationCode")} value={details.activationCode} />
    </div>
  );
  const manual = (
    <Method id="install-manual" title={t("install.manual")}>
      {device === "ios" ? (
        iosManual
      ) : device === "android" ? (
        androidManual
      ) : (
        <div className="space-y-5">
          <div>
            <h4 className="mb-2 text-sm font-semibold text-slate-900">{t("install.onIphone")}</h4>
            {iosManual}
          </div>
          <div>
            <h4 className="mb-2 text-sm font-semibold text-slate-900">{t("install.onAndroid")}</h4>
            {androidManual}
          </div>
        </div>
      )}
    </Method>
  );

  return (
    <div className="space-y-4">
      <div className="rounded-xl bg-amber-50 p-4 text-sm text-amber-900 ring-1 ring-amber-200">
        <p className="flex items-center gap-2 font-semibold">
          <WarningIcon className="size-5 shrink-0" />
          {t("install.warningsTitle")}
        </p>
        <ul className="mt-2 list-disc space-y-1 ps-6">
          <li>{t("install.warningOnce")}</li>
          <li>{t("install.warningDelete")}</li>
          <li>{t("install.warningWifi")}</li>
        </ul>
      </div>
      {automatic}
      {qr}
      {manual}
    </div>
  );
}
