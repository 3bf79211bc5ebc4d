import { userIdOf } from "@/lib/adapters/api/handler";
import { NewsroomIdParams, NewsroomMemberInput, newsroomMemberResource } from "@/lib/adapters/api/newsroom-schemas";
import { assignNewsroomMemberByApi } from "@/lib/domains/companies/api-newsroom-assignment";
import { apiRoute, json } from "@/lib/core/http/route";

// POST /api/v1/newsrooms/{id}/members: attach a person with an account to an existing newsroom (spec 5.13).
export const POST = apiRoute(
  { route: "/api/v1/newsrooms/[id]/members", auth: "token", rateLimit: "api", params: NewsroomIdParams, body: NewsroomMemberInput },
  async (ctx) =>
    json(
      {
        data: newsroomMemberResource(
          await assignNewsroomMemberByApi({
            callerUserId: userIdOf(ctx),
            companyId: ctx.params.id,
            email: ctx.body.email,
            role: ctx.body.role,
          }),
        ),
      },
      { status: 201 },
    ),
);
