import { NotFoundPanel } from "@/components/ui/not-found-panel";

export default function DashboardNotFound() {
  return <NotFoundPanel back={{ href: "/dashboard", label: "Zur Übersicht" }} />;
}
