import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withoutInvisibleFormatting } from "@/lib/core/input/text";
import { GOOD_BODY } from "@/tests/release-fixtures";
import { checkText, type ClassifierInput } from "./classifier";
import { deterministicClassifier } from "./deterministic-classifier";
import { httpClassifier } from "./http-classifier";

// checkText is the check as the pipeline runs it (docs/release-lifecycle.md, "The classifier
// contract"): whatever classifier answers, what the images state and the visible text are judged
// by rules no classifier may miss. Written as the customer who hides an advert in an image credit
// or behind invisible characters, against a model that answers green for everything.

let server: Server;
let url: string;
const seen: ClassifierInput[] = [];

beforeAll(async () => {
  // The external classifier (CLASSIFIER_URL): a model that ignores `images` and finds nothing.
  server = createServer((req, res) => {
    let raw = "";
    req.on("data", (c) => (raw += c));
    req.on("end", () => {
      seen.push((JSON.parse(raw) as { input: ClassifierInput }).input);
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ result: "green", reasons: [] }));
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/classify`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const input = (over: Partial<ClassifierInput> = {}): ClassifierInput => ({
  title: "Beispiel AG eröffnet neues Werk",
  lead: null,
  bodyHtml: GOOD_BODY,
  location: "Berlin",
  contactEmail: "presse@beispiel.de",
  contactName: "Pressestelle",
  contactPhone: null,
  keywords: [],
  category: "Energie",
  language: "de",
  isDuplicateOfOtherNewsroom: false,
  images: [],
  ...over,
});
const SPAM_IMAGE = { alt: "UNGLAUBLICH!!! DIE BESTE SOFTWARE ALLER ZEITEN", credit: "© Foto: JETZT KAUFEN!!! www.example.com" };
const model = () => httpClassifier(url, undefined, "review-1", 5);
const codes = (c: { reasons: { code: string }[] }) => c.reasons.map((r) => r.code);

describe("what the images state, whatever classifier runs", () => {
  it("an external classifier that answers green does not let a spam credit or alt text through", async () => {
    const verdict = await checkText(model(), input({ images: [SPAM_IMAGE] }));
    expect(verdict.result).toBe("red");
    expect(verdict.classifier).toBe("http:review-1");
    expect(codes(verdict)).toEqual(expect.arrayContaining(["image_advertising", "image_shouting", "image_exclamations"]));
    expect(verdict.reasons.find((r) => r.code === "image_advertising")!.message).toBe(
      "Bildnachweis oder Bildbeschreibung lesen sich wie Werbung.",
    );
    // The model was shown the images all the same (the contract's `images`).
    expect(seen.at(-1)!.images).toEqual([SPAM_IMAGE]);
  });

  it("the same with the built-in classifier; an honest credit, an agency in capitals and an emoji stay green", async () => {
    expect((await checkText(deterministicClassifier, input({ images: [SPAM_IMAGE] }))).result).toBe("red");
    const honest = [
      { alt: "Das neue Werk in Brandenburg 🏭", credit: "© Foto: Anna Beispiel" },
      { alt: null, credit: "© DEUTSCHE PRESSE-AGENTUR GMBH · KI-generiert" },
    ];
    expect(await checkText(deterministicClassifier, input({ images: honest }))).toMatchObject({ result: "green", reasons: [] });
    expect(await checkText(model(), input({ images: honest }))).toMatchObject({ result: "green" });
  });

  it("control and private-use characters in a credit or alt text are unreadable like in the text", async () => {
    const verdict = await checkText(model(), input({ images: [{ alt: "Werk\u0007", credit: "© Foto \uE000" }] }));
    expect(verdict.result).toBe("red");
    expect(codes(verdict)).toContain("unreadable_characters");
  });
});

describe("invisible characters", () => {
  it("do not hide an advert from the rules: zero-width space, word joiner and soft hyphen are taken out first", async () => {
    const hidden = input({ lead: "Jetzt\u200Bkaufen und nur\u2060heute gra\u00ADtis" });
    expect(codes(await checkText(deterministicClassifier, hidden))).toContain("advertising");
    const inCredit = input({ images: [{ alt: "Klicken\u200B Sie\u200B hier", credit: "© Foto: Jetzt\u200B kaufen" }] });
    expect(codes(await checkText(model(), inCredit))).toContain("image_advertising");
    // The external classifier is shown the visible text too.
    expect(seen.at(-1)!.images[0]).toEqual({ alt: "Klicken Sie hier", credit: "© Foto: Jetzt kaufen" });
  });

  it("a zero-width joiner inside an emoji stays; elsewhere it goes", () => {
    expect(withoutInvisibleFormatting("Team 👩\u200D💻 und 👨🏽\u200D🔬")).toBe("Team 👩\u200D💻 und 👨🏽\u200D🔬");
    expect(withoutInvisibleFormatting("jetzt\u200Dkaufen \u202Eabc\u202C \uFEFFx")).toBe("jetztkaufen abc x");
  });
});
