"use client";

import { useActionState, useState } from "react";
import { IdentityProofFields } from "@/components/security/identity-proof-fields";
import { useFormAction } from "@/components/security/use-form-action";
import { Button } from "@/components/ui/button";
import { describedBy, Field } from "@/components/ui/field";
import { FormActions } from "@/components/ui/form-actions";
import { FormMessage } from "@/components/ui/form-message";
import { LinkButton } from "@/components/ui/link-button";
import type { EndpointFormState } from "@/lib/adapters/dashboard/webhooks";
import type { ProofKind } from "@/lib/domains/accounts/identity-proof";
import { WebhookEventTypes } from "./webhook-event-types";
import { WebhookSecretOnce } from "./webhook-secret-once";

interface NewsroomChoice {
  id: number;
  name: string;
}

interface EndpointValues {
  url: string;
  description: string;
  eventTypes: string[];
}

type Props = {
  action: (prev: EndpointFormState | null, form: FormData) => Promise<EndpointFormState>;
  /** Accepted identity-proof kinds (those of an API token): a new secret or a new address needs one. */
  proofKinds: ProofKind[];
  /** The session proved itself minutes ago: no new proof is asked. */
  fresh: boolean;
  /** This installation also sends to http://localhost (the embedded default). */
  allowLocalhost: boolean;
} & ({ mode: "create"; newsrooms: NewsroomChoice[]; newsroomId: number | null } | { mode: "edit"; endpoint: EndpointValues });

/**
 * Creates or edits a webhook endpoint: address, description, event types (and, when creating,
 * whether it starts switched on). A new endpoint's secret is shown once in its place.
 */
export function WebhookEndpointForm(props: Props) {
  return props.mode === "create" ? <CreateForm {...props} /> : <EditForm {...props} />;
}

/** The answer holds the new secret: it stays in the browser (useFormAction), never posted back. */
function CreateForm(props: Props & { mode: "create" }) {
  const [state, formAction, pending] = useFormAction(props.action);
  if (state?.ok && state.secret) {
    return (
      <>
        <FormMessage result={state} />
        <WebhookSecretOnce id="new-webhook-secret" secret={state.secret} />
        <FormActions>
          <LinkButton href={`/dashboard/webhooks/${state.endpointId}`}>Zum Endpunkt</LinkButton>
          <LinkButton href="/dashboard/webhooks" variant="secondary">
            Alle Webhooks
          </LinkButton>
        </FormActions>
      </>
    );
  }
  return <EndpointFields key={state?.attempt ?? 0} props={props} state={state} formAction={formAction} pending={pending} />;
}

/**
 * The answers hold no secret, so the server action is the form's own: description and events
 * are saved even before the page's script ran (a new address needs the proof, which needs it).
 */
function EditForm(props: Props & { mode: "edit" }) {
  const [state, formAction, pending] = useActionState(props.action, null);
  return <EndpointFields key={state?.answerId ?? "stored"} props={props} state={state} formAction={formAction} pending={pending} />;
}

function EndpointFields({
  props,
  state,
  formAction,
  pending,
}: {
  props: Props;
  state: EndpointFormState | null;
  formAction: (form: FormData) => void;
  pending: boolean;
}) {
  const saved = props.mode === "edit" ? props.endpoint : { url: "", description: "", eventTypes: [] };
  // After a refusal the form shows what was sent; otherwise what is stored.
  const values = state && !state.ok && state.values ? state.values : saved;
  const [url, setUrl] = useState(values.url);
  const needsProof = props.mode === "create" || url.trim() !== saved.url;
  const issue = (field: string) => state?.issues?.[field];
  const prefix = props.mode === "create" ? "new-webhook" : "edit-webhook";
  return (
    <form
      action={formAction}
      className="form"
      aria-label={props.mode === "create" ? "Webhook-Endpunkt anlegen" : "Webhook-Endpunkt bearbeiten"}
    >
      <FormMessage result={state} />
      {props.mode === "create" ? (
        props.newsrooms.length > 1 ? (
          <Field id={`${prefix}-newsroom`} label="Newsroom" hint="Der Endpunkt erhält die Ereignisse dieses Newsrooms.">
            <select
              id={`${prefix}-newsroom`}
              name="newsroom"
              defaultValue={String(props.newsroomId ?? props.newsrooms[0]!.id)}
              {...describedBy(`${prefix}-newsroom`, undefined, true)}
            >
              {props.newsrooms.map((n) => (
                <option key={n.id} value={n.id}>
                  {n.name}
                </option>
              ))}
            </select>
          </Field>
        ) : (
          <p className="meta">
            <input type="hidden" name="newsroom" value={props.newsrooms[0]?.id ?? ""} />
            Für den Newsroom <strong>{props.newsrooms[0]?.name}</strong>
          </p>
        )
      ) : null}
      <Field
        id={`${prefix}-url`}
        label="URL"
        issue={issue("url")}
        hint={
          <>
            Die Adresse Ihres Servers, an die Pressdesk jede Nachricht per POST sendet. Sie muss mit <code>https://</code> beginnen
            {props.allowLocalhost ? (
              <>
                ; auf dieser lokalen Installation geht auch <code>http://localhost</code>
              </>
            ) : null}
            .
          </>
        }
      >
        <input
          id={`${prefix}-url`}
          name="url"
          type="url"
          required
          maxLength={2000}
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          placeholder="https://example.com/webhooks/pressdesk"
          value={url}
          onChange={(e) => setUrl(e.target.value)}
          {...describedBy(`${prefix}-url`, issue("url"), true)}
        />
      </Field>
      <Field
        id={`${prefix}-description`}
        label="Beschreibung (optional)"
        hint="Wofür der Endpunkt da ist, z. B. „Redaktionssystem“ – nur für Sie und Ihr Team."
        issue={issue("description")}
      >
        <textarea
          id={`${prefix}-description`}
          name="description"
          className="short"
          maxLength={500}
          defaultValue={values.description}
          {...describedBy(`${prefix}-description`, issue("description"), true)}
        />
      </Field>
      <WebhookEventTypes id={`${prefix}-events`} defaultSelected={values.eventTypes} issue={issue("event_types")} />
      {props.mode === "create" ? (
        <div>
          <label className="checkbox">
            <input
              type="checkbox"
              name="enabled"
              value="yes"
              defaultChecked={state?.values ? state.values.enabled : true}
              aria-describedby={`${prefix}-enabled-hint`}
            />
            Sofort einschalten
          </label>
          <p className="hint" id={`${prefix}-enabled-hint`}>
            Ausgeschaltet erhält der Endpunkt nichts, bis Sie ihn auf seiner Seite einschalten.
          </p>
        </div>
      ) : null}
      {needsProof ? (
        <>
          {props.mode === "edit" ? (
            <p className="hint">
              Eine neue Adresse erhält ab dann alle Nachrichten dieses Endpunkts. Bestätigen Sie dafür Ihre Identität, wie bei einem
              API-Token.
            </p>
          ) : null}
          <IdentityProofFields
            id={`${prefix}-proof`}
            kinds={props.proofKinds}
            fresh={props.fresh && state?.code !== "identity_proof_required"}
            initialKind={state?.proofKind}
            issue={issue("proof")}
          />
        </>
      ) : null}
      <FormActions>
        <Button type="submit" disabled={pending}>
          {props.mode === "create" ? "Endpunkt anlegen" : "Änderungen speichern"}
        </Button>
      </FormActions>
    </form>
  );
}
