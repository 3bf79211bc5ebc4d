import type { CompanyRole } from "@/lib/generated/prisma/client";
import { renderMail, type RenderedMail } from "../render-mail";
import { MailLayout, type MailLanguage } from "./layout";
import { Action, formatDateTime, P, type Copy } from "./parts";
import { plainName } from "./registration";

export interface TeamInvitationMailProps {
  language: MailLanguage;
  /** The inviting owner's name as stored; only its plain part is repeated. */
  inviterName: string;
  newsroomName: string;
  role: CompanyRole;
  /** The invitation page's token URL (app/hub/invitation/[token]), used exactly as given. */
  url: string;
  expiresAt: Date;
}

const ROLE: Copy<Record<CompanyRole, string>> = {
  de: { owner: "Inhaber/in", responsible: "Verantwortliche/r", member: "Mitglied" },
  en: { owner: "owner", responsible: "responsible", member: "member" },
};

const COPY: Copy<{
  subject: (newsroom: string) => string;
  intro: (inviter: string, newsroom: string, role: string) => string;
  what: string;
  valid: (until: string) => string;
  action: string;
  ignore: string;
}> = {
  de: {
    subject: (newsroom) => (newsroom ? `Einladung in den Newsroom ${newsroom}` : "Einladung in einen Newsroom"),
    intro: (inviter, newsroom, role) =>
      `${inviter || "Eine Inhaberin oder ein Inhaber"} lädt Sie in den Newsroom „${newsroom}“ bei Pressdesk ein, mit der Rolle ${role}.`,
    what: "Als Teil des Teams schreiben Sie Pressemitteilungen für diesen Newsroom; was Ihre Rolle darüber hinaus erlaubt, steht auf der Einladungsseite.",
    valid: (until) =>
      `Die Einladung gilt bis zum ${until} und nur einmal. Haben Sie noch kein Konto, legen Sie es über den Link mit dieser Adresse an.`,
    action: "Einladung ansehen",
    ignore: "Sie kennen den Newsroom nicht? Dann ignorieren Sie diese Nachricht; ohne Ihre Zustimmung geschieht nichts.",
  },
  en: {
    subject: (newsroom) => (newsroom ? `Invitation to the newsroom ${newsroom}` : "Invitation to a newsroom"),
    intro: (inviter, newsroom, role) => `${inviter || "An owner"} invites you to the newsroom "${newsroom}" on Pressdesk, as ${role}.`,
    what: "As part of the team you write press releases for this newsroom; what else your role allows is shown on the invitation page.",
    valid: (until) =>
      `The invitation works once, until ${until}. If you have no account yet, create one with this address through the link.`,
    action: "View invitation",
    ignore: "Do not know this newsroom? Ignore this message; nothing happens without your consent.",
  },
};

/**
 * An owner's invitation into a newsroom: who invites, to which newsroom, with which role, the
 * button and how long it works. Names are typed in by customers, so only their plain part is
 * repeated (a "name" must not smuggle a link into our words).
 */
export async function teamInvitationMail(props: TeamInvitationMailProps): Promise<RenderedMail> {
  const t = COPY[props.language];
  const newsroom = plainName(props.newsroomName);
  const intro = t.intro(plainName(props.inviterName), newsroom, ROLE[props.language][props.role]);
  return renderMail(
    t.subject(newsroom),
    <MailLayout language={props.language} preview={intro}>
      <P>{intro}</P>
      <P>{t.what}</P>
      <P>{t.valid(formatDateTime(props.expiresAt, props.language))}</P>
      <Action href={props.url}>{t.action}</Action>
      <P>{t.ignore}</P>
    </MailLayout>,
  );
}
