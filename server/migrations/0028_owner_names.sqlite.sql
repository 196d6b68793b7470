-- An owner's name as a certificate prints it (issue: the certificate proves who owns what).
-- `name_verified_at` is set when an identity check reported the name; a name typed by the
-- person is kept unverified. A company owner gives the company's name and registration number.
ALTER TABLE users ADD COLUMN name_verified_at BIGINT;
ALTER TABLE users ADD COLUMN owner_kind TEXT NOT NULL DEFAULT 'person' CHECK (owner_kind IN ('person', 'company'));
ALTER TABLE users ADD COLUMN company_number TEXT
    CHECK ((owner_kind = 'company') = (company_number IS NOT NULL));

-- The name the provider verified, kept until the decision is applied. A check started from the
-- profile (to change a verified name) returns to the profile and names no vessel. SQLite cannot
-- drop a NOT NULL constraint: the table is rebuilt (nothing references it).
CREATE TABLE identity_sessions_new (
    id TEXT PRIMARY KEY,
    user_id TEXT NOT NULL REFERENCES users (id),
    provider TEXT NOT NULL,
    provider_session_id TEXT NOT NULL,
    vessel_platform_id TEXT,
    status TEXT NOT NULL CHECK (status IN ('created', 'processing', 'verified', 'failed', 'canceled')),
    failure_code TEXT,
    document_key TEXT,
    test_outcome TEXT,
    decide_at BIGINT,
    last_event_at BIGINT,
    created_at BIGINT NOT NULL,
    decided_at BIGINT,
    verified_name TEXT
);
INSERT INTO identity_sessions_new (id, user_id, provider, provider_session_id, vessel_platform_id, status,
                                   failure_code, document_key, test_outcome, decide_at, last_event_at, created_at,
                                   decided_at)
SELECT id, user_id, provider, provider_session_id, vessel_platform_id, status, failure_code, document_key,
       test_outcome, decide_at, last_event_at, created_at, decided_at
FROM identity_sessions;
DROP TABLE identity_sessions;
ALTER TABLE identity_sessions_new RENAME TO identity_sessions;
CREATE UNIQUE INDEX identity_sessions_provider ON identity_sessions (provider, provider_session_id);
CREATE INDEX identity_sessions_user ON identity_sessions (user_id, created_at);
CREATE INDEX identity_sessions_due ON identity_sessions (decide_at) WHERE decide_at IS NOT NULL;

-- What a certificate printed about its owner: the name (answered only to a person who types
-- it), whether it was verified, and whether the owner is a person or a company.
ALTER TABLE certificates ADD COLUMN owner_name TEXT;
ALTER TABLE certificates ADD COLUMN owner_kind TEXT NOT NULL DEFAULT 'person' CHECK (owner_kind IN ('person', 'company'));
ALTER TABLE certificates ADD COLUMN owner_name_verified BIGINT NOT NULL DEFAULT 0 CHECK (owner_name_verified IN (0, 1));
