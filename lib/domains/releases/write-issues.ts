import type { ReleaseIssue } from "./rules";

// What writeRelease refuses, in the release's words: the text rules (rules.ts) and the rules
// that need the database (newsroom, portal, category, time, deliverable contact address).

export type PlacementIssue =
  | { field: "newsroom"; rule: "required" | "not_yours" }
  | { field: "portal"; rule: "required" | "not_on_portal"; portals?: string[] }
  | { field: "language"; rule: "required" }
  | { field: "category"; rule: "required" | "not_active"; slug?: string; portal?: string }
  | { field: "scheduledAt"; rule: "required" | "in_past" }
  | { field: "aiDeclaration"; rule: "required" }
  | { field: "contactEmail"; rule: "undeliverable" };

export type WriteIssue = ReleaseIssue | PlacementIssue;
export type WriteField = WriteIssue["field"];
