type Schema = {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  description?: string;
  minimum?: number;
  maximum?: number;
  default?: unknown;
};
type Parameter = { name: string; in: string; required?: boolean; description?: string; schema?: Schema };
export type Operation = {
  operationId?: string;
  summary?: string;
  description?: string;
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
  responses?: Record<string, { description?: string; content?: Record<string, { schema?: Schema }> }>;
};

const refName = (s?: Schema) => s?.$ref?.split("/").at(-1);

function typeOf(s?: Schema): string {
  if (!s) return "";
  if (s.enum) return s.enum.map(String).join(" | ");
  const range = s.minimum !== undefined || s.maximum !== undefined ? ` (${s.minimum ?? ""}–${s.maximum ?? ""})` : "";
  return `${Array.isArray(s.type) ? s.type.join(" | ") : (s.type ?? refName(s) ?? "")}${range}`;
}

/** One operation of the v1 description, rendered from the OpenAPI file itself. */
export function OperationDoc({ method, path, op }: { method: string; path: string; op: Operation }) {
  const body = refName(op.requestBody?.content?.["application/json"]?.schema);
  return (
    <section className="card" id={op.operationId} aria-labelledby={`${op.operationId}-title`}>
      <h3 id={`${op.operationId}-title`}>
        <code>
          {method.toUpperCase()} {path}
        </code>
      </h3>
      <p>{op.summary}</p>
      {op.description ? <p>{op.description}</p> : null}
      {op.parameters?.length ? (
        <table>
          <thead>
            <tr>
              <th>Parameter</th>
              <th>In</th>
              <th>Type</th>
              <th>Description</th>
            </tr>
          </thead>
          <tbody>
            {op.parameters.map((p) => (
              <tr key={`${p.in}-${p.name}`}>
                <td>
                  <code>{p.name}</code>
                  {p.required ? " *" : ""}
                </td>
                <td>{p.in}</td>
                <td>{typeOf(p.schema)}</td>
                <td>{p.description ?? p.schema?.description ?? ""}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {body ? (
        <p>
          Request body:{" "}
          <a href={`#schema-${body}`}>
            <code>{body}</code>
          </a>{" "}
          (JSON)
        </p>
      ) : null}
      <ul>
        {Object.entries(op.responses ?? {}).map(([status, r]) => {
          const schema = refName(r.content?.["application/json"]?.schema);
          return (
            <li key={status}>
              <strong>{status}</strong> {r.description}{" "}
              {schema ? (
                <a href={`#schema-${schema}`}>
                  <code>{schema}</code>
                </a>
              ) : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
