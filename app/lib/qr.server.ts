import QRCode from "qrcode";

/**
 * A QR code of `text` as an SVG document (dark modules only, as paths; no scripts, no text), to be
 * placed in a page as it is. Medium error correction: still reads from a phone photo of a screen.
 */
export function qrSvg(text: string): Promise<string> {
  return QRCode.toString(text, { type: "svg", errorCorrectionLevel: "M", margin: 1 });
}
