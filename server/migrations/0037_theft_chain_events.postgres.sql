-- The chain records a theft report's start and end.
ALTER TABLE ownership_events DROP CONSTRAINT ownership_events_event_type_check;
ALTER TABLE ownership_events ADD CONSTRAINT ownership_events_event_type_check
    CHECK (event_type IN ('registered', 'transferred', 'released', 'claimed', 'reported_stolen', 'recovered',
                          'report_removed'));
