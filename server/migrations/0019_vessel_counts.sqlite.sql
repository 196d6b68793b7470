-- How many vessels are in each status, kept in step with the vessels table
-- by triggers in the writing transaction, so the landing page's figure and
-- the console's total are read, not counted (a million-row COUNT(*) on every
-- landing-page load).
CREATE TABLE vessel_counts (
    status TEXT PRIMARY KEY,
    n BIGINT NOT NULL
);
INSERT INTO vessel_counts (status, n) SELECT status, COUNT(*) FROM vessels GROUP BY status;

CREATE TRIGGER vessel_counts_insert AFTER INSERT ON vessels BEGIN
    INSERT INTO vessel_counts (status, n) VALUES (new.status, 1)
        ON CONFLICT (status) DO UPDATE SET n = n + 1;
END;
CREATE TRIGGER vessel_counts_delete AFTER DELETE ON vessels BEGIN
    UPDATE vessel_counts SET n = n - 1 WHERE status = old.status;
END;
CREATE TRIGGER vessel_counts_update AFTER UPDATE OF status ON vessels WHEN new.status <> old.status BEGIN
    UPDATE vessel_counts SET n = n - 1 WHERE status = old.status;
    INSERT INTO vessel_counts (status, n) VALUES (new.status, 1)
        ON CONFLICT (status) DO UPDATE SET n = n + 1;
END;
