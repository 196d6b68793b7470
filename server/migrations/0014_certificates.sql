-- Registration certificates as issued: the exact data that was signed, its
-- Ed25519 signature, and the vessel's history head at issue (a later
-- ownership event supersedes the certificate).
CREATE TABLE certificates (
    serial TEXT PRIMARY KEY,
    vessel_id TEXT NOT NULL REFERENCES vessels (id),
    owner_user_id TEXT NOT NULL REFERENCES users (id),
    payload TEXT NOT NULL,
    signature TEXT NOT NULL,
    history_head TEXT NOT NULL,
    owner_name_sha256 TEXT NOT NULL,
    issued_at BIGINT NOT NULL,
    revoked_at BIGINT
);
CREATE INDEX certificates_vessel ON certificates (vessel_id, issued_at);
