-- Passkeys (WebAuthn, docs/ACCOUNTS.md). Each account that adds one gets a random user handle
-- (a UUID: what the authenticator stores, so no email or id is given to it); each passkey is
-- kept as webauthn-rs serialises it, with its counter and backup flags beside it for people.
-- A ceremony's state lives between its start and its finish, for five minutes, used once:
-- keyed by the hash of a cookie the start gave the browser, and for adding a passkey bound to
-- the session that asked.
ALTER TABLE users ADD COLUMN webauthn_handle TEXT;
CREATE UNIQUE INDEX users_webauthn_handle ON users (webauthn_handle);
CREATE TABLE passkeys (
    id TEXT PRIMARY KEY,
    user_id TEXT NOT NULL REFERENCES users (id),
    credential_id TEXT NOT NULL UNIQUE,
    passkey TEXT NOT NULL,
    name TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    last_used_at BIGINT,
    sign_count BIGINT NOT NULL DEFAULT 0,
    backup_eligible BIGINT NOT NULL CHECK (backup_eligible IN (0, 1)),
    backup_state BIGINT NOT NULL CHECK (backup_state IN (0, 1))
);
CREATE INDEX passkeys_user ON passkeys (user_id);
CREATE TABLE webauthn_challenges (
    id_hash TEXT PRIMARY KEY,
    purpose TEXT NOT NULL CHECK (purpose IN ('register', 'sign_in')),
    session_hash TEXT,
    user_id TEXT REFERENCES users (id),
    state TEXT NOT NULL,
    expires_at BIGINT NOT NULL
);
CREATE INDEX webauthn_challenges_expiry ON webauthn_challenges (expires_at);
