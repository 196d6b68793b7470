-- Short names counted from the index alone: a search counts up to 1,001
-- names of a set, and with a country or build-year filter reads many more
-- entries than it keeps. The B-trees of migration 44 held the name's head
-- and id only, so each entry cost a table lookup (and on PostgreSQL an
-- expression index is not read index-only without the column it is
-- computed from). Rebuilt carrying what the search's conditions read: the
-- folded name, the country and the build year (as INCLUDE columns, outside
-- the key).
DROP INDEX vessels_listed_name;
DROP INDEX vessels_listed_name_head1;
DROP INDEX vessels_listed_name_head2;
CREATE INDEX vessels_listed_name ON vessels (name_folded, id) INCLUDE (country_code, build_year)
    WHERE status = 'active' AND public_visibility = 1 AND name_folded IS NOT NULL;
CREATE INDEX vessels_listed_name_head1 ON vessels ((substr(name_folded, 1, 1)), id) INCLUDE (name_folded, country_code, build_year)
    WHERE status = 'active' AND public_visibility = 1 AND name_folded IS NOT NULL;
CREATE INDEX vessels_listed_name_head2 ON vessels ((substr(name_folded, 1, 2)), id) INCLUDE (name_folded, country_code, build_year)
    WHERE status = 'active' AND public_visibility = 1 AND name_folded IS NOT NULL;
