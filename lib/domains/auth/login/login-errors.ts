/** One refusal for every failed sign-in, so the answer does not tell which part was wrong. */
export class LoginRefusedError extends Error {
  override name = "LoginRefusedError";
  constructor() {
    super("The sign-in data is not correct.");
  }
}

/**
 * The password or passkey was right, but the account's address was never confirmed: until the
 * mailbox answers (a login link), nobody signs in with what an open account holds. Said only
 * after the credential matched, so it tells an outsider nothing.
 */
export class AddressNotVerifiedError extends Error {
  override name = "AddressNotVerifiedError";
  constructor() {
    super("Confirm the account's e-mail address first.");
  }
}
