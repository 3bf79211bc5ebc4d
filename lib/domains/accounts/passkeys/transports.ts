// Transports come from the browser; only the names WebAuthn defines are stored and handed back.
const KNOWN_TRANSPORTS = new Set(["ble", "cable", "hybrid", "internal", "nfc", "smart-card", "usb"]);

export function knownTransports(values: readonly string[] | undefined): string[] {
  return [...new Set((values ?? []).filter((t) => KNOWN_TRANSPORTS.has(t)))];
}
