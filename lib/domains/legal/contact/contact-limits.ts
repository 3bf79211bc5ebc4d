// Pure: the contact form shows the same limits the domain checks.

/** Contact messages are conversations, not reports: a short question is fine. */
export const CONTACT_TEXT_MIN = 10;
