import type { ClassifierInput, ReviewReason } from "./classifier";
import { ADVERTISING, shoutingRatio } from "./deterministic-classifier";

// What a release's images state (alt text, and the credit line shown under each picture and
// burned into the og image shared on social media) is judged by these rules whatever classifier
// runs: a model behind CLASSIFIER_URL may ignore `images`, so nothing would guarantee that an
// advert in a credit line is seen. Applied by checkText (lib/domains/review/classifier.ts) to every
// check; unreadable characters in image texts are the readable-prose rule's (readable-prose.ts).

export function imageTextReasons(input: ClassifierInput): ReviewReason[] {
  if (!input.images.length) return [];
  const de = input.language === "de";
  const reasons: ReviewReason[] = [];
  const add = (code: string, severity: "red" | "yellow", messageDe: string, messageEn: string) =>
    reasons.push({ code, severity, message: de ? messageDe : messageEn });
  const texts = input.images.flatMap((i) => [i.alt ?? "", i.credit]);

  const adHits = ADVERTISING.filter((re) => texts.some((t) => re.test(t))).length;
  if (adHits >= 2)
    add(
      "image_advertising",
      "red",
      "Bildnachweis oder Bildbeschreibung lesen sich wie Werbung.",
      "An image credit or alt text reads like an advert.",
    );
  else if (adHits === 1)
    add(
      "image_advertising_hint",
      "yellow",
      "Eine Formulierung in Bildnachweis oder Bildbeschreibung klingt nach Werbung.",
      "A phrase in an image credit or alt text sounds like advertising.",
    );

  // Alt text describes the picture; a credit names a rights holder, often in capitals ("© DEUTSCHE
  // PRESSE-AGENTUR"), so only alt text is judged for capitals (adverts and marks in either).
  if (input.images.some((i) => shoutingRatio(i.alt ?? "") > 0.6)) {
    add("image_shouting", "red", "Eine Bildbeschreibung ist in Großbuchstaben geschrieben.", "An image's alt text is written in capitals.");
  }
  if (texts.some((t) => /[!?]{2,}/.test(t)))
    add(
      "image_exclamations",
      "red",
      "Mehrfache Ausrufe- oder Fragezeichen in Bildnachweis oder Bildbeschreibung.",
      "Repeated exclamation or question marks in an image credit or alt text.",
    );
  return reasons;
}
