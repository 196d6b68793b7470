-- The one audit log: every event (sign-ins, registrations, vessel changes,
-- payments and refunds, transfer steps, document reviews, identity results,
-- administrators' actions), written in the transaction of the change it
-- records. It replaces `vessel_audit`, whose entries move here. Migration 17
-- adds triggers that refuse UPDATE and DELETE.
CREATE TABLE audit_log (
    id TEXT PRIMARY KEY,
    created_at BIGINT NOT NULL,
    actor_user_id TEXT,
    action TEXT NOT NULL,
    vessel_id TEXT,
    subject_type TEXT,
    subject_id TEXT,
    outcome TEXT NOT NULL CHECK (outcome IN ('success', 'failure')),
    request_id TEXT,
    detail TEXT NOT NULL
);
CREATE INDEX audit_log_time ON audit_log (created_at);
CREATE INDEX audit_log_vessel ON audit_log (vessel_id, created_at);
CREATE INDEX audit_log_actor ON audit_log (actor_user_id, created_at);
CREATE INDEX audit_log_action ON audit_log (action, created_at);

INSERT INTO audit_log (id, created_at, actor_user_id, action, vessel_id, subject_type, subject_id, outcome, request_id, detail)
SELECT id, created_at, actor_user_id, action, vessel_id, 'vessel', vessel_id, 'success', NULL, detail FROM vessel_audit;
DROP TABLE vessel_audit;

-- "Active users" are those who signed in within 30 days.
ALTER TABLE users ADD COLUMN last_signed_in_at BIGINT;
-- Why the last identity check failed (a code from identity::FailureCode);
-- cleared when a check starts or succeeds.
ALTER TABLE users ADD COLUMN identity_failure_code TEXT;

-- Identity checks: one row per session at the provider. `local` sessions
-- also hold the uploaded photo's storage key (deleted once decided) and the
-- tester's chosen outcome, decided by a worker at `decide_at`.
CREATE TABLE identity_sessions (
    id TEXT PRIMARY KEY,
    user_id TEXT NOT NULL REFERENCES users (id),
    provider TEXT NOT NULL,
    provider_session_id TEXT NOT NULL,
    vessel_platform_id TEXT NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('created', 'processing', 'verified', 'failed', 'canceled')),
    failure_code TEXT,
    document_key TEXT,
    test_outcome TEXT,
    decide_at BIGINT,
    -- The provider's time of the last event applied: an older one arriving
    -- late changes nothing.
    last_event_at BIGINT,
    created_at BIGINT NOT NULL,
    decided_at BIGINT
);
CREATE UNIQUE INDEX identity_sessions_provider ON identity_sessions (provider, provider_session_id);
CREATE INDEX identity_sessions_user ON identity_sessions (user_id, created_at);
CREATE INDEX identity_sessions_due ON identity_sessions (decide_at) WHERE decide_at IS NOT NULL;

-- Provider events handled once (a replayed webhook is a no-op).
CREATE TABLE identity_events (
    id TEXT PRIMARY KEY,
    session_id TEXT NOT NULL,
    type TEXT NOT NULL,
    received_at BIGINT NOT NULL
);

-- Full refunds, at most one per payment that did not fail: the unique index
-- makes two administrators refunding at once agree on one.
CREATE TABLE payment_refunds (
    id TEXT PRIMARY KEY,
    payment_id TEXT NOT NULL REFERENCES payments (id),
    amount_cents BIGINT NOT NULL,
    reason TEXT NOT NULL,
    admin_user_id TEXT NOT NULL REFERENCES users (id),
    status TEXT NOT NULL CHECK (status IN ('pending', 'succeeded', 'failed')),
    provider_refund_id TEXT,
    failure_message TEXT,
    created_at BIGINT NOT NULL,
    decided_at BIGINT
);
CREATE UNIQUE INDEX payment_refunds_once ON payment_refunds (payment_id) WHERE status <> 'failed';

-- The offline processor's refunds: one per intent, idempotent by key.
CREATE TABLE local_refunds (
    id TEXT PRIMARY KEY,
    intent_id TEXT NOT NULL UNIQUE REFERENCES local_payment_intents (id),
    idempotency_key TEXT NOT NULL UNIQUE,
    amount_cents BIGINT NOT NULL,
    created_at BIGINT NOT NULL
);
