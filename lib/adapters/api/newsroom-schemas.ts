import { z } from "zod";
import type { ApiNewsroomMembership } from "@/lib/domains/companies/api-newsroom-assignment";
import { RecordIdParam } from "@/lib/core/input/ids";

// The v1 contract of newsroom membership (spec 5.13); the OpenAPI file is generated from these.

export const NewsroomIdParams = z.object({
  id: RecordIdParam.meta({ description: "A newsroom id (a positive 32-bit integer); anything else answers 404." }),
});

export const NewsroomMemberInput = z
  .object({
    email: z
      .email()
      .max(254)
      .meta({ description: "Address of the person's account; the account must exist and its address be confirmed." }),
    role: z
      .enum(["member", "responsible"])
      .default("member")
      .meta({ description: "`responsible` only when you are an owner of the newsroom. Owners are never assigned by API." }),
  })
  .meta({ id: "NewsroomMemberInput" });

export const NewsroomMember = z
  .object({
    id: z.int().meta({ description: "The membership." }),
    newsroom_id: z.int(),
    email: z.string(),
    role: z.enum(["member", "responsible"]),
    granted_via: z.literal("api"),
    created_at: z.string(),
  })
  .meta({ id: "NewsroomMember" });

export const NewsroomMemberEnvelope = z.object({ data: NewsroomMember }).meta({ id: "NewsroomMemberEnvelope" });

export function newsroomMemberResource(m: ApiNewsroomMembership): z.infer<typeof NewsroomMember> {
  return { id: m.id, newsroom_id: m.companyId, email: m.email, role: m.role, granted_via: "api", created_at: m.createdAt.toISOString() };
}
