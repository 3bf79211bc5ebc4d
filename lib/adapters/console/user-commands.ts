import { resetSecondFactor } from "@/lib/domains/accounts/two-factor/reset-second-factor";
import { db } from "@/lib/core/db/client";
import { isAcceptableText } from "@/lib/core/input/text";
import { defineCommand, wrongCall } from "./registry";

// Account care from the server's shell: for when nobody can do it in the admin area, e.g. the
// last super-admin lost the passkey the sign-in asks for.

const RESET_USAGE = "users:reset-second-factor <email>";

export const resetSecondFactorCommand = defineCommand({
  description: "Remove an account's second factor (authenticator app, recovery codes, passkeys), as a super-admin's reset does.",
  usage: RESET_USAGE,
  help: [
    "",
    "The same reset as on /admin/users/{id}: the app secret, the recovery codes and the passkeys go,",
    "the account address is told by mail, and the activity log records it (actor System, path console).",
    "The account signs in with its password or a login link and sets up a first factor again. For",
    "staff who lost theirs, AUTH_REQUIRE_STRONG_ADMIN=false is the other way back (docs/authentication.md).",
  ],
  maxPositional: 1,
  async run(args, io) {
    const email = (args.positional[0] ?? "").trim().toLowerCase();
    if (!email || email.length > 320 || !isAcceptableText(email) || !email.includes("@"))
      return wrongCall(io, RESET_USAGE, "Name the account by its e-mail address.");
    const user = await db.user.findUnique({ where: { email }, select: { id: true, deletedAt: true } });
    if (!user || user.deletedAt) return wrongCall(io, RESET_USAGE, `No account has the address ${email}.`);
    const { wasEnabled } = await resetSecondFactor("console", user.id);
    io.out(
      `reset the second factor of ${email} (user ${user.id}): authenticator app ${wasEnabled ? "removed" : "was not set up"}, recovery codes and passkeys removed; the account address is told when anything was removed`,
    );
    return 0;
  },
});
