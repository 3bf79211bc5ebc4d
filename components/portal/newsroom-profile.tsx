import type { newsroomPageData } from "@/lib/adapters/public/newsroom-page";
import type { Edition } from "@/lib/domains/sites";
import { NewsroomLogo } from "./newsroom-logo";

type Data = NonNullable<Awaited<ReturnType<typeof newsroomPageData>>>;

const TEXT = {
  de: { contact: "Kontakt", address: "Anschrift", website: "Website", contacts: "Pressekontakte" },
  en: { contact: "Contact", address: "Address", website: "Website", contacts: "Press contacts" },
} as const;

/** A phone number as a tel: address: digits and a leading plus only. */
const telHref = (phone: string) => `tel:${phone.trim().startsWith("+") ? "+" : ""}${phone.replace(/\D/g, "")}`;
/** Shown unbroken: non-breaking spaces and hyphens keep a number on one line. */
const telText = (phone: string) => phone.trim().replace(/\s+/g, "\u00a0").replace(/-/g, "\u2011");

/** Top of a newsroom page: logo, name, description (edition rule). */
export function NewsroomHeader({ data }: { data: Data }) {
  const { company, profile } = data;
  return (
    <header className="newsroom-header">
      <NewsroomLogo name={company.name} src={profile.logoUrl} size="large" lazy={false} />
      <div>
        <h1>{company.name}</h1>
        {profile.description ? <p className="lead">{profile.description}</p> : null}
      </div>
    </header>
  );
}

/** Website, postal address and press contacts (the default contact first); nothing when the profile has none. */
export function NewsroomContact({ data, edition }: { data: Data; edition: Edition }) {
  const { profile, company } = data;
  const t = TEXT[edition];
  if (!profile.website && !profile.address && !profile.contacts.length) return null;
  const a = profile.address;
  return (
    <section className="newsroom-contact" aria-labelledby="newsroom-contact-heading">
      <h2 id="newsroom-contact-heading">{t.contact}</h2>
      <dl className="facts">
        {profile.website ? (
          <>
            <dt>{t.website}</dt>
            <dd>
              <a href={profile.website.href} rel="nofollow noopener">
                {profile.website.label}
              </a>
            </dd>
          </>
        ) : null}
        {a ? (
          <>
            <dt>{t.address}</dt>
            <dd>
              <address>
                {company.name}
                {a.street ? (
                  <>
                    <br />
                    {a.street}
                  </>
                ) : null}
                {a.postalCode || a.city ? (
                  <>
                    <br />
                    {[a.postalCode, a.city].filter(Boolean).join(" ")}
                  </>
                ) : null}
                {a.country ? (
                  <>
                    <br />
                    {a.country}
                  </>
                ) : null}
              </address>
            </dd>
          </>
        ) : null}
      </dl>
      {profile.contacts.length ? (
        <>
          <h3>{t.contacts}</h3>
          <ul className="newsroom-contacts">
            {profile.contacts.map((c) => (
              <li key={c.id}>
                <p>
                  <strong>{c.name}</strong>
                  {c.role ? (
                    <>
                      <br />
                      {c.role}
                    </>
                  ) : null}
                  <br />
                  <a href={`mailto:${c.email}`}>{c.email}</a>
                  {c.phone ? (
                    <>
                      <br />
                      <a href={telHref(c.phone)}>{telText(c.phone)}</a>
                    </>
                  ) : null}
                </p>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
