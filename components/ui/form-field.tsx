// The field's earlier name, for the screens not yet moved to the kit: the release form and the
// paid change (being changed elsewhere), the public intake and contact forms, the request modal
// and the newsletter sign-up. New code imports Field from ./field.
export { describedBy, Field as FormField, shownIssue } from "./field";
