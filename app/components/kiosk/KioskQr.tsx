import { useEffect, useState } from "react";
import QRCode from "qrcode";

/**
 * The office QR, drawn in the browser (qrcode's SVG as an image: only paths, no script), with the
 * value it encodes on `data-value` for whoever needs to read it without a camera (the tests).
 */
export function KioskQr({ value, label, dimmed = false }: { value: string; label: string; dimmed?: boolean }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    QRCode.toString(value, { type: "svg", errorCorrectionLevel: "M", margin: 2 })
      .then((svg) => {
        if (live) setSrc(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`);
      })
      .catch(() => {
        if (live) setSrc(null);
      });
    return () => {
      live = false;
    };
  }, [value]);
  return (
    <div className="kiosk-qr" data-testid="kiosk-qr" data-value={value} style={{ opacity: dimmed ? 0.25 : 1 }}>
      {src ? <img src={src} alt={label} width="100%" height="100%" style={{ display: "block", width: "100%", height: "100%" }} /> : null}
    </div>
  );
}
