-- An account with a passkey may turn password sign-in off (docs/ACCOUNTS.md); its reset by
-- email then adds a passkey instead of setting a password, a third kind of ceremony. The
-- ceremonies' table is rebuilt for it (they live five minutes; none is worth keeping), its
-- binding column now naming what the ceremony is bound to: the session that asked, or the
-- reset token that did.
ALTER TABLE users ADD COLUMN password_sign_in BIGINT NOT NULL DEFAULT 1 CHECK (password_sign_in IN (0, 1));
DROP TABLE webauthn_challenges;
CREATE TABLE webauthn_challenges (
    id_hash TEXT PRIMARY KEY,
    purpose TEXT NOT NULL CHECK (purpose IN ('register', 'sign_in', 'recover')),
    bound_to TEXT,
    user_id TEXT REFERENCES users (id),
    state TEXT NOT NULL,
    expires_at BIGINT NOT NULL
);
CREATE INDEX webauthn_challenges_expiry ON webauthn_challenges (expires_at);
