import { useState } from "react";
import { Alert } from "../../../components/ui/alert.tsx";
import { useT } from "../../../lib/i18n.ts";
import { loadQr, useQrSvg } from "../../../lib/qr-code.ts";
import { saveFile } from "../../../lib/save-file.ts";

/** The bytes of a `data:image/png;base64,…` address, as a file to save. */
function pngFromDataUrl(dataUrl: string): Blob {
  const binary = atob(dataUrl.slice(dataUrl.indexOf(",") + 1));
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  return new Blob([bytes], { type: "image/png" });
}

/**
 * The QR code of the activation code (LPA string), drawn in the browser. Never mirrored: the container
 * is left to right and carries no right-to-left transform. Saved as a PNG (a download, or the share sheet in the
 * apps) to show on a second device or to scan from a saved image.
 */
export function InstallQrCode({ activationCode, fileName }: { activationCode: string; fileName: string }) {
  const t = useT();
  const { svg, failed } = useQrSvg(activationCode);
  const [saveState, setSaveState] = useState<"idle" | "saving" | "failed">("idle");

  const download = async () => {
    setSaveState("saving");
    try {
      const qr = await loadQr();
      const url = await qr.toDataURL(activationCode, { width: 720, margin: 4, errorCorrectionLevel: "M" });
      await saveFile(pngFromDataUrl(url), fileName);
      setSaveState("idle");
    } catch {
      setSaveState("failed");
    }
  };

  return (
    <div className="grid justify-items-center gap-3">
      <div
        dir="ltr"
        data-testid="install-qr"
        className="grid size-60 place-items-center rounded-xl bg-white p-2 ring-1 ring-slate-200"
      >
        {svg ? (
          <img
            src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`}
            alt={t("install.qrAlt")}
            className="size-full"
          />
        ) : failed ? (
          <p className="p-4 text-center text-sm text-red-700">{t("install.qrFailed")}</p>
        ) : (
          <span className="text-sm text-slate-600">{t("common.loading")}</span>
        )}
      </div>
      <button
        type="button"
        onClick={download}
        disabled={!svg || saveState === "saving"}
        className="min-h-11 rounded-xl px-4 text-sm font-semibold text-brand-800 ring-1 ring-inset ring-slate-300 hover:bg-slate-50 focus-visible:outline-3 focus-visible:outline-brand-600 disabled:text-slate-400"
      >
        {t("install.downloadQr")}
      </button>
      {saveState === "failed" ? <Alert>{t("install.qrSaveFailed")}</Alert> : null}
    </div>
  );
}
