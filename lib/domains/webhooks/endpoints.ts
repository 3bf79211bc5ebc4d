import { db, type Tx } from "@/lib/core/db/client";
import { AppError, forbidden, notFound } from "@/lib/core/errors/errors";
import { companyAbilities } from "@/lib/domains/accounts/abilities";
import { checkEndpointInput, ENDPOINT_LIMITS, type EndpointInput } from "./endpoint-input";
import { newSigningSecret, sealSigningSecret } from "./secrets";

// Webhook endpoints of a newsroom (docs/webhooks.md): managed by whoever holds manageWebhooks
// (the owner, lib/domains/accounts/abilities/matrix.ts). A person outside the newsroom learns
// nothing: the endpoint is "not found" for them, as in the rest of the API.

export const ENDPOINT_SELECT = {
  id: true,
  companyId: true,
  url: true,
  description: true,
  eventTypes: true,
  enabled: true,
  disabledAt: true,
  disabledReason: true,
  failingSince: true,
  previousSecretExpiresAt: true,
  createdAt: true,
  updatedAt: true,
} as const;

export type WebhookEndpointView = {
  id: number;
  companyId: number;
  url: string;
  description: string;
  eventTypes: string[];
  enabled: boolean;
  disabledAt: Date | null;
  disabledReason: string | null;
  failingSince: Date | null;
  previousSecretExpiresAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
};

/** How long a rotated-out secret keeps signing beside the new one. */
export const ROTATION_OVERLAP_MS = 24 * 60 * 60 * 1000;

async function assertManages(
  userId: number,
  companyId: number,
  client: Tx | typeof db = db,
  notFoundText = "Newsroom not found.",
): Promise<void> {
  const abilities = await companyAbilities(userId, companyId, client);
  if (!abilities.has("view")) throw notFound(notFoundText);
  if (!abilities.has("manageWebhooks")) throw forbidden("Only the newsroom's owners manage webhooks.");
}

/**
 * The endpoint, after checking that `userId` manages its newsroom's webhooks; locked FOR UPDATE
 * inside a transaction (after the check: a stranger takes no lock). An endpoint of another
 * newsroom reads exactly like one that does not exist.
 */
export async function endpointOf(userId: number, endpointId: number, tx?: Tx): Promise<WebhookEndpointView> {
  const client = tx ?? db;
  const found = await client.webhookEndpoint.findFirst({ where: { id: endpointId, deletedAt: null }, select: { companyId: true } });
  if (!found) throw notFound(ENDPOINT_NOT_FOUND);
  await assertManages(userId, found.companyId, client, ENDPOINT_NOT_FOUND);
  if (tx) await tx.$executeRaw`SELECT 1 FROM webhook_endpoints WHERE id = ${endpointId} FOR UPDATE`;
  const endpoint = await client.webhookEndpoint.findFirst({ where: { id: endpointId, deletedAt: null }, select: ENDPOINT_SELECT });
  if (!endpoint) throw notFound(ENDPOINT_NOT_FOUND);
  return endpoint;
}

const ENDPOINT_NOT_FOUND = "Webhook endpoint not found.";

export async function listWebhookEndpoints(userId: number, companyId: number): Promise<WebhookEndpointView[]> {
  await assertManages(userId, companyId);
  return db.webhookEndpoint.findMany({ where: { companyId, deletedAt: null }, select: ENDPOINT_SELECT, orderBy: { id: "asc" } });
}

/** Creates an endpoint; the secret is in the answer and nowhere else readable. */
export async function createWebhookEndpoint(opts: { userId: number; companyId: number } & EndpointInput) {
  const input = checkEndpointInput(opts, true);
  return db.$transaction(async (tx) => {
    await assertManages(opts.userId, opts.companyId, tx);
    // Serializes creations per newsroom, so the limit holds under concurrent requests.
    await tx.$executeRaw`SELECT 1 FROM companies WHERE id = ${opts.companyId} FOR UPDATE`;
    const count = await tx.webhookEndpoint.count({ where: { companyId: opts.companyId, deletedAt: null } });
    if (count >= ENDPOINT_LIMITS.perNewsroom)
      throw new AppError("conflict", `A newsroom has at most ${ENDPOINT_LIMITS.perNewsroom} webhook endpoints.`);
    const secret = newSigningSecret();
    const created = await tx.webhookEndpoint.create({
      data: {
        companyId: opts.companyId,
        url: input.url!,
        description: input.description ?? "",
        eventTypes: input.eventTypes!,
        enabled: input.enabled ?? true,
        disabledAt: input.enabled === false ? new Date() : null,
        disabledReason: input.enabled === false ? "owner" : null,
        secretSealed: "pending",
        createdByUserId: opts.userId,
      },
      select: { id: true },
    });
    const endpoint = await tx.webhookEndpoint.update({
      where: { id: created.id },
      data: { secretSealed: sealSigningSecret(secret, created.id) },
      select: ENDPOINT_SELECT,
    });
    return { endpoint, secret };
  });
}

/** Changes URL, description or event types. Switching on and off goes through setWebhookEndpointEnabled. */
export async function updateWebhookEndpoint(opts: { userId: number; endpointId: number } & Omit<EndpointInput, "enabled">) {
  const input = checkEndpointInput({ url: opts.url, description: opts.description, eventTypes: opts.eventTypes }, false);
  return db.$transaction(async (tx) => {
    await endpointOf(opts.userId, opts.endpointId, tx);
    return tx.webhookEndpoint.update({ where: { id: opts.endpointId }, data: input, select: ENDPOINT_SELECT });
  });
}

/** Deletes an endpoint: nothing more is sent to it; deliveries not yet made are dropped. */
export async function deleteWebhookEndpoint(opts: { userId: number; endpointId: number }): Promise<void> {
  await db.$transaction(async (tx) => {
    await endpointOf(opts.userId, opts.endpointId, tx);
    await tx.webhookEndpoint.update({ where: { id: opts.endpointId }, data: { deletedAt: new Date(), enabled: false } });
    await tx.webhookDelivery.updateMany({ where: { endpointId: opts.endpointId, status: "pending" }, data: { status: "failed" } });
  });
}

/**
 * A new secret; the old one keeps signing beside it for 24 hours, so receivers can switch without
 * losing a message. A second rotation within the overlap drops the oldest secret.
 */
export async function rotateWebhookSecret(opts: { userId: number; endpointId: number; now?: Date }) {
  const now = opts.now ?? new Date();
  return db.$transaction(async (tx) => {
    await endpointOf(opts.userId, opts.endpointId, tx);
    const current = await tx.webhookEndpoint.findUniqueOrThrow({ where: { id: opts.endpointId }, select: { secretSealed: true } });
    const secret = newSigningSecret();
    const endpoint = await tx.webhookEndpoint.update({
      where: { id: opts.endpointId },
      data: {
        secretSealed: sealSigningSecret(secret, opts.endpointId),
        previousSecretSealed: current.secretSealed,
        previousSecretExpiresAt: new Date(now.getTime() + ROTATION_OVERLAP_MS),
      },
      select: ENDPOINT_SELECT,
    });
    return { endpoint, secret };
  });
}
