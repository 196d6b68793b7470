-- Particulars a registry keeps besides identifiers (the owner may correct them; each correction
-- is kept in `vessel_corrections`), and requests to an administrator to correct what the owner
-- may not (identifiers, make, model, build year, length).
ALTER TABLE vessels ADD COLUMN vessel_type TEXT CHECK (vessel_type IN ('sail', 'motor', 'paddle', 'rowing', 'other'));
ALTER TABLE vessels ADD COLUMN hull_material TEXT
    CHECK (hull_material IN ('grp', 'wood', 'steel', 'aluminium', 'polyethylene', 'inflatable', 'other'));
ALTER TABLE vessels ADD COLUMN hull_colour TEXT;
ALTER TABLE vessels ADD COLUMN home_port TEXT;
-- JSON: [{"make": ..., "model": ..., "powerKw": ...}], in the owner's order.
ALTER TABLE vessels ADD COLUMN engines TEXT NOT NULL DEFAULT '[]';
-- Raised by every correction; a certificate signs the version it printed, so a correction
-- supersedes it (and the next download issues a new one).
ALTER TABLE vessels ADD COLUMN particulars_version BIGINT NOT NULL DEFAULT 0;
ALTER TABLE certificates ADD COLUMN particulars_version BIGINT NOT NULL DEFAULT 0;
-- A company owner's registration number, as the certificate prints and (from version 3) signs it.
ALTER TABLE certificates ADD COLUMN owner_company_number TEXT;

CREATE TABLE vessel_corrections (
    id TEXT PRIMARY KEY,
    vessel_id TEXT NOT NULL REFERENCES vessels (id),
    field TEXT NOT NULL,
    from_value TEXT,
    to_value TEXT,
    -- `owner`, or `registry` for an administrator's decision on a request.
    made_by TEXT NOT NULL CHECK (made_by IN ('owner', 'registry')),
    user_id TEXT REFERENCES users (id),
    corrected_at BIGINT NOT NULL
);
CREATE INDEX vessel_corrections_by_vessel ON vessel_corrections (vessel_id, corrected_at);

CREATE TABLE correction_requests (
    id TEXT PRIMARY KEY,
    vessel_id TEXT NOT NULL REFERENCES vessels (id),
    requested_by TEXT NOT NULL REFERENCES users (id),
    field TEXT NOT NULL,
    value TEXT NOT NULL,
    reason TEXT NOT NULL,
    status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
    decided_by TEXT REFERENCES users (id),
    decision_note TEXT,
    created_at BIGINT NOT NULL,
    decided_at BIGINT
);
CREATE INDEX correction_requests_by_status ON correction_requests (status, created_at);
CREATE INDEX correction_requests_by_vessel ON correction_requests (vessel_id, created_at);
