// FakeResend in a process of its own, for benchmarks: its bookkeeping then does not count
// towards the sender's memory. Prints its base URL on stdout; answers "count" over IPC.
import { FakeResend } from "./fake-resend";

const provider = new FakeResend({ keepBodies: false });
process.stdout.write(`${await provider.start()}\n`);
process.on("message", (m) => {
  if (m === "count") process.send?.({ requests: provider.requests, keys: provider.byKey.size });
});
