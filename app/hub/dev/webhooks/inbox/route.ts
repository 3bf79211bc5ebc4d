import {
  INSPECTOR_INBOX_PATH,
  isWebhookInspectorOpenTo,
  readLimitedBody,
  receiveInspectedDelivery,
} from "@/lib/domains/webhooks/local-inspector";

export const dynamic = "force-dynamic";

// POST /dev/webhooks/inbox: the local webhook inspector's receiver (embedded default only, from
// this machine only; 404 elsewhere). Keeps the delivery with its signature verdict, answers 204.
export async function POST(request: Request): Promise<Response> {
  if (!isWebhookInspectorOpenTo(request.headers)) return new Response("Not found.", { status: 404 });
  const { body, truncated } = await readLimitedBody(request.body);
  // The address the sender used: the endpoint whose URL it is signed for.
  const inboxUrl = `http://${(request.headers.get("host") ?? "localhost").toLowerCase()}${INSPECTOR_INBOX_PATH}`;
  await receiveInspectedDelivery({ method: request.method, headers: request.headers, body, truncated, inboxUrl });
  return new Response(null, { status: 204 });
}
