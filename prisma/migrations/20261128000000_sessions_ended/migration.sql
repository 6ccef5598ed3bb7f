-- Sign-out ends every session of the account (issue 27): sessions signed in before this are refused.
ALTER TABLE "User" ADD COLUMN "sessionsEndedAt" TIMESTAMP(3);
