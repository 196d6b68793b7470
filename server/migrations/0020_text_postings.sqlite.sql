-- Nothing to do: SQLite's text search is the FTS5 trigram index (migrations
-- 3 and 4), whose posting lists are already in rowid (insertion) order.
SELECT 1;
