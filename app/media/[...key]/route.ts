import { publicMediaResponse } from "@/lib/adapters/public/media";

// GET /media/<key>: newsroom logos and deliverable release images, identical on every host (lib/adapters/public/media.ts says which keys).
export async function GET(_request: Request, { params }: { params: Promise<{ key: string[] }> }): Promise<Response> {
  return publicMediaResponse((await params).key.join("/"));
}
