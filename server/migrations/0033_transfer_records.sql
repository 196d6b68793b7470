-- The record of a completed sale, for both parties: the sale price the seller may state when
-- starting the transfer, and the signed record itself (issued once, at the first download), which
-- /verify checks like a certificate.
ALTER TABLE transfers ADD COLUMN sale_price_cents BIGINT CHECK (sale_price_cents >= 0);
CREATE TABLE transfer_records (
    serial TEXT PRIMARY KEY,
    transfer_id TEXT NOT NULL UNIQUE REFERENCES transfers (id),
    payload TEXT NOT NULL,
    signature TEXT NOT NULL,
    seller_name TEXT,
    buyer_name TEXT,
    issued_at BIGINT NOT NULL
);
