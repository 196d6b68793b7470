-- The listing generation: bumped whenever the set of listed vessels (active
-- and public) or a field the search filters on changes, so that cached search
-- totals are reused only while they are exact (server/src/vessels/count_cache.rs).
CREATE TABLE search_generation (
    id BIGINT PRIMARY KEY CHECK (id = 1),
    value BIGINT NOT NULL
);
INSERT INTO search_generation (id, value) VALUES (1, 0);
CREATE TRIGGER vessels_generation_insert AFTER INSERT ON vessels
WHEN new.status = 'active' AND new.public_visibility = 1 BEGIN
    UPDATE search_generation SET value = value + 1 WHERE id = 1;
END;
CREATE TRIGGER vessels_generation_update
AFTER UPDATE OF status, public_visibility, search_text, country_code, build_year ON vessels
WHEN (old.status = 'active' AND old.public_visibility = 1) OR (new.status = 'active' AND new.public_visibility = 1) BEGIN
    UPDATE search_generation SET value = value + 1 WHERE id = 1;
END;
CREATE TRIGGER vessels_generation_delete AFTER DELETE ON vessels
WHEN old.status = 'active' AND old.public_visibility = 1 BEGIN
    UPDATE search_generation SET value = value + 1 WHERE id = 1;
END;
