import { describe, expect, it } from "vitest";
import { db } from "@/lib/core/db/client";
import { workOne } from "@/lib/runtime/jobs/local-worker";
import { seedCompany, unique } from "@/tests/factories";
import { setMailDnsResolverForTests } from "@/lib/domains/mail/domain-checks/resolver";
import { fakeMailDns } from "@/tests/fake-mail-dns";
import { withLimits } from "@/tests/limits";
import { seedNewsroom } from "@/tests/release-fixtures";
import { berlinLocalToDate, dateToBerlinLocal } from "@/lib/core/time/berlin-time";
import { listDashboardReleases } from "./list-releases";
import { loadDashboardRelease } from "./release-detail";
import { moveOwnRelease } from "./release-moves";
import { EMPTY_RELEASE_FORM, type ReleaseFormValues } from "./release-rules";
import { saveDashboardRelease } from "./save-dashboard-release";
import { sanitizeReleaseHtml } from "@/lib/domains/releases/sanitize";

// The body as the editor sends it: HTML.
const GOOD_TEXT = [
  "<h2>Neues Werk in Cottbus</h2>",
  "<p>Die Beispiel AG eröffnet am Standort Cottbus ein neues Werk für <strong>Komponenten von Wärmepumpen</strong>.</p>",
  "<p>Am Standort entstehen 250 Arbeitsplätze in Fertigung und Logistik; die Produktion beginnt im Herbst.</p>",
  "<ul><li><p>Gemeinsam mit der örtlichen Berufsschule startet ein Ausbildungsprogramm für 40 junge Menschen pro Jahr.</p></li></ul>",
  '<p>Die Investition beträgt 80 Millionen Euro und wird zu einem Teil aus Mitteln des <a href="https://land.example/foerderung">Landes</a> gefördert.</p>',
].join("");
const RED_TEXT = `<p>JETZT KAUFEN!!! Nur heute gratis Rabatt!!! Klicken Sie hier. ${"Dieses Angebot gilt nur für kurze Zeit und nur solange der Vorrat reicht. ".repeat(3)}</p>`;

async function category(portal: "business" | "tech") {
  return db.category.create({ data: { portal, slug: unique("cat"), nameDe: "Wirtschaft", nameEn: "Economy" } });
}

function form(companyId: number, categoryId: number, over: Partial<ReleaseFormValues> = {}): ReleaseFormValues {
  return {
    ...EMPTY_RELEASE_FORM,
    companyId: String(companyId),
    portal: "business",
    language: "de",
    categoryId: String(categoryId),
    title: `Beispiel AG eröffnet Werk in Cottbus ${unique("t")}`,
    body: GOOD_TEXT,
    location: "Cottbus",
    contactName: "Pressestelle",
    contactEmail: "presse@beispiel.example",
    aiDeclaration: "without_ai",
    ...over,
  };
}

async function workQueue() {
  while (await workOne()) {
    /* the review job runs */
  }
}

describe("dashboard releases", () => {
  it("stores the editor's HTML through the sanitiser, submits, and the automatic check publishes it", async () => {
    const { owner, company } = await seedNewsroom();
    const cat = await category("business");
    const body = `${GOOD_TEXT}<p onclick="steal()" style="color:red">Und <em>mehr</em> &amp; <script>alert(1)</script><a href="javascript:alert(2)">nichts</a></p>`;
    const { releaseId } = await saveDashboardRelease({ userId: owner.id, values: form(company.id, cat.id, { body }), submit: false });
    const draft = await db.pressRelease.findUniqueOrThrow({ where: { id: releaseId } });
    expect(draft).toMatchObject({ status: "draft", authorUserId: owner.id, source: "dashboard", categoryId: cat.id });
    expect(draft.body).toBe(sanitizeReleaseHtml(body));
    expect(draft.body).toContain("<h2>Neues Werk in Cottbus</h2>");
    expect(draft.body).toContain("<strong>Komponenten von Wärmepumpen</strong>");
    expect(draft.body).toContain('<a href="https://land.example/foerderung" rel="nofollow noopener">Landes</a>');
    expect(draft.body).toContain('<p>Und <em>mehr</em> &amp; <a rel="nofollow noopener">nichts</a></p>');
    expect(draft.body).not.toMatch(/script|onclick|style=|javascript/);
    // The stored HTML goes back into the editor as it is, with the declaration made.
    expect((await loadDashboardRelease(owner.id, releaseId)).form).toMatchObject({ body: draft.body, aiDeclaration: "without_ai" });

    await saveDashboardRelease({ userId: owner.id, releaseId, values: form(company.id, cat.id, { title: draft.title }), submit: true });
    expect((await db.pressRelease.findUniqueOrThrow({ where: { id: releaseId } })).status).toBe("in_review");
    await workQueue();
    const page = await loadDashboardRelease(owner.id, releaseId);
    expect(page.release.status).toBe("published");
    expect(page.actions).toMatchObject({ edit: false, archive: true, delete: false });
    expect(page.history.map((h) => h.outcome)).toEqual(["published", "submitted", "created"]);
    await expect(moveOwnRelease({ userId: owner.id, releaseId, move: "delete" })).rejects.toMatchObject({ code: "conflict" });
  });

  it("shows why a red text was rejected and counts the attempt", async () => {
    const { owner, company } = await seedNewsroom();
    const cat = await category("business");
    const { releaseId } = await saveDashboardRelease({
      userId: owner.id,
      values: form(company.id, cat.id, { title: "JETZT KAUFEN ALLES GRATIS", body: RED_TEXT }),
      submit: true,
    });
    await workQueue();
    const page = await loadDashboardRelease(owner.id, releaseId);
    expect(page.release.status).toBe("rejected");
    expect(page.attempts).toEqual({ used: 1, max: 3 });
    expect(page.review?.result).toBe("red");
    expect(page.review?.reasons.map((r) => r.code)).toEqual(expect.arrayContaining(["advertising", "shouting", "exclamations"]));
    expect(page.actions).toMatchObject({ edit: true, submit: true, delete: true });
  });

  it("refuses other newsrooms, foreign portals and categories, and past publication times, per field", async () => {
    const { owner, company } = await seedNewsroom();
    const other = await seedNewsroom();
    const techCategory = await category("tech");
    const cat = await category("business");
    const issuesOf = (p: Promise<unknown>) =>
      p.then(
        () => ({}),
        (err: { issues?: { path: string }[] }) => Object.fromEntries((err.issues ?? []).map((i) => [i.path, true])),
      );

    expect(
      await issuesOf(saveDashboardRelease({ userId: owner.id, values: form(other.company.id, cat.id), submit: false })),
    ).toHaveProperty("companyId");
    expect(
      await issuesOf(saveDashboardRelease({ userId: owner.id, values: form(company.id, techCategory.id), submit: false })),
    ).toHaveProperty("categoryId");
    expect(
      await issuesOf(
        saveDashboardRelease({ userId: owner.id, values: form(company.id, techCategory.id, { portal: "tech" }), submit: false }),
      ),
    ).toHaveProperty("portal");
    expect(
      await issuesOf(
        saveDashboardRelease({ userId: owner.id, values: form(company.id, cat.id, { scheduledAt: "2020-01-01T10:00" }), submit: false }),
      ),
    ).toHaveProperty("scheduledAt");
    expect(
      await issuesOf(
        saveDashboardRelease({ userId: owner.id, values: form(company.id, cat.id, { title: "Kurz", body: "Zu kurz." }), submit: false }),
      ),
    ).toMatchObject({ title: true, body: true });
    // A contact domain that DNS shows takes no mail (RFC 7505 Null MX), when the check is on.
    setMailDnsResolverForTests(
      fakeMailDns({
        "nomail.example": { mx: [{ exchange: "", priority: 0 }] },
        "beispiel.example": { mx: [{ exchange: "mx.beispiel.example", priority: 10 }] },
      }),
    );
    try {
      await withLimits({ EMAIL_DOMAIN_CHECK: "true" }, async () => {
        expect(
          await issuesOf(
            saveDashboardRelease({
              userId: owner.id,
              values: form(company.id, cat.id, { contactEmail: "presse@nomail.example" }),
              submit: false,
            }),
          ),
        ).toHaveProperty("contactEmail");
        expect(await issuesOf(saveDashboardRelease({ userId: owner.id, values: form(company.id, cat.id), submit: false }))).toEqual({});
      });
    } finally {
      setMailDnsResolverForTests(null);
    }

    const theirs = await saveDashboardRelease({ userId: other.owner.id, values: form(other.company.id, cat.id), submit: false });
    await expect(loadDashboardRelease(owner.id, theirs.releaseId)).rejects.toMatchObject({ code: "not_found" });
    await expect(
      saveDashboardRelease({ userId: owner.id, releaseId: theirs.releaseId, values: form(company.id, cat.id), submit: true }),
    ).rejects.toMatchObject({ code: "not_found" });
    await expect(moveOwnRelease({ userId: owner.id, releaseId: theirs.releaseId, move: "delete" })).rejects.toMatchObject({
      code: "not_found",
    });
  });

  it("lists only the user's newsrooms' releases and searches them", async () => {
    const { owner, company } = await seedNewsroom();
    const other = await seedNewsroom();
    const both = await seedCompany({ portal: "both" });
    await db.companyUser.create({ data: { companyId: both.id, userId: owner.id, role: "member", grantedVia: "manual" } });
    const cat = await category("business");
    const techCat = await category("tech");
    const mine = await saveDashboardRelease({
      userId: owner.id,
      values: form(company.id, cat.id, { title: "Windpark Osterfeld geht in Betrieb und liefert Strom" }),
      submit: false,
    });
    const onTech = await saveDashboardRelease({
      userId: owner.id,
      values: form(both.id, techCat.id, { portal: "tech", title: "Neue Software für Leitstellen vorgestellt" }),
      submit: false,
    });
    await saveDashboardRelease({
      userId: other.owner.id,
      values: form(other.company.id, cat.id, { title: "Windpark Nordsee liefert Strom für die Region" }),
      submit: false,
    });

    expect((await listDashboardReleases({ userId: owner.id })).items.map((r) => r.id).sort()).toEqual(
      [mine.releaseId, onTech.releaseId].sort(),
    );
    expect((await listDashboardReleases({ userId: owner.id, q: "Windpark" })).items.map((r) => r.id)).toEqual([mine.releaseId]);
    expect((await listDashboardReleases({ userId: owner.id, q: "Leitstellen" })).items.map((r) => r.id)).toEqual([onTech.releaseId]);
  });

  it("withdraws a release in review back to a draft", async () => {
    const { owner, company } = await seedNewsroom();
    const cat = await category("business");
    const { releaseId } = await saveDashboardRelease({ userId: owner.id, values: form(company.id, cat.id), submit: true });
    await moveOwnRelease({ userId: owner.id, releaseId, move: "withdraw" });
    expect((await db.pressRelease.findUniqueOrThrow({ where: { id: releaseId } })).status).toBe("draft");
    await moveOwnRelease({ userId: owner.id, releaseId, move: "delete" });
    expect((await db.pressRelease.findUniqueOrThrow({ where: { id: releaseId } })).deletedAt).not.toBeNull();
  });
});

describe("Berlin time in the form", () => {
  it("converts datetime-local values in winter and summer time", () => {
    expect(berlinLocalToDate("2026-01-15T09:30")?.toISOString()).toBe("2026-01-15T08:30:00.000Z");
    expect(berlinLocalToDate("2026-07-15T09:30")?.toISOString()).toBe("2026-07-15T07:30:00.000Z");
    expect(dateToBerlinLocal(new Date("2026-07-15T07:30:00Z"))).toBe("2026-07-15T09:30");
    expect(berlinLocalToDate("15.07.2026 09:30")).toBeNull();
  });
});
