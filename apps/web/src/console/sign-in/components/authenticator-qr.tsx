import { useQrSvg } from "../../../lib/qr-code.ts";
import { useT } from "../../lib/i18n.ts";

/** The `otpauth://` address as a QR code for an authenticator app; never mirrored (left to right in Arabic too). */
export function AuthenticatorQr({ otpauthUri }: { otpauthUri: string }) {
  const t = useT();
  const { svg, failed } = useQrSvg(otpauthUri);

  return (
    <div dir="ltr" className="mx-auto grid size-52 place-items-center rounded-xl bg-white p-2 ring-1 ring-slate-200">
      {svg ? (
        <img
          src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`}
          alt={t("console.signIn.qrAlt")}
          className="size-full"
        />
      ) : failed ? (
        <p className="p-4 text-center text-sm text-red-700">{t("console.signIn.qrFailed")}</p>
      ) : (
        <span className="text-sm text-slate-600">{t("common.loading")}</span>
      )}
    </div>
  );
}
