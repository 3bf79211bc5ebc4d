import Link from "next/link";
import { Table } from "@/components/ui/table";
import type { WebhookEndpointView } from "@/lib/domains/webhooks/endpoints";
import { EndpointStatusBadge } from "./webhook-status-badge";
import styles from "./webhook.module.css";

/** A newsroom's webhook endpoints: address (to the endpoint's page), description, how many events, state. */
export function WebhookEndpointList({ caption, endpoints }: { caption: string; endpoints: WebhookEndpointView[] }) {
  return (
    <Table caption={caption}>
      <thead>
        <tr>
          <th scope="col">URL</th>
          <th scope="col">Beschreibung</th>
          <th scope="col">Ereignisse</th>
          <th scope="col">Status</th>
        </tr>
      </thead>
      <tbody>
        {endpoints.map((e) => (
          <tr key={e.id}>
            <td>
              <Link href={`/dashboard/webhooks/${e.id}`} className={styles.wrapAnywhere}>
                {e.url}
              </Link>
            </td>
            <td>{e.description || <span className="meta">–</span>}</td>
            <td>{e.eventTypes.length === 1 ? "1 Ereignis" : `${e.eventTypes.length} Ereignisse`}</td>
            <td>
              <EndpointStatusBadge endpoint={e} />
            </td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
