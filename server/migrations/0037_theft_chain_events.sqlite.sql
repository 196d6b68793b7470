-- The chain records a theft report's start and end. SQLite cannot alter a CHECK constraint;
-- widening an IN list changes no stored data, the schema edit SQLite documents as safe
-- (https://sqlite.org/lang_altertable.html, section 7);
-- the migration runner bumps schema_version afterwards.
PRAGMA writable_schema = ON;
UPDATE sqlite_master
   SET sql = replace(sql, '''released'', ''claimed'')',
                     '''released'', ''claimed'', ''reported_stolen'', ''recovered'', ''report_removed'')')
 WHERE type = 'table' AND name = 'ownership_events';
PRAGMA writable_schema = OFF;
