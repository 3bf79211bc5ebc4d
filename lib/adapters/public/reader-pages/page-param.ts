/** `?page=N` of a list: 1 when absent, null (404) when it is not a page number up to `max`. */
export function readPageParam(search: URLSearchParams, max: number): number | null {
  const values = search.getAll("page");
  if (!values.length) return 1;
  if (values.length > 1 || !/^[1-9]\d{0,5}$/.test(values[0]!)) return null;
  const page = Number(values[0]);
  return page <= max ? page : null;
}

/** The query as Next hands it to pages: one value as a string, a repeated one as a list. */
export function searchRecord(search: URLSearchParams): Record<string, string | string[]> {
  const record: Record<string, string | string[]> = {};
  for (const key of new Set(search.keys())) {
    const values = search.getAll(key);
    record[key] = values.length > 1 ? values : values[0]!;
  }
  return record;
}
