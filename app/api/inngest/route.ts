import { serve } from "inngest/next";
import { inngest } from "@/inngest/client";
import { functions } from "@/inngest/functions";
import { getConfig } from "@/lib/core/config";
import { notFound } from "@/lib/core/errors/errors";
import { toErrorResponse } from "@/lib/core/http/problem";

// GET, POST, PUT /api/inngest: the endpoint Inngest calls to run our functions. Without Inngest
// (the embedded default runs jobs in-process) there is no such endpoint: 404, not the SDK's 500
// for a missing signing key.
const handlers = serve({ client: inngest, functions });
type Handler = (typeof handlers)["GET"];

const whenConfigured = (handler: Handler): Handler =>
  ((request: Parameters<Handler>[0], context: Parameters<Handler>[1]) => {
    const { jobs } = getConfig();
    if (!jobs.inngestSigningKey && process.env.INNGEST_DEV !== "1")
      return toErrorResponse(notFound("Jobs run inside this service; there is no Inngest endpoint."), crypto.randomUUID());
    return handler(request, context);
  }) as Handler;

export const GET = whenConfigured(handlers.GET);
export const POST = whenConfigured(handlers.POST);
export const PUT = whenConfigured(handlers.PUT);
