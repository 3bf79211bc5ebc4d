import { db } from "@/lib/core/db/client";
import type { CompanyRole, GrantedVia } from "@/lib/generated/prisma/client";
import { seedCompany, seedUser, unique } from "./factories";
import { uniqueClientIp } from "@/tests/client-addresses";

// A newsroom with a team, for the team tests (lib/domains/companies/team and tests/team-roles).

export async function seedTeam(roles: CompanyRole[] = ["owner"], company: Parameters<typeof seedCompany>[0] = {}) {
  const newsroom = await seedCompany({ name: `Redaktion ${unique("n")}`, ...company });
  const people = [];
  for (const role of roles) people.push(await join(newsroom.id, role));
  return { companyId: newsroom.id, name: newsroom.name, people };
}

export async function join(
  companyId: number,
  role: CompanyRole,
  grantedVia: GrantedVia = "manual",
  user: Parameters<typeof seedUser>[0] = {},
) {
  const person = await seedUser({ name: `Person ${unique("p")}`, ...user });
  await db.companyUser.create({ data: { companyId, userId: person.id, role, grantedVia } });
  return person;
}

export const newAddress = () => `${unique("kollegin")}@redaktion.example`;

/** The team as rows: "userId:role/grantedVia", sorted, to compare before and after an attempt. */
export async function teamRows(companyId: number): Promise<string[]> {
  const rows = await db.companyUser.findMany({
    where: { companyId },
    select: { userId: true, role: true, grantedVia: true },
    orderBy: { userId: "asc" },
  });
  return rows.map((r) => `${r.userId}:${r.role}/${r.grantedVia}`);
}

/** Open, accepted and revoked invitations of a newsroom as rows, to compare before and after. */
export async function invitationRows(companyId: number) {
  return db.companyInvitation.findMany({
    where: { companyId },
    orderBy: { id: "asc" },
    select: { id: true, email: true, role: true, acceptedAt: true, revokedAt: true, magicLinkId: true },
  });
}

/** The invitation page token from the newest invitation mail to `email`. */
export async function invitationTokenFor(email: string): Promise<string> {
  const mail = await db.mailOutbox.findFirstOrThrow({ where: { to: email, mailType: "team_invitation" }, orderBy: { id: "desc" } });
  const match = /\/invitation\/([A-Za-z0-9_-]{43})/.exec(mail.text);
  if (!match?.[1]) throw new Error("no invitation link in the mail");
  return match[1];
}

export const client = () => ({ ip: uniqueClientIp(), userAgent: "test" });
