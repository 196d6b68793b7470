-- An owner may cancel a registration not yet paid: the vessel leaves their list (status
-- `deactivated`, `canceled_at` set), its unfinished fee payment is canceled, and the audit log
-- keeps the registration and its cancellation.
ALTER TABLE vessels ADD COLUMN canceled_at BIGINT;
