-- AlterTable
ALTER TABLE "webhook_messages" ALTER COLUMN "payload" SET DATA TYPE JSON;
