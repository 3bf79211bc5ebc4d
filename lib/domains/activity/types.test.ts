import { describe, expect, it } from "vitest";
import { ACTIVITY, ACTIVITY_GROUPS, ACTIVITY_TYPES, activityLabel, activityTypeOf, storedNamesOf, type ActivityType } from "./types";

describe("activity type registry", () => {
  const types = Object.keys(ACTIVITY_TYPES) as ActivityType[];

  it("names every type in one style, with a German label and a known group", () => {
    for (const t of types) {
      expect(t, t).toMatch(/^[a-z][a-z_]*\.[a-z][a-z_]*$/);
      expect(ACTIVITY_TYPES[t].label.length, t).toBeGreaterThan(2);
      expect(ACTIVITY_GROUPS as readonly string[]).toContain(ACTIVITY_TYPES[t].group);
    }
  });

  it("has one constant per type", () => {
    expect(Object.values(ACTIVITY).sort()).toEqual([...types].sort());
    expect(ACTIVITY.userLoggedIn).toBe("user.logged_in");
    expect(ACTIVITY.companyEmailGroupClassified).toBe("company_email_group.classified");
    expect(ACTIVITY.boostNotBookedAfterPayment).toBe("boost.not_booked_after_payment");
  });

  it("maps every old name to exactly one type, never to another type's name", () => {
    const seen = new Map<string, ActivityType>();
    for (const t of types) {
      for (const name of storedNamesOf(t)) {
        expect(seen.has(name), name).toBe(false);
        seen.set(name, t);
      }
    }
    expect(activityTypeOf("Login")).toBe("user.logged_in");
    expect(activityTypeOf("FormIntake")).toBe("form.intake");
    expect(activityTypeOf("form_intake")).toBe("form.intake");
    expect(activityTypeOf("payment")).toBe("payment.received");
    expect(activityTypeOf("EvidenceAccess")).toBe("evidence.accessed");
    expect(activityTypeOf("company_member.removed")).toBe("company.member_removed");
    expect(activityTypeOf("company_member_removed")).toBe("company.member_removed");
    expect(activityTypeOf("nothing.known")).toBeNull();
    expect(activityLabel("Registration")).toBe("Registrierung");
    expect(activityLabel("nothing.known")).toBe("nothing.known");
  });

  it("covers every event of spec 6.1's activity log", () => {
    const spec = types.filter((t) => "spec" in ACTIVITY_TYPES[t]);
    expect(spec.sort()).toEqual([
      "credits.top_up",
      "form.intake",
      "payment.received",
      "release.status_changed",
      "user.logged_in",
      "user.registered",
    ]);
  });
});
