/** One refusal for every failed sign-in, so the answer does not tell which part was wrong. */
export class LoginRefusedError extends Error {
  override name = "LoginRefusedError";
  constructor() {
    super("The sign-in data is not correct.");
  }
}
