import { useEffect, useState } from "react";

type QrModule = typeof import("qrcode");

/** The QR library, in its own chunk: loaded only by a screen that draws a code. */
export const loadQr = (): Promise<QrModule> =>
  import("qrcode").then((module) => (module.default ?? module) as QrModule);

/** `text` drawn as an SVG QR code in the browser; `failed` when the library could not load or draw it. */
export function useQrSvg(text: string): { svg: string | null; failed: boolean } {
  const [state, setState] = useState<{ svg: string | null; failed: boolean }>({ svg: null, failed: false });
  useEffect(() => {
    let isCurrent = true;
    loadQr()
      .then((qr) => qr.toString(text, { type: "svg", margin: 2, errorCorrectionLevel: "M" }))
      .then((svg) => {
        if (isCurrent) setState({ svg, failed: false });
      })
      .catch(() => {
        if (isCurrent) setState({ svg: null, failed: true });
      });
    return () => {
      isCurrent = false;
    };
  }, [text]);
  return state;
}
