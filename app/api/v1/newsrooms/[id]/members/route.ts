import { userIdOf } from "@/lib/api/handler";
import { NewsroomIdParams, NewsroomMemberInput, newsroomMemberResource } from "@/lib/api/newsroom-schemas";
import { assignNewsroomMemberByApi } from "@/lib/companies/api-newsroom-assignment";
import { apiRoute, json } from "@/lib/http/route";

// POST /api/v1/newsrooms/{id}/members: attach a person with an account to an existing newsroom (spec 5.13).
export const POST = apiRoute({ route: "/api/v1/newsrooms/[id]/members", auth: "token", rateLimit: "api", params: NewsroomIdParams, body: NewsroomMemberInput }, async (ctx) =>
  json({ data: newsroomMemberResource(await assignNewsroomMemberByApi({ callerUserId: userIdOf(ctx), companyId: ctx.params.id, email: ctx.body.email, role: ctx.body.role })) }, { status: 201 }),
);
