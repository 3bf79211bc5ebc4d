import { describe, expect, it } from "vitest";
import { db } from "@/lib/core/db/client";
import { deletePasskey, listPasskeys, renamePasskey } from "./manage-passkeys";
import { newAuthenticator, registerWith, seedUserWithPasskey } from "@/tests/passkey-fixtures";

/** A session's fresh proof of this kind (what the security page stamps on it). */
const provedBy = (kind: string, at = new Date()) => ({ proof: { identityProvedAt: at, identityProofKind: kind } });

describe("passkey management", () => {
  it("lists only the user's own passkeys, without key material", async () => {
    const { user, passkey } = await seedUserWithPasskey();
    const phone = await registerWith(user.id, newAuthenticator(), "Phone");
    await seedUserWithPasskey();
    const list = await listPasskeys(user.id);
    expect(list.map((p) => p.id)).toEqual([passkey.id, phone.id]);
    expect(list[0]).toEqual({
      id: passkey.id,
      name: "Laptop",
      transports: ["internal"],
      backedUp: false,
      createdAt: expect.any(Date),
      lastUsedAt: null,
    });
  });

  it("renames the user's own passkey and refuses bad names", async () => {
    const { user, passkey } = await seedUserWithPasskey();
    await renamePasskey(user.id, passkey.id, " Work laptop ");
    expect((await db.passkey.findUniqueOrThrow({ where: { id: passkey.id } })).name).toBe("Work laptop");
    await expect(renamePasskey(user.id, passkey.id, "")).rejects.toMatchObject({ code: "validation_failed" });
  });

  it("deletes the user's own passkey and records it", async () => {
    const { user, passkey } = await seedUserWithPasskey();
    await deletePasskey(user.id, passkey.id, provedBy("passkey"));
    expect(await db.passkey.count({ where: { id: passkey.id } })).toBe(0);
    expect(await db.activityLog.count({ where: { type: "passkey.deleted", actorUserId: user.id, subjectId: String(passkey.id) } })).toBe(1);
    await expect(deletePasskey(user.id, passkey.id, provedBy("passkey"))).rejects.toMatchObject({ code: "not_found" });
  });

  it("removes a passkey only after a fresh proof by a strong factor: the mailbox, the password or an old proof remove nothing", async () => {
    const { user, passkey } = await seedUserWithPasskey();
    for (const opts of [
      provedBy("email_code"),
      provedBy("password"),
      provedBy("passkey", new Date(Date.now() - 11 * 60_000)),
      { proof: { identityProvedAt: null, identityProofKind: null } },
    ]) {
      await expect(deletePasskey(user.id, passkey.id, opts)).rejects.toMatchObject({ code: "identity_proof_required" });
    }
    expect(await db.passkey.count({ where: { id: passkey.id } })).toBe(1);
    expect(await db.activityLog.count({ where: { type: "passkey.deleted", subjectId: String(passkey.id) } })).toBe(0);
    expect(await db.mailOutbox.count({ where: { to: user.email, mailType: "passkey_changed", text: { contains: "entfernt" } } })).toBe(0);
  });

  it("cannot rename or delete someone else's passkey", async () => {
    const owner = await seedUserWithPasskey();
    const intruder = await seedUserWithPasskey();
    await expect(renamePasskey(intruder.user.id, owner.passkey.id, "Mine now")).rejects.toMatchObject({ code: "not_found" });
    await expect(deletePasskey(intruder.user.id, owner.passkey.id, provedBy("passkey"))).rejects.toMatchObject({ code: "not_found" });
    expect(await db.passkey.findUniqueOrThrow({ where: { id: owner.passkey.id } })).toMatchObject({
      userId: owner.user.id,
      name: "Laptop",
    });
    expect(await db.activityLog.count({ where: { type: "passkey.deleted", subjectId: String(owner.passkey.id) } })).toBe(0);
  });
});
