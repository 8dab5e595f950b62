import type QRCode from "qrcode";

/**
 * An LPA string's install QR code as a PNG, as every email shows it (never mirrored, a quiet zone of 2). PNG's "Up"
 * filter alone, instead of trying all five on every row: a third of the time for a still small file (~7 KB).
 */
export async function renderQrPng(text: string): Promise<Buffer> {
  // Loaded at the first QR code (emails, in the worker), not at start.
  const { default: qrcode } = await import("qrcode");
  return qrcode.toBuffer(text, {
    type: "png",
    width: 360,
    margin: 2,
    errorCorrectionLevel: "M",
    rendererOpts: { filterType: 2 } as QRCode.QRCodeToBufferOptions["rendererOpts"],
  });
}
