import { searchPage } from "@/components/portal/search-page";

export const GET = searchPage("suche");
