import type { RoleDescription } from "@/lib/domains/companies/team";

/** What each role may, read from the one ability matrix (lib/domains/accounts/abilities/matrix.ts). */
export function RoleExplanations({ roles }: { roles: RoleDescription[] }) {
  return (
    <dl className="role-explanations">
      {roles.map((r) => (
        <div key={r.role}>
          <dt>{r.label}</dt>
          <dd>{r.explanation}</dd>
        </div>
      ))}
    </dl>
  );
}
