-- Stolen vessels. The owner reports a theft with the police reference; an administrator may
-- confirm it (after checking the reference) or remove a false one with a reason; the owner or an
-- administrator ends it when the vessel is recovered. At most one open report per vessel.
CREATE TABLE theft_reports (
    id TEXT PRIMARY KEY,
    vessel_id TEXT NOT NULL REFERENCES vessels (id),
    reported_by TEXT NOT NULL REFERENCES users (id),
    reported_at BIGINT NOT NULL,
    stolen_at BIGINT NOT NULL,
    place TEXT NOT NULL,
    police_reference TEXT NOT NULL,
    description TEXT NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('reported', 'confirmed', 'recovered', 'removed')),
    confirmed_at BIGINT,
    confirmed_by TEXT REFERENCES users (id),
    ended_at BIGINT,
    ended_by TEXT REFERENCES users (id),
    end_reason TEXT
);
CREATE UNIQUE INDEX theft_reports_open ON theft_reports (vessel_id) WHERE status IN ('reported', 'confirmed');
CREATE INDEX theft_reports_vessel ON theft_reports (vessel_id, reported_at);
-- What the public sees of an open report, on the vessel's own row, so that every answer that
-- carries a vessel (its page, the search's cards, a certificate check) says so without a join.
ALTER TABLE vessels ADD COLUMN stolen_status TEXT CHECK (stolen_status IN ('reported', 'confirmed'));
ALTER TABLE vessels ADD COLUMN stolen_reported_at BIGINT;
ALTER TABLE vessels ADD COLUMN stolen_at BIGINT;
ALTER TABLE vessels ADD COLUMN stolen_place TEXT;
CREATE INDEX vessels_stolen ON vessels (stolen_reported_at) WHERE stolen_status IS NOT NULL;
