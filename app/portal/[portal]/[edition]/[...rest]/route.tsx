import { readerPage } from "@/components/portal/reader-route";

// Any other path of an edition: the reader's 404 page, static like every reader page.
export const GET = readerPage({ load: () => Promise.resolve(null), metadata: () => ({}), body: () => null });
