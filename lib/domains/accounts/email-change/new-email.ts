import { z } from "zod";

/** A new account address as typed: trimmed, lower-cased (addresses are stored so), valid. */
export const NewEmail = z.string().trim().toLowerCase().pipe(z.email().max(254));
