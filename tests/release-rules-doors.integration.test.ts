import { describe, expect, it, vi } from "vitest";
import { saveRelease } from "@/app/hub/dashboard/releases/actions";
import { createApiToken } from "@/lib/domains/api-tokens/tokens";
import { db } from "@/lib/core/db/client";
import { AppError } from "@/lib/core/errors/errors";
import { correctedText } from "@/lib/domains/legal/corrections/apply-corrected-text";
import { requestPaidChange } from "@/lib/domains/paid-changes/request-paid-change";
import { RELEASE_LIMITS as L } from "@/lib/domains/releases/rules";
import { apiClient, send } from "./api-client";
import { seedRelease, unique } from "./factories";
import { signIn, withPageSession } from "./page-session";
import { GOOD_BODY, seedNewsroom } from "./release-fixtures";

// One set of release rules (lib/domains/releases/rules.ts) behind every door that writes a release's
// text: API v1 (create and update), the legacy API, the dashboard's form action, the paid
// change and the legal correction. Each case goes through each door that has its field; every
// door must pass it or refuse it on the same field.

vi.mock("next/headers", async () => (await import("@/tests/page-session")).nextHeaders);
vi.mock("next/cache", () => ({ refresh: () => {} }));
vi.mock("next/navigation", () => ({ redirect: () => {} }));
withPageSession();

type Field = "title" | "lead" | "body" | "location" | "contactName" | "contactEmail" | "contactPhone";
type Case = { name: string; field: Field; value: string; refused: boolean };

/** Readable German prose of exactly `n` characters (no space at either end, so trimming keeps it). */
const prose = (n: number) => "Die Beispiel AG baut ein neues Werk in Brandenburg. ".repeat(Math.ceil(n / 52) + 1).slice(0, n - 1) + "x";
/** A body whose text has `chars` characters. */
const bodyOf = (chars: number) => `<p>${prose(chars)}</p>`;
/** A body of at least `html` characters of HTML around a text of about html / 7 characters. */
const heavyBody = (html: number) => `<p>${"<strong>ab</strong> ".repeat(Math.ceil(html / 20))}</p>`;

const CASES: Case[] = [
  { name: "title of 9 characters", field: "title", value: prose(9), refused: true },
  { name: "title of 10 characters", field: "title", value: prose(10), refused: false },
  { name: "title of 200 characters", field: "title", value: prose(200), refused: false },
  { name: "title of 201 characters", field: "title", value: prose(201), refused: true },
  { name: "title with a control character", field: "title", value: "Beispiel AG eröffnet \u0007 Werk", refused: true },
  { name: "lead of 550 characters", field: "lead", value: prose(550), refused: false },
  { name: "lead of 600 characters", field: "lead", value: prose(600), refused: false },
  { name: "lead of 601 characters", field: "lead", value: prose(601), refused: true },
  { name: "lead with a bidirectional override", field: "lead", value: "Vorspann \u202Everdreht", refused: true },
  { name: "body of 149 characters of text", field: "body", value: bodyOf(149), refused: true },
  { name: "body of 150 characters of text", field: "body", value: bodyOf(150), refused: false },
  { name: "body of 60,000 characters of text", field: "body", value: bodyOf(60_000), refused: false },
  { name: "body of 100,001 characters of text", field: "body", value: bodyOf(100_001), refused: true },
  { name: "body of 150,000 characters of HTML", field: "body", value: heavyBody(150_000), refused: false },
  { name: "body of over 200,000 characters of HTML", field: "body", value: heavyBody(200_100), refused: true },
  { name: "dateline of 200 characters", field: "location", value: prose(200), refused: false },
  { name: "dateline of 201 characters", field: "location", value: prose(201), refused: true },
  { name: "contact name of 200 characters", field: "contactName", value: prose(200), refused: false },
  { name: "contact name of 201 characters", field: "contactName", value: prose(201), refused: true },
  { name: "contact phone of 60 characters", field: "contactPhone", value: "0".repeat(60), refused: false },
  { name: "contact phone of 61 characters", field: "contactPhone", value: "0".repeat(61), refused: true },
  { name: "contact address without a top-level domain", field: "contactEmail", value: "presse@beispiel", refused: true },
  { name: "contact address with a dot before the @", field: "contactEmail", value: "presse.@beispiel.de", refused: true },
  { name: "contact address in capitals", field: "contactEmail", value: "Presse@Beispiel.DE", refused: false },
];

/** What a door did with a case: "passed" the rules, or the field it refused. */
type Outcome = "passed" | Field | `other: ${string}`;
type Door = { name: string; fields: readonly Field[]; run: (c: Case) => Promise<Outcome> };

const V1_FIELD: Record<string, Field> = { "contact.name": "contactName", "contact.email": "contactEmail", "contact.phone": "contactPhone" };
const LEGACY_FIELD: Record<string, Field> = {
  subtitle: "lead",
  text: "body",
  city: "location",
  contact_name: "contactName",
  contact_email: "contactEmail",
  contact_phone: "contactPhone",
};
const fieldOf = (path: string, names: Record<string, Field>): Outcome => names[path] ?? (path as Field);

const BASE = {
  title: "Beispiel AG eröffnet neues Werk",
  lead: "Ein Vorspann.",
  body: GOOD_BODY,
  location: "Berlin",
  contactName: "Pressestelle",
  contactEmail: "presse@beispiel.de",
  contactPhone: "",
};
const v1Body = (c: Case) => {
  const v = { ...BASE, [c.field]: c.value };
  return {
    title: v.title,
    lead: v.lead,
    body: v.body,
    location: v.location,
    contact: { name: v.contactName, email: v.contactEmail, phone: v.contactPhone || null },
  };
};

async function apiOutcome(
  res: { status: number; body: { error?: { issues?: { path: string }[] } } },
  names: Record<string, Field>,
): Promise<Outcome> {
  if (res.status === 200 || res.status === 201) return "passed";
  const path = res.body.error?.issues?.[0]?.path;
  return res.status === 422 && path ? fieldOf(path, names) : `other: ${res.status}`;
}

async function ruleOutcome(run: () => Promise<unknown>, names: Record<string, Field> = {}): Promise<Outcome> {
  try {
    await run();
    return "passed";
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    // The paid change's text check or edit-distance limit may refuse a text the rules passed.
    if (!err.issues?.length) return "passed";
    return fieldOf(err.issues[0]!.path, names);
  }
}

async function doors(): Promise<Door[]> {
  const { owner, company } = await seedNewsroom();
  const token = (await createApiToken({ userId: owner.id, name: "doors", identityConfirmedAt: new Date() })).token;
  const api = apiClient(token);
  const category = await db.category.create({ data: { portal: "business", slug: unique("kat"), nameDe: "Energie", nameEn: "Energy" } });
  const ALL: Field[] = ["title", "lead", "body", "location", "contactName", "contactEmail", "contactPhone"];
  const TEXT: Field[] = ["title", "lead", "body"];
  const published = () =>
    seedRelease({
      companyId: company.id,
      authorUserId: owner.id,
      status: "published",
      publishedAt: new Date(),
      publishedEverAt: new Date(),
      title: `${BASE.title} ${unique("p")}`,
      lead: BASE.lead,
      body: GOOD_BODY,
    });
  return [
    {
      name: "API v1 create",
      fields: ALL,
      run: async (c) =>
        apiOutcome(
          await api.call("createRelease", {
            body: { newsroom_id: company.id, portal: "business", language: "de", submit: false, ...v1Body(c) },
          }),
          V1_FIELD,
        ),
    },
    {
      name: "API v1 update",
      fields: ALL,
      run: async (c) => {
        const created = await api.call("createRelease", {
          body: {
            newsroom_id: company.id,
            portal: "business",
            language: "de",
            submit: false,
            ...v1Body({ ...c, value: BASE[c.field] || "0" }),
          },
        });
        return apiOutcome(await api.call("updateRelease", { params: { id: created.body.data.id }, body: v1Body(c) }), V1_FIELD);
      },
    },
    {
      name: "legacy API",
      fields: ALL,
      run: async (c) => {
        const v = { ...BASE, [c.field]: c.value };
        const res = await send(
          "PUT",
          `/service/pressreleases/${(await api.call("createRelease", { body: { newsroom_id: company.id, portal: "business", language: "de", submit: false, ...v1Body({ ...c, value: BASE[c.field] || "0" }) } })).body.data.id}`,
          {
            token,
            body: {
              title: v.title,
              subtitle: v.lead,
              text: v.body,
              city: v.location,
              contact_name: v.contactName,
              contact_email: v.contactEmail,
              contact_phone: v.contactPhone,
            },
          },
        );
        return apiOutcome({ status: res.status, body: await res.json() }, LEGACY_FIELD);
      },
    },
    {
      name: "dashboard form",
      fields: ALL,
      run: async (c) => {
        await signIn(owner.id);
        const values = {
          ...BASE,
          [c.field]: c.value,
          companyId: String(company.id),
          portal: "business",
          language: "de",
          categoryId: String(category.id),
          scheduledAt: "",
          aiDeclaration: "without_ai",
        };
        const result = await saveRelease(null, { values, submit: false });
        return result.ok ? "passed" : ((Object.keys(result.issues ?? {})[0] as Field | undefined) ?? `other: ${result.message}`);
      },
    },
    {
      name: "paid change",
      fields: TEXT,
      run: async (c) => {
        const release = await published();
        const proposed = { title: release.title, lead: release.lead, body: release.body, [c.field]: c.value };
        return ruleOutcome(() =>
          requestPaidChange({ userId: owner.id, releaseId: release.id, title: proposed.title, lead: proposed.lead, body: proposed.body }),
        );
      },
    },
    { name: "legal correction", fields: TEXT, run: async (c) => ruleOutcome(async () => correctedText({ ...BASE, [c.field]: c.value })) },
  ];
}

describe("every door applies the same release rules", () => {
  it("the limits are the documented ones", () => {
    expect(L).toMatchObject({
      titleMin: 10,
      titleMax: 200,
      leadMax: 600,
      bodyMinChars: 150,
      bodyMaxChars: 100_000,
      bodyHtmlMax: 200_000,
      locationMax: 200,
      contactNameMax: 200,
      contactPhoneMax: 60,
    });
  });

  it("each case is passed or refused on the same field by API v1, the legacy API, the dashboard, the paid change and the legal correction", async () => {
    const all = await doors();
    const table: Record<string, Record<string, Outcome>> = {};
    for (const c of CASES) {
      for (const door of all.filter((d) => d.fields.includes(c.field))) (table[c.name] ??= {})[door.name] = await door.run(c);
    }
    const expected = Object.fromEntries(
      CASES.map((c) => [
        c.name,
        Object.fromEntries(all.filter((d) => d.fields.includes(c.field)).map((d) => [d.name, c.refused ? c.field : "passed"])),
      ]),
    );
    expect(table).toEqual(expected);
  }, 180_000);

  it("a release created through API v1 with a 550-character lead gets a paid change of its title", async () => {
    const { owner, company } = await seedNewsroom();
    const api = apiClient((await createApiToken({ userId: owner.id, name: "lead", identityConfirmedAt: new Date() })).token);
    const created = await api.call("createRelease", {
      body: {
        newsroom_id: company.id,
        portal: "business",
        language: "de",
        submit: false,
        ...v1Body({ name: "", field: "lead", value: prose(550), refused: false }),
      },
    });
    expect(created.status).toBe(201);
    const id = created.body.data.id as number;
    await db.pressRelease.update({ where: { id }, data: { status: "published", publishedAt: new Date(), publishedEverAt: new Date() } });
    const change = await requestPaidChange({
      userId: owner.id,
      releaseId: id,
      title: "Beispiel AG eröffnet ihr neues Werk",
      lead: prose(550),
      body: created.body.data.body,
    });
    expect(change).toMatchObject({ changeId: expect.any(Number), precheckResult: expect.stringMatching(/green|yellow/) });
  });
});
