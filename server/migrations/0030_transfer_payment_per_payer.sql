-- Either party of a transfer may pay its fee, each with a payment of their own: one party's
-- unfinished payment (a wizard left open at its payment step) no longer locks the other out.
-- Whoever pays first completes the transfer; the other's payment is canceled in that transaction
-- (at the card provider by the payments follow-up), and a success that crossed it is refunded.
DROP INDEX payments_open_transfer;
CREATE UNIQUE INDEX payments_open_transfer ON payments (transfer_id, user_id)
    WHERE purpose = 'transfer' AND status NOT IN ('succeeded', 'canceled');
