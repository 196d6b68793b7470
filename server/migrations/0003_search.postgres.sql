-- Substring search over vessels.search_text: a pg_trgm GIN index serves
-- `search_text LIKE '%fragment%'` for fragments of three or more characters.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE INDEX vessels_search_trgm ON vessels USING gin (search_text gin_trgm_ops);
