-- The chain records a lien's registration, consent, transfer consent and release, and a lien's
-- consent code is a one-time code.
ALTER TABLE ownership_events DROP CONSTRAINT ownership_events_event_type_check;
ALTER TABLE ownership_events ADD CONSTRAINT ownership_events_event_type_check
    CHECK (event_type IN ('registered', 'transferred', 'released', 'claimed', 'reported_stolen', 'recovered',
                          'report_removed', 'lien_registered', 'lien_consented', 'lien_transfer_consented',
                          'lien_released'));
ALTER TABLE one_time_codes DROP CONSTRAINT one_time_codes_purpose_check;
ALTER TABLE one_time_codes ADD CONSTRAINT one_time_codes_purpose_check CHECK (purpose IN ('transfer', 'phone', 'lien'));
