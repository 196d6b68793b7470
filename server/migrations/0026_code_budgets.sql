-- Codes texted per account, for the daily budgets (at most 10 codes and 3 distinct numbers a day):
-- counted and checked in the statement that records a send, under the account's row lock
-- (otp::reserve_send). Kept two days by the retention sweep.
CREATE TABLE otp_sends (
    id TEXT PRIMARY KEY,
    account_id TEXT NOT NULL,
    phone TEXT NOT NULL,
    sent_at BIGINT NOT NULL
);
CREATE INDEX otp_sends_account ON otp_sends (account_id, sent_at);
CREATE INDEX otp_sends_time ON otp_sends (sent_at);
