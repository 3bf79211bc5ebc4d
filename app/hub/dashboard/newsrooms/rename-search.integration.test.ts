import { randomBytes } from "node:crypto";
import { describe, expect, it, vi } from "vitest";
import { updateNewsroomProfile } from "@/lib/domains/companies/profile/update-newsroom-profile";
import { EMPTY_NEWSROOM_FORM, type NewsroomFormValues } from "@/lib/domains/companies/profile/newsroom-fields";
import { db } from "@/lib/core/db/client";
import { syncSearchMirror } from "@/lib/domains/releases/search-mirror";
import { searchReleases } from "@/lib/domains/releases/search";
import { seedRelease } from "@/tests/factories";
import { signIn, withPageSession } from "@/tests/page-session";
import { seedNewsroom } from "@/tests/release-fixtures";
import { updateNewsroomAction } from "./actions";

// A newsroom rename reaches the search mirror (spec 2.3: press_release_search carries the
// company name and its full-text columns weigh it): a search by the new name finds the
// newsroom's releases, the old name no longer does.

vi.mock("next/headers", async () => (await import("@/tests/page-session")).nextHeaders);
withPageSession();
vi.mock("next/cache", () => ({ refresh: () => {} }));

/** A word of letters only that no other test's text contains. */
const word = () =>
  `Zq${randomBytes(5)
    .toString("hex")
    .replace(/[0-9]/g, (d) => "ghijklmnop"[Number(d)]!)}`;

const profile = (name: string): NewsroomFormValues => ({
  ...EMPTY_NEWSROOM_FORM,
  name,
  portal: "business",
  email: "presse@mueller-maschinen.de",
  addressStreet: "Hafenstraße 12",
  addressPostalCode: "20457",
  addressCity: "Hamburg",
  addressCountry: "DE",
  descriptionDe: "Familienunternehmen für Verpackungsmaschinen.",
});

async function newsroomWithReleases(oldName: string) {
  const { owner, company } = await seedNewsroom();
  await db.company.update({ where: { id: company.id }, data: { name: oldName } });
  const now = new Date();
  const releases = [
    await seedRelease({ companyId: company.id, status: "published", publishedAt: now, publishedEverAt: now }),
    await seedRelease({ companyId: company.id, status: "draft" }),
  ];
  for (const r of releases) await syncSearchMirror(db, r.id, now, { announce: false });
  return { owner, company, ids: releases.map((r) => r.id).sort((a, b) => a - b) };
}

const found = async (q: string) => (await searchReleases({ q })).ids.sort((a, b) => a - b);

describe("a newsroom rename and the search mirror", () => {
  it("updateNewsroomProfile writes the new name into every mirror row of the newsroom", async () => {
    const [oldName, newName] = [word(), word()];
    const { owner, company, ids } = await newsroomWithReleases(`${oldName} GmbH`);
    expect(await found(oldName)).toEqual(ids);

    await updateNewsroomProfile({ userId: owner.id, companyId: company.id, values: profile(`${newName} AG`) });
    expect(await db.pressReleaseSearch.findMany({ where: { companyId: company.id }, select: { companyName: true } })).toEqual(
      ids.map(() => ({ companyName: `${newName} AG` })),
    );
    expect(await found(newName)).toEqual(ids);
    expect(await found(oldName)).toEqual([]);
  });

  it("the same through the profile form's server action, as the newsroom's owner", async () => {
    const [oldName, newName] = [word(), word()];
    const { owner, company, ids } = await newsroomWithReleases(`${oldName} GmbH`);
    await signIn(owner.id);
    expect(await updateNewsroomAction(company.id, null, profile(`${newName} GmbH`))).toMatchObject({ ok: true });
    expect(await found(newName)).toEqual(ids);
    expect(await found(oldName)).toEqual([]);
  });
});
