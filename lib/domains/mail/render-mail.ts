import { render, toPlainText } from "@react-email/render";
import type { ReactElement } from "react";

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

/** One template rendered as the HTML part and the plain-text part of a mail. */
export async function renderMail(subject: string, element: ReactElement): Promise<RenderedMail> {
  const html = await render(element);
  return { subject, html, text: toPlainText(html).trim() };
}
