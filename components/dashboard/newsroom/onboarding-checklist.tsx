import Link from "next/link";
import type { OnboardingStep } from "@/lib/domains/companies/profile/load-newsroom-profile";

const TEXT: Record<OnboardingStep["key"], { title: string; todo: string; done: string }> = {
  profile: { title: "Newsroom angelegt", todo: "", done: "Name, Anschrift und Beschreibung stehen." },
  logo: {
    title: "Logo",
    todo: "Empfohlen: Ihr Logo erscheint im Newsroom und neben jeder Pressemitteilung.",
    done: "Ihr Logo ist hinterlegt.",
  },
  contact: {
    title: "Pressekontakt",
    todo: "Legen Sie fest, wer Fragen der Redaktionen beantwortet.",
    done: "Ein Standardkontakt füllt neue Pressemitteilungen vor.",
  },
  booking: {
    title: "Paket mit Veröffentlichungskontingent",
    todo: "Zum Veröffentlichen brauchen Sie ein Paket: Es legt fest, wie viele Pressemitteilungen Sie im Monat veröffentlichen, und schaltet in den Paketen Business und Agentur die API frei. Monatlich kündbar. Entwürfe können Sie schon jetzt schreiben und zur Prüfung einreichen.",
    done: "Ihr Paket ist aktiv.",
  },
  release: {
    title: "Erste Pressemitteilung",
    todo: "Schreiben Sie Ihre erste Pressemitteilung. Jede wird vor der Veröffentlichung automatisch geprüft.",
    done: "Ihre erste Pressemitteilung ist erschienen.",
  },
};

/** "What is still needed to publish", in plain words (onboarding, after step 1). */
export function OnboardingChecklist({
  steps,
  quota,
  companyId,
}: {
  steps: OnboardingStep[];
  quota: { limit: number; remaining: number };
  companyId: number;
}) {
  const open = steps.filter((s) => !s.done && s.required).length;
  return (
    <section className="panel onboarding" aria-labelledby="next-steps">
      <h2 id="next-steps">{open ? "So geht es weiter" : "Ihr Newsroom ist bereit"}</h2>
      <ol className="checklist">
        {steps.map((s) => (
          <li key={s.key} className={s.done ? "done" : "open"}>
            <span className="check" aria-hidden="true">
              {s.done ? "✓" : ""}
            </span>
            <span>
              <strong>{TEXT[s.key].title}</strong>
              <span className="visually-hidden">
                {s.done ? " (erledigt)" : s.required ? " (noch offen, nötig zum Veröffentlichen)" : " (noch offen, empfohlen)"}
              </span>
              <br />
              <span className="meta">{s.done ? TEXT[s.key].done : TEXT[s.key].todo}</span>
              {s.key === "booking" && s.done ? (
                <span className="meta">
                  {" "}
                  Diesen Monat noch {quota.remaining} von {quota.limit} Veröffentlichungen.
                </span>
              ) : null}
              {s.key === "booking" && !s.done ? (
                <>
                  {" "}
                  <Link href="/dashboard/billing">Paket wählen</Link>
                </>
              ) : null}
              {s.key === "logo" && !s.done ? (
                <>
                  {" "}
                  <a href="#logo-section">Logo hochladen</a>
                </>
              ) : null}
              {s.key === "contact" && !s.done ? (
                <>
                  {" "}
                  <a href="#contacts-section">Pressekontakt anlegen</a>
                </>
              ) : null}
              {s.key === "release" && !s.done ? (
                <>
                  {" "}
                  <Link href={`/dashboard/releases/new?newsroom=${companyId}`}>Pressemitteilung schreiben</Link>
                </>
              ) : null}
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}
