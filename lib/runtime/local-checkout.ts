import { provideLocalWebhookReceiver } from "@/lib/domains/billing/provider/local-provider";
import { receiveStripeWebhook } from "@/lib/domains/billing/webhook/receive-stripe-webhook";

// The embedded default's checkout sends its signed events to the receiver Stripe's reach.
provideLocalWebhookReceiver(receiveStripeWebhook);
