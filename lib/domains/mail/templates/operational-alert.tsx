import { renderMail, type RenderedMail } from "../render-mail";
import { MailLayout } from "./layout";
import { P } from "./parts";

/** An operational alert to the operators (English: operators read logs and runbooks in English). */
export async function operationalAlertMail(props: {
  subject: string;
  detail: string;
  key: string;
  cooldownMinutes: number;
}): Promise<RenderedMail> {
  return renderMail(
    `[Pressdesk] ${props.subject}`,
    <MailLayout language="en" preview={props.subject}>
      <P>{props.detail}</P>
      <P>{`Alert key: ${props.key}. Further alerts of this key are held back for ${props.cooldownMinutes} minutes.`}</P>
    </MailLayout>,
  );
}
