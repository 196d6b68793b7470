-- Short names ('Io', 'Ra', 'K2') are found by name: text of one or two
-- characters (besides spaces) searches exact names and name prefixes, which
-- trigram posting lists cannot narrow down. The folded name (as
-- domain::folded::fold writes it; the server fills it for the vessels
-- registered before, right after this migration) and three B-trees over the
-- listed vessels, each walked newest first: the exact name, and its first
-- one and first two characters. Expressions and predicates are written the
-- same way the search writes them, which both databases need to use them.
ALTER TABLE vessels ADD COLUMN name_folded TEXT;
CREATE INDEX vessels_listed_name ON vessels (name_folded, id)
    WHERE status = 'active' AND public_visibility = 1 AND name_folded IS NOT NULL;
CREATE INDEX vessels_listed_name_head1 ON vessels ((substr(name_folded, 1, 1)), id)
    WHERE status = 'active' AND public_visibility = 1 AND name_folded IS NOT NULL;
CREATE INDEX vessels_listed_name_head2 ON vessels ((substr(name_folded, 1, 2)), id)
    WHERE status = 'active' AND public_visibility = 1 AND name_folded IS NOT NULL;
