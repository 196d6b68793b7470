-- The transparency log's queue of events not yet logged. The job found them
-- by an anti-join of every ownership event against the leaves: at 6.5 million
-- vessels (8 million events) seconds of a core each run, at each start and
-- each period. Now an event's insert puts its key in this table in the same
-- transaction (so no event is missed, whichever order transactions commit
-- in), and the job reads only these rows and deletes the ones it logged.
-- Once per statement over its transition table: the seeder inserts events
-- by the hundred thousand.
--
-- The trigger comes first and the backfill after it: `registry migrate` runs
-- while the old release serves, and an event it inserted after the trigger
-- exists is queued by the trigger, one inserted before is visible to the
-- backfill (creating the trigger waits for the transactions writing the
-- table). Backfilled first, an event committed between the backfill's
-- snapshot and the trigger would be in neither. A key the two both give, or a
-- chain rebuilt after its events were removed (a test does,
-- history_chain::backfill), is one entry.
CREATE TABLE transparency_pending (
    vessel_id TEXT NOT NULL,
    event_sequence BIGINT NOT NULL,
    PRIMARY KEY (vessel_id, event_sequence)
);
CREATE FUNCTION transparency_pending_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO transparency_pending (vessel_id, event_sequence) SELECT vessel_id, sequence FROM new_events
        ON CONFLICT (vessel_id, event_sequence) DO NOTHING;
    RETURN NULL;
END
$$;
CREATE TRIGGER transparency_pending_insert AFTER INSERT ON ownership_events
    REFERENCING NEW TABLE AS new_events FOR EACH STATEMENT EXECUTE FUNCTION transparency_pending_insert();
INSERT INTO transparency_pending (vessel_id, event_sequence)
    SELECT e.vessel_id, e.sequence FROM ownership_events e
    WHERE NOT EXISTS (SELECT 1 FROM transparency_leaves l
                      WHERE l.vessel_id = e.vessel_id AND l.event_sequence = e.sequence)
    ON CONFLICT (vessel_id, event_sequence) DO NOTHING;
