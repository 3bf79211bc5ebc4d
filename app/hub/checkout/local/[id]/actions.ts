"use server";

import { redirect } from "next/navigation";
import { abandonLocalCheckout, payLocalCheckout } from "@/lib/billing/provider/local-provider";

export async function payAction(id: string): Promise<void> {
  redirect(await payLocalCheckout(id));
}

export async function abandonAction(id: string): Promise<void> {
  redirect(await abandonLocalCheckout(id));
}
