-- Background jobs (the transfer sweep, the payments' follow-up, the local identity decisions,
-- retention) run in one process at a time, whichever of several it is: the process holding a
-- job's lease runs it and renews the lease on each run; another takes it over once it lapses.
CREATE TABLE job_leases (
    job TEXT PRIMARY KEY,
    holder TEXT NOT NULL,
    until_ms BIGINT NOT NULL
);
