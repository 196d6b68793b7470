-- Payments that can no longer buy anything (money with effect, docs/PAYMENTS.md).
-- A canceled payment's intent must be canceled at the card provider too; until that
-- is done `provider_canceled_at` is empty, and the payments follow-up retries it.
ALTER TABLE payments ADD COLUMN provider_canceled_at BIGINT;
UPDATE payments SET provider_canceled_at = updated_at WHERE status = 'canceled';
CREATE INDEX payments_cancel_at_provider ON payments (updated_at)
    WHERE status = 'canceled' AND provider_canceled_at IS NULL AND provider_intent_id IS NOT NULL;

-- A refund is made by an administrator or, for a success that arrived when its purpose could no
-- longer take effect, by the registry itself (`cause` = 'without_effect', no administrator).
ALTER TABLE payment_refunds ALTER COLUMN admin_user_id DROP NOT NULL;
ALTER TABLE payment_refunds ADD COLUMN cause TEXT NOT NULL DEFAULT 'administrator'
    CHECK (cause IN ('administrator', 'without_effect'));
ALTER TABLE payment_refunds ADD CONSTRAINT payment_refunds_actor
    CHECK ((cause = 'administrator') = (admin_user_id IS NOT NULL));
CREATE INDEX payment_refunds_pending ON payment_refunds (created_at) WHERE status = 'pending';
