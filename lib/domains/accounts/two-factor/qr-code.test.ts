import QRCode from "qrcode";
import { describe, expect, it } from "vitest";
import { qrCodeShape } from "./qr-code";

const URI = "otpauth://totp/Pressedienst:kunde%40example.com?secret=JBSWY3DPEHPK3PXP&issuer=Pressedienst";

/** The dark modules the path draws, read back from its rectangles. */
function drawn(path: string): Set<string> {
  const dark = new Set<string>();
  for (const [, x, y, w] of path.matchAll(/M(\d+) (\d+)h(\d+)v1h-\d+z/g)) {
    for (let i = 0; i < Number(w); i++) dark.add(`${Number(x) + i},${y}`);
  }
  return dark;
}

describe("qrCodeShape", () => {
  it("draws exactly the dark modules of the code, inside a quiet zone of four", () => {
    const { modules } = QRCode.create(URI, { errorCorrectionLevel: "M" });
    const shape = qrCodeShape(URI);
    expect(shape.size).toBe(modules.size + 8);
    const expected = new Set<string>();
    for (let r = 0; r < modules.size; r++) for (let c = 0; c < modules.size; c++) if (modules.get(r, c)) expected.add(`${c + 4},${r + 4}`);
    expect(drawn(shape.path)).toEqual(expected);
  });

  it("is only path commands: nothing of the link itself ends up in the markup", () => {
    expect(qrCodeShape(URI).path).toMatch(/^(M\d+ \d+h\d+v1h-\d+z)+$/);
  });
});
