-- Extra headers an e-mail is sent with, as a JSON object of name and value.
-- The abandoned-checkout reminder carries List-Unsubscribe and List-Unsubscribe-Post (RFC 8058 one-click).
-- Null for every other e-mail.
ALTER TABLE "EmailMessage" ADD COLUMN "headers" JSONB;
