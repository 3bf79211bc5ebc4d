import Link from "next/link";
import { Button } from "@/components/ui/button";
import { ADMIN_SEARCH_MAX } from "@/lib/adapters/admin/list-query";

/**
 * The search of the newsroom and account lists as a plain GET form, with the count of what it
 * found: "3 Newsrooms zu „hafen“", and a way back to the whole list.
 */
export function AdminListSearch({
  path,
  id,
  q,
  label,
  found,
}: {
  path: string;
  id: string;
  q: string;
  label: string;
  found: { total: number; one: string; many: string };
}) {
  return (
    <>
      <form method="get" action={path} role="search" aria-label={`${found.many} suchen`} className="search">
        <label htmlFor={id} className="visually-hidden">
          {label}
        </label>
        <input id={id} name="q" type="search" defaultValue={q} maxLength={ADMIN_SEARCH_MAX} placeholder={label} />
        <Button type="submit">Suchen</Button>
      </form>
      {q ? (
        <p className="meta">
          <Link href={path}>Suche zurücksetzen</Link>
        </p>
      ) : null}
      <p className="meta" role="status">
        {found.total === 1 ? `1 ${found.one}` : `${found.total.toLocaleString("de-DE")} ${found.many}`}
        {q ? ` zu „${q}“` : ""}
      </p>
    </>
  );
}
