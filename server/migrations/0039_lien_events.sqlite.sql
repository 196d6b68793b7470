-- The chain records a lien's registration, consent, transfer consent and release, and a lien's
-- consent code is a one-time code. SQLite cannot alter a CHECK constraint; widening an IN list
-- changes no stored data, the schema edit SQLite documents as safe
-- (https://sqlite.org/lang_altertable.html, section 7);
-- the migration runner bumps schema_version afterwards.
PRAGMA writable_schema = ON;
UPDATE sqlite_master
   SET sql = replace(sql, '''recovered'', ''report_removed'')',
                     '''recovered'', ''report_removed'', ''lien_registered'', ''lien_consented'', ''lien_transfer_consented'', ''lien_released'')')
 WHERE type = 'table' AND name = 'ownership_events';
UPDATE sqlite_master
   SET sql = replace(sql, 'purpose IN (''transfer'', ''phone'')', 'purpose IN (''transfer'', ''phone'', ''lien'')')
 WHERE type = 'table' AND name = 'one_time_codes';
PRAGMA writable_schema = OFF;
