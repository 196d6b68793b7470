-- A paid registration that cannot be activated (an identifier taken by
-- another vessel meanwhile) waits in 'needs_review' with the reason, for the
-- owner to see and an administrator to resolve.
ALTER TABLE vessels DROP CONSTRAINT vessels_status_check;
ALTER TABLE vessels ADD CONSTRAINT vessels_status_check
    CHECK (status IN ('pending_payment', 'active', 'in_transfer', 'deactivated', 'needs_review'));
ALTER TABLE vessels ADD COLUMN review_reason TEXT;
