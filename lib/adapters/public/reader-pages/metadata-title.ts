import type { Metadata } from "next";

/** The page title a Metadata object names: a plain title, an absolute one, or a template's default. */
export function metadataTitle(title: Metadata["title"]): string | undefined {
  if (typeof title === "string") return title;
  if (title && typeof title === "object" && "absolute" in title) return title.absolute;
  if (title && typeof title === "object" && "default" in title) return title.default;
  return undefined;
}
