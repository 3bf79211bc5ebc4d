import { receiveHubRequest } from "@/lib/adapters/public/websub/subscription-request";

// POST /websub on the hub host: WebSub subscribe and unsubscribe requests for the portals' feeds
// (form fields hub.mode, hub.topic, hub.callback, hub.lease_seconds, hub.secret; docs/portals.md "WebSub").
export const POST = (request: Request) => receiveHubRequest(request);
