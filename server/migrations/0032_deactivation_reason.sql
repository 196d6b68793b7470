-- Why a vessel is deactivated, so its owner is told and shown what they can do: its
-- registration fee was refunded, an administrator took it out (with a note), the owner archived
-- the account, or the owner canceled the unpaid registration.
ALTER TABLE vessels ADD COLUMN deactivation_reason TEXT
    CHECK (deactivation_reason IN ('refunded', 'administrator', 'account_archived', 'registration_canceled'));
ALTER TABLE vessels ADD COLUMN deactivation_note TEXT;
UPDATE vessels SET deactivation_reason = 'registration_canceled' WHERE canceled_at IS NOT NULL;
