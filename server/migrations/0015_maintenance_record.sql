-- The value & maintenance record: entries stay with the vessel through
-- transfers; only their author, while owning the vessel, may change them.
-- A linked document is looked up when read (a withdrawn one shows as none).
CREATE TABLE maintenance_entries (
    id TEXT PRIMARY KEY,
    vessel_id TEXT NOT NULL REFERENCES vessels (id),
    author_user_id TEXT NOT NULL REFERENCES users (id),
    entry_date TEXT NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('service', 'repair', 'survey', 'valuation', 'upgrade', 'other')),
    description TEXT NOT NULL,
    amount_cents BIGINT,
    document_id TEXT,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);
CREATE INDEX maintenance_vessel ON maintenance_entries (vessel_id, entry_date);
