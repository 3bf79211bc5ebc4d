import { describe, expect, it } from "vitest";
import { recordActivity } from "@/lib/domains/activity/record-activity";
import { ACTIVITY } from "@/lib/domains/activity/types";
import { seedUserWithRandomId } from "@/tests/two-factor-fixtures";
import { passwordChangedAt } from "./password-changed-at";

describe("passwordChangedAt", () => {
  it("is the newest change or reset of this account's password, and no one else's", async () => {
    const user = await seedUserWithRandomId();
    const other = await seedUserWithRandomId();
    expect(await passwordChangedAt(user.id)).toBeNull();
    await recordActivity({ actorUserId: user.id, type: ACTIVITY.userPasswordChanged, subjectType: "user", subjectId: user.id });
    await recordActivity({ actorUserId: user.id, type: ACTIVITY.userPasswordReset, subjectType: "user", subjectId: user.id });
    await recordActivity({ actorUserId: other.id, type: ACTIVITY.userPasswordChanged, subjectType: "user", subjectId: other.id });
    const newest = await passwordChangedAt(user.id);
    expect(newest).toBeInstanceOf(Date);
    expect(Math.abs(newest!.getTime() - Date.now())).toBeLessThan(60_000);
  });
});
