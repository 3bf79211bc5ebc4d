import { NotFoundPanel } from "@/components/ui/not-found-panel";

export default function AdminNotFound() {
  return <NotFoundPanel back={{ href: "/admin", label: "Zur Übersicht der Verwaltung" }} />;
}
