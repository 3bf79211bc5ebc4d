import { STATUS_LABELS } from "@/components/newsletter/labels";
import styles from "@/components/newsletter/newsletter.module.css";
import type { CampaignStatus } from "@/lib/generated/prisma/client";

export function NewsletterStatusBadge({ status }: { status: CampaignStatus }) {
  return <span className={`badge ${styles[`status-${status}`] ?? ""}`}>{STATUS_LABELS[status]}</span>;
}
