-- Proof-of-ownership documents. The file lives in object storage under a
-- random key; here is what the registry knows about it. `vessels` keeps the
-- counts the cards and pages show, changed by the vessels module in the same
-- transaction.
CREATE TABLE documents (
    id TEXT PRIMARY KEY,
    vessel_id TEXT NOT NULL REFERENCES vessels (id),
    document_type TEXT NOT NULL
        CHECK (document_type IN ('proof_of_purchase', 'registration_document', 'invoice', 'other_proof', 'custom')),
    custom_type TEXT,
    original_name TEXT NOT NULL,
    size_bytes BIGINT NOT NULL,
    sha256 TEXT NOT NULL,
    content_type TEXT NOT NULL,
    object_key TEXT NOT NULL UNIQUE,
    uploaded_by TEXT NOT NULL REFERENCES users (id),
    uploaded_at BIGINT NOT NULL,
    review_status TEXT NOT NULL DEFAULT 'pending' CHECK (review_status IN ('pending', 'verified', 'rejected')),
    review_reason TEXT,
    reviewed_by TEXT REFERENCES users (id),
    reviewed_at BIGINT
);
CREATE INDEX documents_vessel ON documents (vessel_id, uploaded_at);
CREATE INDEX documents_review ON documents (review_status, uploaded_at);

ALTER TABLE vessels ADD COLUMN verified_documents_count BIGINT NOT NULL DEFAULT 0;
