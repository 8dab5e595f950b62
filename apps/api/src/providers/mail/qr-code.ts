import QRCode from "qrcode";

/** An LPA string's install QR code as a PNG, as every email shows it (never mirrored, a quiet zone of 2). */
export async function renderQrPng(text: string): Promise<Buffer> {
  return QRCode.toBuffer(text, { type: "png", width: 360, margin: 2, errorCorrectionLevel: "M" });
}
