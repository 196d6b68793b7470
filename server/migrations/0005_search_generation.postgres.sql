-- The listing generation: bumped whenever the set of listed vessels (active
-- and public) or a field the search filters on changes, so that cached search
-- totals are reused only while they are exact (server/src/vessels/count_cache.rs).
-- The bump is an update of one row inside the writing transaction, so the new
-- generation becomes visible together with the change it announces.
CREATE TABLE search_generation (
    id BIGINT PRIMARY KEY CHECK (id = 1),
    value BIGINT NOT NULL
);
INSERT INTO search_generation (id, value) VALUES (1, 0);
CREATE FUNCTION bump_search_generation() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE search_generation SET value = value + 1 WHERE id = 1;
    RETURN NULL;
END
$$;
-- Once per statement, not per row: a bulk load bumps it once. BEFORE the
-- statement, so that a transaction takes the generation's row lock before any
-- vessel row lock: two transactions that each change several vessels then
-- queue on the generation instead of deadlocking on each other's vessels.
CREATE TRIGGER vessels_generation_insert BEFORE INSERT ON vessels
    FOR EACH STATEMENT EXECUTE FUNCTION bump_search_generation();
CREATE TRIGGER vessels_generation_delete BEFORE DELETE ON vessels
    FOR EACH STATEMENT EXECUTE FUNCTION bump_search_generation();
CREATE TRIGGER vessels_generation_update
    BEFORE UPDATE OF status, public_visibility, search_text, country_code, build_year ON vessels
    FOR EACH STATEMENT EXECUTE FUNCTION bump_search_generation();
