import { describe, expect, it } from "vitest";
import { confirmFor } from "./confirm-dialog";

describe("confirmFor", () => {
  it("takes a leading question as the title and the rest as what happens", () => {
    expect(confirmFor("Widerrufen", "Token „CI“ widerrufen? Programme verlieren sofort den Zugang.")).toEqual({
      title: "Token „CI“ widerrufen?",
      consequence: "Programme verlieren sofort den Zugang.",
      confirmLabel: "Widerrufen",
    });
  });

  it("asks with the button's words when the text only says what happens, and drops the closing 'Fortfahren?'", () => {
    expect(confirmFor("Newsroom löschen", "Der Newsroom wird gelöscht. Die Daten bleiben gespeichert. Fortfahren?")).toEqual({
      title: "Newsroom löschen?",
      consequence: "Der Newsroom wird gelöscht. Die Daten bleiben gespeichert.",
      confirmLabel: "Newsroom löschen",
    });
  });

  it("keeps a lone question as the title", () => {
    expect(confirmFor("Entfernen", "Pressekontakt Anna entfernen?")).toEqual({
      title: "Pressekontakt Anna entfernen?",
      confirmLabel: "Entfernen",
    });
  });

  it("passes a written-out confirmation through", () => {
    const text = { title: "Bild entfernen?", confirmLabel: "Bild entfernen" };
    expect(confirmFor("Entfernen", text)).toBe(text);
  });
});
