-- The transparency log's queue of events not yet logged. The job found them
-- by an anti-join of every ownership event against the leaves: at 6.5 million
-- vessels (8 million events) 13 s of a core each run, and on SQLite under the
-- write lock, so that every write waited for it, at each start and each
-- period. Now an event's insert puts its key in this table in the same
-- transaction (so no event is missed, whichever order transactions commit
-- in), and the job reads only these rows and deletes the ones it logged.
-- The trigger comes before the backfill, as on PostgreSQL (where an old
-- release's insert could otherwise fall between the two); a key the two
-- both give, or a chain rebuilt after its events were removed (a test does,
-- history_chain::backfill), is one entry. Without rowid: the queue is only
-- ever looked up by its key, and a seeding passes millions of keys through it.
CREATE TABLE transparency_pending (
    vessel_id TEXT NOT NULL,
    event_sequence BIGINT NOT NULL,
    PRIMARY KEY (vessel_id, event_sequence)
) WITHOUT ROWID;
CREATE TRIGGER transparency_pending_insert AFTER INSERT ON ownership_events BEGIN
    INSERT INTO transparency_pending (vessel_id, event_sequence) VALUES (new.vessel_id, new.sequence)
        ON CONFLICT (vessel_id, event_sequence) DO NOTHING;
END;
INSERT INTO transparency_pending (vessel_id, event_sequence)
    SELECT e.vessel_id, e.sequence FROM ownership_events e
    WHERE NOT EXISTS (SELECT 1 FROM transparency_leaves l
                      WHERE l.vessel_id = e.vessel_id AND l.event_sequence = e.sequence)
    ON CONFLICT (vessel_id, event_sequence) DO NOTHING;
