-- A mobile number is verified on at most one live account, so a transfer's
-- recipient is never ambiguous; the index decides between racing accounts.
CREATE UNIQUE INDEX users_verified_phone ON users (phone_e164)
    WHERE phone_verified_at IS NOT NULL AND archived_at IS NULL;
