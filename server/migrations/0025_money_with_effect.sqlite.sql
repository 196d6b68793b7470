-- Payments that can no longer buy anything (money with effect, docs/PAYMENTS.md).
-- A canceled payment's intent must be canceled at the card provider too; until that
-- is done `provider_canceled_at` is empty, and the payments follow-up retries it.
ALTER TABLE payments ADD COLUMN provider_canceled_at BIGINT;
UPDATE payments SET provider_canceled_at = updated_at WHERE status = 'canceled';
CREATE INDEX payments_cancel_at_provider ON payments (updated_at)
    WHERE status = 'canceled' AND provider_canceled_at IS NULL AND provider_intent_id IS NOT NULL;

-- A refund is made by an administrator or, for a success that arrived when its purpose could no
-- longer take effect, by the registry itself (`cause` = 'without_effect', no administrator).
-- SQLite cannot drop a NOT NULL constraint: the table is rebuilt (nothing references it).
CREATE TABLE payment_refunds_new (
    id TEXT PRIMARY KEY,
    payment_id TEXT NOT NULL REFERENCES payments (id),
    amount_cents BIGINT NOT NULL,
    reason TEXT NOT NULL,
    admin_user_id TEXT REFERENCES users (id),
    cause TEXT NOT NULL DEFAULT 'administrator' CHECK (cause IN ('administrator', 'without_effect')),
    status TEXT NOT NULL CHECK (status IN ('pending', 'succeeded', 'failed')),
    provider_refund_id TEXT,
    failure_message TEXT,
    created_at BIGINT NOT NULL,
    decided_at BIGINT,
    CHECK ((cause = 'administrator') = (admin_user_id IS NOT NULL))
);
INSERT INTO payment_refunds_new (id, payment_id, amount_cents, reason, admin_user_id, status, provider_refund_id,
                                 failure_message, created_at, decided_at)
SELECT id, payment_id, amount_cents, reason, admin_user_id, status, provider_refund_id, failure_message, created_at,
       decided_at
FROM payment_refunds;
DROP TABLE payment_refunds;
ALTER TABLE payment_refunds_new RENAME TO payment_refunds;
CREATE UNIQUE INDEX payment_refunds_once ON payment_refunds (payment_id) WHERE status <> 'failed';
CREATE INDEX payment_refunds_pending ON payment_refunds (created_at) WHERE status = 'pending';
