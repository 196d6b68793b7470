-- How many owners a vessel has had, and since when it has had one, for the cards' ownership
-- summary ('2 owners since 2019'): kept with each ownership entry (vessels::lifecycle), so a
-- search page reads them with the vessel instead of counting its history per card.
ALTER TABLE vessels ADD COLUMN owners_count BIGINT NOT NULL DEFAULT 0;
ALTER TABLE vessels ADD COLUMN first_owned_at BIGINT;
UPDATE vessels SET
    owners_count = (SELECT COUNT(*) FROM ownership_history h WHERE h.vessel_id = vessels.id),
    first_owned_at = (SELECT MIN(h.acquired_at) FROM ownership_history h WHERE h.vessel_id = vessels.id);
