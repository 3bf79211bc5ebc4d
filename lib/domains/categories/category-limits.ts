// The lengths of a category's editable texts, apart from their schema so the browser's form can
// show them without loading zod.

export const CATEGORY_NAME_MAX = 80;
/** A lead paragraph under the category's heading, also its meta description. */
export const CATEGORY_DESCRIPTION_MAX = 600;
