-- Nothing to do: migration 49 sets the leaf page size of SQLite's FTS5
-- index (PostgreSQL's posting lists are blocks of 128 vessels, migration 45).
SELECT 1;
