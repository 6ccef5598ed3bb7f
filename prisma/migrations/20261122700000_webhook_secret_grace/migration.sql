-- AlterTable
ALTER TABLE "Project" ADD COLUMN     "previousWebhookSecret" TEXT,
ADD COLUMN     "previousWebhookSecretUntil" TIMESTAMP(3);

-- AlterTable
ALTER TABLE "WebhookAttempt" ADD COLUMN     "responseExcerpt" TEXT;

