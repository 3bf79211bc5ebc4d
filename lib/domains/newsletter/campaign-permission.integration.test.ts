import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/core/db/client";
import { seedUser } from "@/tests/factories";
import { setLimits } from "@/tests/limits";
import { createCampaign } from "./create-campaign";
import { resumeCampaign } from "./resume-campaign";
import { startCampaign } from "./start-campaign";
import { updateCampaign } from "./update-campaign";

// Who runs the newsletter (spec 4.3: users:manage) is the campaign commands' own check, from the
// stored user: staff without the permission, a customer or a deactivated admin who call them
// directly are refused (403) and nothing is created, changed, frozen or sent. The console and
// jobs pass no actor.

const input = { subject: "Neuigkeiten", bodyHtml: "<p>Hallo</p>", filter: {} };
const refused = { code: "forbidden", status: 403 };

beforeAll(() => setLimits({ NEWSLETTER_SENDING_ENABLED: "true", NEWSLETTER_SEND_JOBS: "1" }));
afterAll(() => setLimits({ NEWSLETTER_SENDING_ENABLED: undefined, NEWSLETTER_SEND_JOBS: undefined }));

async function outsiders() {
  return [
    await seedUser({ staffRole: "admin", permissions: ["press-releases:publish", "billing:manage"] }),
    await seedUser(),
    await seedUser({ staffRole: "admin", permissions: ["users:manage"], isActive: false }),
  ];
}

describe("the campaign commands without the newsletter permission", () => {
  it("refuse to create, save, start or resume a campaign; the campaign stays as it was", async () => {
    await db.newsletterSubscriber.create({ data: { email: "leserin@example.test", confirmedAt: new Date() } });
    const editor = await seedUser({ staffRole: "admin", permissions: ["users:manage"] });
    const { id } = await createCampaign({ input, actorUserId: editor.id });
    const campaign = () =>
      db.newsletterCampaign.findUniqueOrThrow({ where: { id }, select: { subject: true, body: true, status: true, recipientCount: true } });
    const before = await campaign();
    const campaigns = await db.newsletterCampaign.count();

    for (const outsider of await outsiders()) {
      await expect(createCampaign({ input, actorUserId: outsider.id })).rejects.toMatchObject(refused);
      await expect(
        updateCampaign({ campaignId: id, input: { ...input, subject: "Übernommen" }, actorUserId: outsider.id }),
      ).rejects.toMatchObject(refused);
      await expect(startCampaign({ campaignId: id, actorUserId: outsider.id })).rejects.toMatchObject(refused);
      await expect(resumeCampaign({ campaignId: id, actorUserId: outsider.id })).rejects.toMatchObject(refused);
    }
    expect(await db.newsletterCampaign.count()).toBe(campaigns);
    expect(await campaign()).toEqual(before);
    expect(await db.newsletterCampaignRecipient.count({ where: { campaignId: id } })).toBe(0);

    // Staff holding users:manage (and the console, without an actor) run it.
    await updateCampaign({ campaignId: id, input: { ...input, subject: "Neu" }, actorUserId: editor.id });
    expect((await startCampaign({ campaignId: id, actorUserId: editor.id })).recipientCount).toBe(1);
    expect(await resumeCampaign({ campaignId: id, actorUserId: null })).toMatchObject({ returnedToDraft: false });
  });
});
