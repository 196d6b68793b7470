-- Ownership transfers. One open transfer per vessel (the partial unique
-- index makes two initiations at once agree); the vessel's own status moves
-- through vessels::lifecycle in the same transaction.
CREATE TABLE transfers (
    id TEXT PRIMARY KEY,
    vessel_id TEXT NOT NULL REFERENCES vessels (id),
    from_user_id TEXT NOT NULL REFERENCES users (id),
    to_phone_e164 TEXT NOT NULL,
    to_email TEXT,
    to_user_id TEXT REFERENCES users (id),
    status TEXT NOT NULL
        CHECK (status IN ('pending_verification', 'verified', 'completed', 'canceled', 'expired')),
    created_at BIGINT NOT NULL,
    verified_at BIGINT,
    completed_at BIGINT,
    canceled_at BIGINT,
    expires_at BIGINT NOT NULL
);
CREATE UNIQUE INDEX transfers_open_vessel ON transfers (vessel_id)
    WHERE status IN ('pending_verification', 'verified');
CREATE INDEX transfers_from ON transfers (from_user_id, created_at);
CREATE INDEX transfers_to_phone ON transfers (to_phone_e164, created_at);
