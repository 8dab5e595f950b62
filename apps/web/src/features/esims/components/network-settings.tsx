import { useState } from "react";
import { Link } from "react-router";
import { Disclosure } from "../../../components/ui/disclosure.tsx";
import { type MessageId, useT } from "../../../lib/i18n.ts";
import { detectDevice, type InstallDevice } from "../lib/device.ts";

const ROAMING_PATHS: Record<Exclude<InstallDevice, "other">, { label: MessageId; path: MessageId }> = {
  ios: { label: "install.onIphone", path: "network.roamingIos" },
  android: { label: "install.onAndroid", path: "network.roamingAndroid" },
};

/**
 * What a traveller needs once landed, before the eSIM works: data roaming on the eSIM line only (never the
 * Algerian SIM), the data line, and the APN. Nothing secret, so it stays readable offline (service worker).
 * The path shown is the phone's own; a computer shows both. Folded: the eSIM's details page leads with what its state
 * asks for (decision 092).
 */
export function NetworkSettings({ apn }: { apn: string | null }) {
  const t = useT();
  const [{ device }] = useState(() => detectDevice(navigator.userAgent));
  const paths = device === "other" ? [ROAMING_PATHS.ios, ROAMING_PATHS.android] : [ROAMING_PATHS[device]];
  return (
    <Disclosure id="network-settings-title" title={t("network.title")}>
      <div className="space-y-3 text-sm text-slate-700">
        <p>
          <Link
            to="/guide/activation"
            className="text-sm font-semibold text-brand-800 underline underline-offset-2 hover:text-brand-900"
          >
            {t("screen.guideActivation")}
          </Link>
        </p>
        <p className="font-medium text-slate-900">{t("network.roaming")}</p>
        <ul className="space-y-2">
          {paths.map(({ label, path }) => (
            <li key={path}>
              <span className="font-semibold text-slate-900">{t(label)}</span>
              {t("network.pathSeparator")}
              {t(path)}
            </li>
          ))}
        </ul>
        <p>{t("network.dataLine")}</p>
        {apn ? (
          <div className="rounded-xl bg-slate-50 px-4 py-3">
            <dl className="flex flex-wrap justify-between gap-x-4 gap-y-1">
              <dt className="text-slate-600">{t("details.apn")}</dt>
              <dd className="font-medium text-slate-900">
                <bdi className="font-mono">{apn}</bdi>
              </dd>
            </dl>
            <p className="mt-1 text-slate-600">{t("network.apnHelp")}</p>
          </div>
        ) : null}
        <p className="text-slate-600">{t("network.offlineNote")}</p>
      </div>
    </Disclosure>
  );
}
