-- CreateTable
CREATE TABLE "company_email_matches" (
    "id" SERIAL NOT NULL,
    "company_id" INTEGER NOT NULL,
    "user_id" INTEGER NOT NULL,
    "email" TEXT NOT NULL,
    "matched_on" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "company_email_matches_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "company_email_matches_user_id_idx" ON "company_email_matches"("user_id");

-- CreateIndex
CREATE UNIQUE INDEX "company_email_matches_company_id_user_id_key" ON "company_email_matches"("company_id", "user_id");

-- AddForeignKey
ALTER TABLE "company_email_matches" ADD CONSTRAINT "company_email_matches_company_id_fkey" FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "company_email_matches" ADD CONSTRAINT "company_email_matches_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
