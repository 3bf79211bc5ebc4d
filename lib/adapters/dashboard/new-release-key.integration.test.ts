import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { db } from "@/lib/core/db/client";
import { unique } from "@/tests/factories";
import { GOOD_BODY, seedNewsroom } from "@/tests/release-fixtures";
import { EMPTY_RELEASE_FORM, type ReleaseFormValues } from "./release-rules";
import { saveDashboardRelease } from "./save-dashboard-release";

// A new release's form sends one key with every attempt: an attempt sent again after its answer
// was lost (a 503 during a database restart, a closed connection, a double click) saves into
// the release the first attempt created, never a second one.

async function newsroomWithCategory() {
  const { owner, company } = await seedNewsroom();
  const category = await db.category.create({ data: { portal: "business", slug: unique("cat"), nameDe: "Wirtschaft", nameEn: "Economy" } });
  const form: ReleaseFormValues = {
    ...EMPTY_RELEASE_FORM,
    companyId: String(company.id),
    portal: "business",
    language: "de",
    categoryId: String(category.id),
    title: "Beispiel AG eröffnet ein Werk in Cottbus",
    body: GOOD_BODY,
    location: "Cottbus",
    contactName: "Pressestelle",
    contactEmail: "presse@beispiel.example",
    aiDeclaration: "without_ai",
  };
  return { owner, company, form };
}
const releasesOf = (companyId: number) => db.pressRelease.count({ where: { companyId } });

describe("the new release form's key", () => {
  it("an attempt sent again with the same key saves into the first one's release", async () => {
    const { owner, company, form } = await newsroomWithCategory();
    const key = randomUUID();
    const first = await saveDashboardRelease({ userId: owner.id, newReleaseKey: key, values: form, submit: false });
    const again = await saveDashboardRelease({
      userId: owner.id,
      newReleaseKey: key,
      values: { ...form, title: "Beispiel AG eröffnet ein größeres Werk" },
      submit: true,
    });
    expect(again.releaseId).toBe(first.releaseId);
    expect(await releasesOf(company.id)).toBe(1);
    // The second attempt's text and its submission count.
    expect(await db.pressRelease.findUniqueOrThrow({ where: { id: first.releaseId } })).toMatchObject({
      title: "Beispiel AG eröffnet ein größeres Werk",
      status: "in_review",
    });
  });

  it("five attempts at once with one key make one release; another key makes another", async () => {
    const { owner, company, form } = await newsroomWithCategory();
    const key = randomUUID();
    const results = await Promise.all(
      Array.from({ length: 5 }, () => saveDashboardRelease({ userId: owner.id, newReleaseKey: key, values: form, submit: true })),
    );
    expect(new Set(results.map((r) => r.releaseId)).size).toBe(1);
    expect(await releasesOf(company.id)).toBe(1);
    await saveDashboardRelease({ userId: owner.id, newReleaseKey: randomUUID(), values: form, submit: false });
    expect(await releasesOf(company.id)).toBe(2);
  });

  it("a key is the user's own: someone else's attempt with it creates their own release", async () => {
    const a = await newsroomWithCategory();
    const b = await newsroomWithCategory();
    const key = randomUUID();
    const mine = await saveDashboardRelease({ userId: a.owner.id, newReleaseKey: key, values: a.form, submit: false });
    const theirs = await saveDashboardRelease({ userId: b.owner.id, newReleaseKey: key, values: b.form, submit: false });
    expect(theirs.releaseId).not.toBe(mine.releaseId);
    expect(await db.pressRelease.findUniqueOrThrow({ where: { id: mine.releaseId } })).toMatchObject({ companyId: a.company.id });
  });

  it("a malformed key is ignored: the save creates a release as before", async () => {
    const { owner, company, form } = await newsroomWithCategory();
    for (const key of ["", "x", "<script>", "a".repeat(300)])
      await saveDashboardRelease({ userId: owner.id, newReleaseKey: key, values: form, submit: false });
    expect(await releasesOf(company.id)).toBe(4);
  });
});
