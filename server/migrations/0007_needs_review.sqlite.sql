-- A paid registration that cannot be activated (an identifier taken by
-- another vessel meanwhile) waits in 'needs_review' with the reason, for the
-- owner to see and an administrator to resolve.
--
-- SQLite cannot alter a CHECK constraint. Widening an IN list changes no
-- stored data, which is the case SQLite documents as safe to make by editing
-- the schema text (https://sqlite.org/lang_altertable.html, section 7); the
-- migration runner bumps schema_version afterwards so every connection
-- reloads the schema.
-- The column first: ALTER TABLE edits the schema text at offsets computed
-- from the schema as loaded, which the text edit below would invalidate.
ALTER TABLE vessels ADD COLUMN review_reason TEXT;
PRAGMA writable_schema = ON;
UPDATE sqlite_master
   SET sql = replace(sql, '''in_transfer'', ''deactivated'')', '''in_transfer'', ''deactivated'', ''needs_review'')')
 WHERE type = 'table' AND name = 'vessels';
PRAGMA writable_schema = OFF;
