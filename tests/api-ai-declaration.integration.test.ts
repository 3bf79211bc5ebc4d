import { beforeAll, describe, expect, it } from "vitest";
import { openApiDocument } from "@/lib/adapters/api/openapi";
import { db } from "@/lib/core/db/client";
import { apiNewsroom, apiReleaseBody, seedApiCategory } from "./release-fixtures";

// API v1's `ai_declaration`: optional on create and update (clients from before it existed keep
// working), returned as the current declaration, each change a new version row.

let category: string;
beforeAll(async () => {
  category = await seedApiCategory();
});

const client = apiNewsroom;
const release = (newsroomId: number, extra: Record<string, unknown> = {}) =>
  apiReleaseBody(newsroomId, category, { submit: false, ...extra });
const versions = (pressReleaseId: number) =>
  db.pressReleaseAiDeclaration.findMany({
    where: { pressReleaseId, scope: "text" },
    orderBy: { version: "asc" },
    select: { declaration: true, version: true },
  });

describe("ai_declaration in API v1", () => {
  it("is stored on create, changed by update as a new version, kept when left out, and shown on the release", async () => {
    const { api, company } = await client();
    const created = await api.call("createRelease", { body: release(company.id, { ai_declaration: "ai_assisted" }) });
    expect(created.status).toBe(201);
    const id = created.body.data.id as number;
    expect(created.body.data.ai_declaration).toBe("ai_assisted");

    expect(
      (await api.call("updateRelease", { params: { id }, body: { title: "Ein anderer Titel für das Werk" } })).body.data.ai_declaration,
    ).toBe("ai_assisted");
    expect((await api.call("updateRelease", { params: { id }, body: { ai_declaration: "ai_assisted" } })).status).toBe(200);
    expect((await api.call("updateRelease", { params: { id }, body: { ai_declaration: "ai_generated" } })).body.data.ai_declaration).toBe(
      "ai_generated",
    );
    expect((await api.call("getRelease", { params: { id } })).body.data.ai_declaration).toBe("ai_generated");
    expect(await versions(id)).toEqual([
      { declaration: "ai_assisted", version: 1 },
      { declaration: "ai_generated", version: 2 },
    ]);
    const listed = await api.call("listReleases");
    expect(listed.body.data.find((r: { id: number }) => r.id === id)?.ai_declaration).toBe("ai_generated");
  });

  it("is optional: a release without one shows null; an unknown value is a 422 naming the field", async () => {
    const { api, company } = await client();
    const created = await api.call("createRelease", { body: release(company.id) });
    expect(created.status).toBe(201);
    expect(created.body.data.ai_declaration).toBeNull();
    expect(await versions(created.body.data.id)).toEqual([]);

    const refused = await api.call("createRelease", { body: release(company.id, { ai_declaration: "a_little" }) });
    expect(refused.status).toBe(422);
    expect(refused.body.error.issues).toEqual([expect.objectContaining({ path: "ai_declaration" })]);
  });

  it("is described in the OpenAPI document (input optional, output nullable)", () => {
    const doc = openApiDocument() as unknown as {
      components: { schemas: Record<string, { properties: Record<string, { enum?: unknown[] }>; required?: string[] }> };
    };
    const { ReleaseInput, ReleaseUpdate, Release } = doc.components.schemas;
    for (const input of [ReleaseInput!, ReleaseUpdate!]) {
      expect(input.properties.ai_declaration?.enum).toEqual(["without_ai", "ai_assisted", "ai_generated"]);
      expect(input.required ?? []).not.toContain("ai_declaration");
    }
    expect(Release!.properties.ai_declaration?.enum).toEqual(["without_ai", "ai_assisted", "ai_generated", null]);
    expect(Release!.required).toContain("ai_declaration");
  });
});
