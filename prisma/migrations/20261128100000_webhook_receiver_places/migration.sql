-- The per-receiver webhook cap shared by every process (issue 27): one row per place in use.
CREATE TABLE "WebhookReceiverPlace" (
    "destination" TEXT NOT NULL,
    "slot" INTEGER NOT NULL,
    "holder" TEXT NOT NULL,
    "until" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "WebhookReceiverPlace_pkey" PRIMARY KEY ("destination","slot")
);
