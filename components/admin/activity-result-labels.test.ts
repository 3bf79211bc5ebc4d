import { describe, expect, it } from "vitest";
import { activityReasonParts, activityResultLabel } from "./activity-result-labels";

describe("activity results and reasons in German", () => {
  it("says a stored result in German, and nothing where it does not know it", () => {
    expect(activityResultLabel("published")).toBe("Veröffentlicht");
    expect(activityResultLabel("paid")).toBe("bezahlt");
    expect(activityResultLabel("something_new")).toBeNull();
  });

  it("says the machine's outcome of a status change in German and keeps a person's words", () => {
    expect(activityReasonParts("rejected: Werbesprache im Titel")).toEqual({
      label: "Automatisch abgelehnt",
      code: null,
      text: "Werbesprache im Titel",
    });
    expect(activityReasonParts("published")).toEqual({ label: "Veröffentlicht", code: null, text: "" });
    expect(activityReasonParts("odd_outcome: Grund")).toEqual({ label: null, code: "odd_outcome", text: "Grund" });
    expect(activityReasonParts("Kunde bat darum: sofort")).toEqual({ label: null, code: null, text: "Kunde bat darum: sofort" });
  });
});
