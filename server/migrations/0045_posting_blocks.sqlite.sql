-- Nothing to do: migration 45 changes PostgreSQL's posting lists only
-- (SQLite's FTS5 index already keeps its postings compressed).
SELECT 1;
