-- Accounts worth a boat (docs/ACCOUNTS.md): a session has a public id its owner can name
-- to end it, the time its holder last proved who they are (a sign-in, or signing in again
-- before a sensitive action), and the browser it was made in; and the browsers an account
-- has signed in from, by the hash of a long-lived browser cookie, so that a sign-in from a
-- new one is told to the owner.
ALTER TABLE sessions ADD COLUMN public_id TEXT;
ALTER TABLE sessions ADD COLUMN authenticated_at BIGINT;
ALTER TABLE sessions ADD COLUMN user_agent TEXT;
UPDATE sessions SET public_id = substr(id_hash, 1, 26), authenticated_at = created_at;
CREATE UNIQUE INDEX sessions_public_id ON sessions (public_id);
CREATE TABLE known_browsers (
    user_id TEXT NOT NULL REFERENCES users (id),
    browser_hash TEXT NOT NULL,
    first_seen_at BIGINT NOT NULL,
    PRIMARY KEY (user_id, browser_hash)
);
