import { describe, expect, it } from "vitest";
import { germanDeviceLabel } from "./device-label";

describe("germanDeviceLabel", () => {
  it("turns the stored short labels into German", () => {
    expect(germanDeviceLabel("Chrome on Linux")).toBe("Chrome unter Linux");
    expect(germanDeviceLabel("Firefox on Windows")).toBe("Firefox unter Windows");
    expect(germanDeviceLabel("Safari on macOS")).toBe("Safari unter macOS");
    expect(germanDeviceLabel("Edge on Windows")).toBe("Edge unter Windows");
    expect(germanDeviceLabel("Chrome on Android")).toBe("Chrome unter Android");
    // The sign-in stores iPhone and iPad alike as iOS.
    expect(germanDeviceLabel("Safari on iOS")).toBe("Safari unter iOS");
  });

  it("names what is unknown in German, never in English", () => {
    expect(germanDeviceLabel("Browser on Linux")).toBe("Browser unter Linux");
    expect(germanDeviceLabel("Chrome on unknown system")).toBe("Chrome");
    expect(germanDeviceLabel("Browser on unknown system")).toBe("Unbekanntes Gerät");
    expect(germanDeviceLabel(null)).toBe("Unbekanntes Gerät");
    expect(germanDeviceLabel("")).toBe("Unbekanntes Gerät");
    expect(germanDeviceLabel("curl/8.5.0")).toBe("Unbekanntes Gerät");
  });

  it("reads full user agents, the phone before the Mac it claims to be like", () => {
    const iphone =
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1";
    expect(germanDeviceLabel(iphone)).toBe("Safari auf iPhone");
    const ipad =
      "Mozilla/5.0 (iPad; CPU OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/124.0 Mobile/15E148 Safari/604.1";
    expect(germanDeviceLabel(ipad)).toBe("Chrome auf iPad");
    const edge =
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 Edg/124.0.2478.51";
    expect(germanDeviceLabel(edge)).toBe("Edge unter Windows");
    const android = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36";
    expect(germanDeviceLabel(android)).toBe("Chrome unter Android");
    expect(germanDeviceLabel("Mozilla/5.0 (X11; Linux x86_64; rv:126.0) Gecko/20100101 Firefox/126.0")).toBe("Firefox unter Linux");
    expect(germanDeviceLabel("Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) Firefox/133.0")).toBe("Firefox unter macOS");
    expect(germanDeviceLabel("Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 Chrome/124.0.0.0 Safari/537.36")).toBe(
      "Chrome unter ChromeOS",
    );
  });
});
