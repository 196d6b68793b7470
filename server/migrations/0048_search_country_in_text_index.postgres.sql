-- Nothing to do: migration 48 puts the country into SQLite's FTS5 index
-- (PostgreSQL's posting lists are kept by country already, migration 21).
SELECT 1;
