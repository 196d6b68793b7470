-- A transfer paid before its recipient has an account leaves the vessel
-- with no owner until the holder of the number claims it.
ALTER TABLE vessels ALTER COLUMN owner_user_id DROP NOT NULL;

ALTER TABLE transfers ADD COLUMN claimed_at BIGINT;
CREATE INDEX transfers_awaiting_claim ON transfers (to_phone_e164)
    WHERE status = 'completed' AND to_user_id IS NULL;

-- The tamper-evident ownership chain: one row per ownership event, each
-- hashing the previous one's hash (docs/HISTORY-CHAIN.md). The unique
-- sequence per vessel makes two appends at once agree on one.
CREATE TABLE ownership_events (
    vessel_id TEXT NOT NULL REFERENCES vessels (id),
    sequence BIGINT NOT NULL,
    event_type TEXT NOT NULL CHECK (event_type IN ('registered', 'transferred', 'released', 'claimed')),
    owner_ref TEXT NOT NULL,
    occurred_at BIGINT NOT NULL,
    previous_hash TEXT NOT NULL,
    hash TEXT NOT NULL,
    PRIMARY KEY (vessel_id, sequence)
);
