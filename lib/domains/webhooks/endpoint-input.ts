import { getConfig } from "@/lib/core/config";
import { AppError, type ValidationIssue } from "@/lib/core/errors/errors";
import { checkOutboundUrl } from "@/lib/core/http/outbound";
import { isWebhookEventType, type WebhookEventType } from "./event-types";

// What an endpoint may be, checked once for the API and the dashboard: the doors map the
// issues' paths back to their own fields.

export const ENDPOINT_LIMITS = { perNewsroom: 20, descriptionMax: 500 } as const;

export interface EndpointInput {
  url?: string | undefined;
  description?: string | undefined;
  eventTypes?: readonly string[] | undefined;
  enabled?: boolean | undefined;
}

export interface CheckedEndpointInput {
  url?: string;
  description?: string;
  eventTypes?: WebhookEventType[];
  enabled?: boolean;
}

export const outboundPolicy = () => ({ allowLocalhost: getConfig().webhooks.allowLocalhost });

/** Checks the given fields (all required when `creating`); throws validation_failed with every issue at once. */
export function checkEndpointInput(input: EndpointInput, creating: boolean): CheckedEndpointInput {
  const issues: ValidationIssue[] = [];
  const out: CheckedEndpointInput = {};
  if (input.url !== undefined || creating) {
    const checked = checkOutboundUrl((input.url ?? "").trim(), outboundPolicy());
    if (checked.ok) out.url = checked.url;
    else issues.push({ path: "url", message: checked.message });
  }
  if (input.description !== undefined) {
    const description = input.description.trim();
    if (description.length > ENDPOINT_LIMITS.descriptionMax)
      issues.push({ path: "description", message: `At most ${ENDPOINT_LIMITS.descriptionMax} characters.` });
    else out.description = description;
  }
  if (input.eventTypes !== undefined || creating) {
    const types = [...new Set(input.eventTypes ?? [])];
    const unknown = types.filter((t) => !isWebhookEventType(t));
    if (!types.length) issues.push({ path: "event_types", message: "Choose at least one event type." });
    else if (unknown.length) issues.push({ path: "event_types", message: `Unknown event type: ${unknown.slice(0, 3).join(", ")}.` });
    else out.eventTypes = types as WebhookEventType[];
  }
  if (input.enabled !== undefined) out.enabled = input.enabled;
  if (issues.length) throw new AppError("validation_failed", "The endpoint is not valid.", undefined, issues);
  return out;
}
