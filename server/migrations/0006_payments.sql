-- Payments: one row per payment (a PaymentIntent at the provider), with its
-- state as the server last learnt it from the provider. Fees are the server's.
CREATE TABLE payments (
    id TEXT PRIMARY KEY,
    user_id TEXT NOT NULL REFERENCES users (id),
    purpose TEXT NOT NULL CHECK (purpose IN ('registration', 'transfer')),
    vessel_id TEXT NOT NULL REFERENCES vessels (id),
    transfer_id TEXT,
    amount_cents BIGINT NOT NULL CHECK (amount_cents > 0),
    currency TEXT NOT NULL,
    status TEXT NOT NULL CHECK (status IN
        ('requires_payment', 'requires_action', 'processing', 'succeeded', 'failed', 'canceled')),
    provider TEXT NOT NULL,
    -- Set once the provider has created the intent (the row comes first, so
    -- that its id can be the provider's idempotency key and metadata).
    provider_intent_id TEXT,
    client_secret TEXT,
    card_brand TEXT,
    card_last4 TEXT,
    failure_message TEXT,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL,
    succeeded_at BIGINT
);
CREATE UNIQUE INDEX payments_provider_intent ON payments (provider, provider_intent_id)
    WHERE provider_intent_id IS NOT NULL;
-- At most one unfinished registration payment per vessel: a second request reuses it.
CREATE UNIQUE INDEX payments_open_registration ON payments (vessel_id)
    WHERE purpose = 'registration' AND status NOT IN ('succeeded', 'canceled');
CREATE INDEX payments_vessel ON payments (vessel_id, created_at);
CREATE INDEX payments_user ON payments (user_id, created_at);

-- Every state change of a payment, and every provider event handled (the
-- provider's event id makes a replayed webhook a no-op).
CREATE TABLE payment_events (
    id TEXT PRIMARY KEY,
    payment_id TEXT REFERENCES payments (id),
    source TEXT NOT NULL,
    type TEXT NOT NULL,
    detail TEXT NOT NULL,
    created_at BIGINT NOT NULL
);
CREATE INDEX payment_events_payment ON payment_events (payment_id, created_at);

-- The offline processor's side (REGISTRY_PAYMENTS=local): what the card
-- provider keeps about an intent. Never a card number or CVC.
CREATE TABLE local_payment_intents (
    id TEXT PRIMARY KEY,
    client_secret TEXT NOT NULL UNIQUE,
    idempotency_key TEXT NOT NULL UNIQUE,
    amount_cents BIGINT NOT NULL,
    currency TEXT NOT NULL,
    status TEXT NOT NULL,
    payment_ref TEXT NOT NULL,
    card_brand TEXT,
    card_last4 TEXT,
    last_error TEXT,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);
