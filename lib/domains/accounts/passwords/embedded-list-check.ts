import { readFile } from "node:fs/promises";
import { join } from "node:path";
import type { BreachedPasswordCheck } from "./breached-password-check";

// Read from the working directory like the repo's other data files, so Next traces the file
// into the server build; the embedded default always runs from the project root.
export const EMBEDDED_LIST_PATH = join(process.cwd(), "lib/domains/accounts/passwords/breached-passwords.txt");

const lists = new Map<string, Promise<Set<string>>>();

function load(path: string): Promise<Set<string>> {
  let list = lists.get(path);
  if (!list) {
    list = readFile(path, "utf8").then(
      (text) =>
        new Set(
          text
            .split("\n")
            .filter((line) => line && !line.startsWith("#"))
            .map(normalize),
        ),
    );
    // A failed read must not stick: the next call tries again.
    list.catch(() => lists.delete(path));
    lists.set(path, list);
  }
  return list;
}

// Lower-cased, because "Password1234" is as guessable as "password1234" to a cracking list.
const normalize = (password: string) => password.normalize("NFC").toLowerCase();

/** The embedded default: a local list of well-known leaked passwords, no network. */
export function embeddedListBreachCheck(path = EMBEDDED_LIST_PATH): BreachedPasswordCheck {
  return {
    name: "embedded-list",
    async isBreached(password) {
      return (await load(path)).has(normalize(password));
    },
  };
}
