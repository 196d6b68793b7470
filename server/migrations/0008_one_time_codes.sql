-- Six-digit codes sent by SMS (transfers, mobile verification). Only a hash
-- is kept; one live code per purpose and subject; attempts are counted in
-- the same statement that checks them (otp.rs).
CREATE TABLE one_time_codes (
    id TEXT PRIMARY KEY,
    purpose TEXT NOT NULL CHECK (purpose IN ('transfer', 'phone')),
    subject TEXT NOT NULL,
    code_hash TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL,
    attempts BIGINT NOT NULL DEFAULT 0,
    used_at BIGINT
);
CREATE INDEX one_time_codes_subject ON one_time_codes (purpose, subject, created_at);
