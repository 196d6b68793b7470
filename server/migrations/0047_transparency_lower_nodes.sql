-- The transparency log stops storing its perfect subtrees below 16 leaves:
-- a proof or an append computes them from the leaf rows (a page or two), and
-- they were fifteen node rows in sixteen. The index by platform ID goes too:
-- a vessel's leaves are found through its id, by the leaves' unique index.
DELETE FROM transparency_nodes WHERE level < 4;
DROP INDEX transparency_leaves_platform;
