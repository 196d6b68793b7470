-- Registered liens. A lender (an account with a verified email and identity) registers a lien;
-- it is `pending` until the owner consents with the code texted to their verified mobile, then
-- `active` until the lender (or an administrator, with a reason) releases it. A lien follows the
-- vessel: it stays on it when the vessel changes hands with the lender's consent.
CREATE TABLE liens (
    id TEXT PRIMARY KEY,
    vessel_id TEXT NOT NULL REFERENCES vessels (id),
    lender_user_id TEXT NOT NULL REFERENCES users (id),
    -- The owner asked to consent (the vessel's owner when the lien was registered).
    owner_user_id TEXT NOT NULL REFERENCES users (id),
    lender_name TEXT NOT NULL,
    reference TEXT NOT NULL,
    amount_cents BIGINT NOT NULL CHECK (amount_cents > 0),
    currency TEXT NOT NULL CHECK (length(currency) = 3),
    status TEXT NOT NULL CHECK (status IN ('pending', 'active', 'released')),
    registered_at BIGINT NOT NULL,
    activated_at BIGINT,
    released_at BIGINT,
    released_by TEXT REFERENCES users (id),
    release_reason TEXT,
    -- The transfer the lender consented to (the vessel may change hands in that one transfer).
    transfer_consent_id TEXT REFERENCES transfers (id),
    transfer_consented_at BIGINT
);
CREATE INDEX liens_vessel ON liens (vessel_id, registered_at);
CREATE INDEX liens_lender ON liens (lender_user_id, registered_at);
CREATE INDEX liens_owner ON liens (owner_user_id) WHERE status = 'pending';
-- What every answer about the vessel needs, on its own row: how many liens are active, and how
-- many of them consented to which transfer. A transfer hands the vessel over only while
-- `active_liens = 0` or every active lien consented to it, checked in the hand-over's own
-- compare-and-set on this row, which each lien's change also takes.
ALTER TABLE vessels ADD COLUMN active_liens BIGINT NOT NULL DEFAULT 0 CHECK (active_liens >= 0);
ALTER TABLE vessels ADD COLUMN lien_consents BIGINT NOT NULL DEFAULT 0 CHECK (lien_consents >= 0);
ALTER TABLE vessels ADD COLUMN lien_consents_for TEXT;
