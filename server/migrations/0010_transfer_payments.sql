-- At most one unfinished fee payment per transfer: a second request reuses it.
CREATE UNIQUE INDEX payments_open_transfer ON payments (transfer_id)
    WHERE purpose = 'transfer' AND status NOT IN ('succeeded', 'canceled');
