-- CreateIndex
CREATE INDEX "webhook_deliveries_endpoint_id_status_next_attempt_at_idx" ON "webhook_deliveries"("endpoint_id", "status", "next_attempt_at");
