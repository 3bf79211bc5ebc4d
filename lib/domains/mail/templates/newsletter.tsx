import { Section } from "@react-email/components";
import { renderMail, type RenderedMail } from "../render-mail";
import { MailLayout, type MailLanguage } from "./layout";

export interface NewsletterMailProps {
  language: MailLanguage;
  subject: string;
  /** Sanitised at save time (lib/domains/newsletter/sanitize-newsletter-html.ts): p, br, b/strong, i/em, lists, links. */
  bodyHtml: string;
  /** The recipient's signed unsubscribe page (the List-Unsubscribe header carries the one-click twin). */
  unsubscribeUrl: string;
  /** The inbox preview line; the subject when not given. */
  preview?: string;
}

const content = { color: "#111827", fontSize: "15px", lineHeight: "24px" };

/**
 * A newsletter campaign inside the common frame, with the unsubscribe link in the footer. The
 * plain-text part is derived from the HTML (renderMail), so it spells out the body's links and
 * the unsubscribe link.
 */
export function newsletterMail(props: NewsletterMailProps): Promise<RenderedMail> {
  return renderMail(
    props.subject,
    <MailLayout language={props.language} preview={props.preview ?? props.subject} unsubscribeUrl={props.unsubscribeUrl}>
      <Section style={content}>
        {/* Already sanitised: the editor's few tags and http(s)/mailto links, nothing executable. */}
        <div dangerouslySetInnerHTML={{ __html: props.bodyHtml }} />
      </Section>
    </MailLayout>,
  );
}
