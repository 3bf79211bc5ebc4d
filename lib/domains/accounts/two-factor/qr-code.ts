import QRCode from "qrcode";

/** A QR code as one SVG path: `size` modules square (quiet zone included), dark modules drawn by `path`. */
export interface QrCodeShape {
  size: number;
  path: string;
}

// Scanners need four light modules around the code (ISO/IEC 18004).
const QUIET_ZONE = 4;

/**
 * The QR code of the authenticator-app setup link, computed on the server and drawn by the page
 * as inline SVG: no image request and no data: URL, so the hub's CSP holds, and the secret never
 * leaves for a third-party QR service. Runs of dark modules in a row become one rectangle.
 */
export function qrCodeShape(text: string): QrCodeShape {
  // M: what authenticator apps read reliably from a screen; the link is short enough.
  const { modules } = QRCode.create(text, { errorCorrectionLevel: "M" });
  const n = modules.size;
  const parts: string[] = [];
  for (let row = 0; row < n; row++) {
    let col = 0;
    while (col < n) {
      if (!modules.get(row, col)) {
        col++;
        continue;
      }
      const start = col;
      while (col < n && modules.get(row, col)) col++;
      parts.push(`M${start + QUIET_ZONE} ${row + QUIET_ZONE}h${col - start}v1h-${col - start}z`);
    }
  }
  return { size: n + 2 * QUIET_ZONE, path: parts.join("") };
}
