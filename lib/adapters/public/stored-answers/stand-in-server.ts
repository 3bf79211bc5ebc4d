// Test helper: a local server standing in for this server's own address (PD_INTERNAL_ORIGIN),
// with the store following invalidations as on a production server.
import { createServer, type RequestListener } from "node:http";
import type { AddressInfo } from "node:net";
import { markPublicCacheActive } from "@/lib/adapters/public/invalidation-poller";

/** Starts the stand-in with `listener`; the returned function stops it and forgets the address. */
export async function standInForOwnAddress(listener: RequestListener): Promise<() => Promise<void>> {
  const server = createServer(listener);
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  process.env.PD_INTERNAL_ORIGIN = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  markPublicCacheActive();
  return async () => {
    delete process.env.PD_INTERNAL_ORIGIN;
    await new Promise((r) => server.close(r));
  };
}
