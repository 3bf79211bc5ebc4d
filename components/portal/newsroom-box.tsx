import type { NewsroomBoxData } from "@/lib/adapters/public/newsroom-profile";
import type { Edition } from "@/lib/domains/sites";
import { NewsroomLogo } from "./newsroom-logo";

const HEADING = { de: "Über den Newsroom", en: "About the newsroom" } as const;

/** The compact newsroom box under a release: logo, name (to its newsroom page), description, website. */
export function NewsroomBox({ newsroom, edition }: { newsroom: NewsroomBoxData; edition: Edition }) {
  return (
    <aside className="newsroom-box" aria-labelledby="newsroom-box-heading">
      <h2 id="newsroom-box-heading">{HEADING[edition]}</h2>
      <div className="newsroom-box-body">
        <NewsroomLogo name={newsroom.name} src={newsroom.logoUrl} size="medium" />
        <div>
          <p className="newsroom-box-name">
            <a href={newsroom.href}>{newsroom.name}</a>
          </p>
          {newsroom.description ? <p>{newsroom.description}</p> : null}
          {newsroom.website ? (
            <p>
              <a href={newsroom.website.href} rel="nofollow noopener">
                {newsroom.website.label}
              </a>
            </p>
          ) : null}
        </div>
      </div>
    </aside>
  );
}
