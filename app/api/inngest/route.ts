import { serve } from "inngest/next";
import { inngest } from "@/inngest/client";
import { functions } from "@/inngest/functions";

// POST /api/inngest, GET, PUT: the endpoint Inngest calls to run our functions.
export const { GET, POST, PUT } = serve({ client: inngest, functions });
