-- Portable DDL: runs unchanged on SQLite and PostgreSQL.
-- Timestamps are BIGINT milliseconds since the Unix epoch (UTC); ids are
-- time-ordered 26-character Crockford base32 strings made by the server.
-- Booleans are BIGINT 0/1: sqlx's Any driver cannot decode SQLite's BOOLEAN.

CREATE TABLE users (
    id TEXT PRIMARY KEY,
    email TEXT NOT NULL,
    password_hash TEXT NOT NULL,
    name TEXT,
    phone_e164 TEXT,
    role TEXT NOT NULL DEFAULT 'user' CHECK (role IN ('user', 'admin')),
    email_verified_at BIGINT,
    phone_verified_at BIGINT,
    identity_verification_status TEXT NOT NULL DEFAULT 'not_started'
        CHECK (identity_verification_status IN ('not_started', 'pending', 'verified')),
    created_at BIGINT NOT NULL,
    archived_at BIGINT
);
-- An email is unique among accounts that are not archived, so an archived
-- account's email can register again.
CREATE UNIQUE INDEX users_active_email ON users (email) WHERE archived_at IS NULL;

CREATE TABLE sessions (
    id_hash TEXT PRIMARY KEY,
    user_id TEXT NOT NULL REFERENCES users (id),
    remember BIGINT NOT NULL CHECK (remember IN (0, 1)),
    created_at BIGINT NOT NULL,
    last_seen_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL
);
CREATE INDEX sessions_user ON sessions (user_id);
CREATE INDEX sessions_expiry ON sessions (expires_at);

-- Single-use tokens sent by email: verification and password reset.
CREATE TABLE tokens (
    token_hash TEXT PRIMARY KEY,
    purpose TEXT NOT NULL CHECK (purpose IN ('verify_email', 'password_reset')),
    user_id TEXT NOT NULL REFERENCES users (id),
    created_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL,
    used_at BIGINT
);
CREATE INDEX tokens_user ON tokens (user_id, purpose);

-- Fixed-window counters for throttling (failed logins, reset requests...).
CREATE TABLE throttle (
    bucket TEXT PRIMARY KEY,
    window_start BIGINT NOT NULL,
    hits BIGINT NOT NULL
);

-- Every email and SMS is written here in the transaction of the change that
-- causes it; a worker delivers it (at least once) and leases rows so that
-- several server processes never deliver one message twice.
CREATE TABLE outbox (
    id TEXT PRIMARY KEY,
    channel TEXT NOT NULL CHECK (channel IN ('email', 'sms')),
    recipient TEXT NOT NULL,
    subject TEXT NOT NULL,
    body TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    attempts BIGINT NOT NULL DEFAULT 0,
    next_attempt_at BIGINT NOT NULL,
    lease_owner TEXT,
    lease_until BIGINT,
    delivered_at BIGINT,
    failed_at BIGINT,
    last_error TEXT
);
CREATE INDEX outbox_pending ON outbox (next_attempt_at) WHERE delivered_at IS NULL AND failed_at IS NULL;
CREATE INDEX outbox_created ON outbox (created_at);
