import type { EmailClassification } from "@/lib/generated/prisma/client";

/** The admin area's words for the classification of a company address (spec 2.2, company_email_groups). */
export const CLASSIFICATION_LABEL: Record<EmailClassification, string> = {
  company: "Firmenadresse",
  agency: "Agentur",
  consumer_mail: "Freemail",
  role_address: "Funktionsadresse",
  unknown: "nicht lesbar",
};
