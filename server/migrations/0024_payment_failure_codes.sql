-- Why a card payment failed, as a message code beside the provider's English words, so the payer
-- reads the reason in their language (payments), and the offline processor reports it as Stripe does.
ALTER TABLE payments ADD COLUMN failure_code TEXT;
ALTER TABLE local_payment_intents ADD COLUMN last_error_code TEXT;
