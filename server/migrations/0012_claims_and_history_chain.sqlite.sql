-- A transfer paid before its recipient has an account leaves the vessel
-- with no owner until the holder of the number claims it: the owner column
-- may be empty. Removing a NOT NULL constraint changes no stored data, one of
-- the schema edits SQLite documents as safe
-- (https://sqlite.org/lang_altertable.html, section 7); the migration runner
-- bumps schema_version afterwards. Only the vessels table's text is edited
-- (ownership_history has a column spelled the same).
PRAGMA writable_schema = ON;
UPDATE sqlite_master
   SET sql = replace(sql, 'owner_user_id TEXT NOT NULL REFERENCES users (id)', 'owner_user_id TEXT REFERENCES users (id)')
 WHERE type = 'table' AND name = 'vessels';
PRAGMA writable_schema = OFF;

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
