// Throttles key on the client's address. Random addresses from a small range meet by chance
// (two tests of one file on one budget, now and then); a counter never does.
let issued = 0;

/** A client address no earlier call in this test file was given. */
export function uniqueClientIp(): string {
  issued++;
  return `198.51.${Math.floor(issued / 250) % 256}.${(issued % 250) + 1}`;
}
