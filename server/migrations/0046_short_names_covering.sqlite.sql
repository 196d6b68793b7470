-- Short names counted from the index alone: a search counts up to 1,001
-- names of a set, and with a country or build-year filter reads many more
-- entries than it keeps. The B-trees of migration 44 held the name's head
-- and id only, so each entry cost a table lookup (and on PostgreSQL an
-- expression index is not read index-only without the column it is
-- computed from). Rebuilt carrying what the search's conditions read: the
-- folded name, the country, the build year and the listing's columns
-- (appended to the key: SQLite has no INCLUDE, and reads an index alone
-- only when it holds the columns of its own WHERE too).
DROP INDEX vessels_listed_name;
DROP INDEX vessels_listed_name_head1;
DROP INDEX vessels_listed_name_head2;
CREATE INDEX vessels_listed_name ON vessels (name_folded, id, country_code, build_year, status, public_visibility)
    WHERE status = 'active' AND public_visibility = 1 AND name_folded IS NOT NULL;
CREATE INDEX vessels_listed_name_head1 ON vessels ((substr(name_folded, 1, 1)), id, name_folded, country_code, build_year, status, public_visibility)
    WHERE status = 'active' AND public_visibility = 1 AND name_folded IS NOT NULL;
CREATE INDEX vessels_listed_name_head2 ON vessels ((substr(name_folded, 1, 2)), id, name_folded, country_code, build_year, status, public_visibility)
    WHERE status = 'active' AND public_visibility = 1 AND name_folded IS NOT NULL;
