//! Delivers outbox messages at least once, with exponential backoff.
//!
//! Several server processes may run this loop against one database. A row is
//! claimed with a conditional UPDATE that sets a lease; only the process whose
//! UPDATE changed the row delivers it, so a message is not delivered twice
//! unless a process dies mid-delivery (then the lease expires and another
//! process retries: at-least-once).

use std::{sync::Arc, time::Duration};

use tokio::sync::Notify;

use super::{Channel, Delivery, Message, store};
use crate::{
    platform::clock::{MINUTE, SECOND, now_ms},
    platform::db::Db,
    platform::ids::new_id,
};

const LEASE_MS: i64 = MINUTE;
const MAX_ATTEMPTS: i64 = 12;
const BATCH: i64 = 20;

pub struct Worker {
    db: Db,
    delivery: Arc<dyn Delivery>,
    owner: String,
    wake: Arc<Notify>,
}

impl Worker {
    pub fn new(db: Db, delivery: Arc<dyn Delivery>, wake: Arc<Notify>) -> Self {
        Self { db, delivery, owner: new_id(), wake }
    }

    /// Run until `stopped` turns true: drain what is due, then sleep until
    /// woken by a local enqueue or for at most a second (other processes
    /// enqueue too). A batch in progress is finished first; then the leases on
    /// messages this process claimed but did not get to are let go, so another
    /// process delivers them at once.
    pub async fn run(self, mut stopped: tokio::sync::watch::Receiver<bool>) {
        while !*stopped.borrow() {
            match self.run_once().await {
                Ok(n) if n > 0 => continue,
                Ok(_) => {}
                Err(e) => tracing::error!(error = ?e, "outbox worker"),
            }
            tokio::select! {
                _ = tokio::time::timeout(Duration::from_secs(1), self.wake.notified()) => {}
                _ = stopped.changed() => break,
            }
        }
        if let Err(e) = store::release_leases(&self.db, &self.owner).await {
            tracing::warn!(error = %e, "letting the outbox's leases go failed; they lapse within a minute");
        }
    }

    /// Deliver due messages once; returns how many were handled.
    pub async fn run_once(&self) -> anyhow::Result<usize> {
        let now = now_ms();
        let candidates = store::due(&self.db, now, BATCH).await?;

        let mut handled = 0;
        for id in candidates {
            if let Some(message) = self.claim(&id).await? {
                self.deliver(&id, message).await?;
                handled += 1;
            }
        }
        Ok(handled)
    }

    async fn claim(&self, id: &str) -> sqlx::Result<Option<(Message, i64)>> {
        let now = now_ms();
        let claimed = store::claim(&self.db, id, &self.owner, now + LEASE_MS, now).await?;
        Ok(claimed.map(|c| {
            let channel = if c.channel == "sms" { Channel::Sms } else { Channel::Email };
            (Message { channel, to: c.recipient, subject: c.subject, body: c.body }, c.attempts)
        }))
    }

    async fn deliver(&self, id: &str, (message, attempts): (Message, i64)) -> sqlx::Result<()> {
        let result = self.delivery.deliver(id, &message).await;
        let now = now_ms();
        match result {
            Ok(()) => store::mark_delivered(&self.db, id, &self.owner, now).await?,
            Err(e) => {
                tracing::warn!(outbox_id = id, attempts, error = %e, "delivery failed");
                let gave_up = attempts >= MAX_ATTEMPTS || e.downcast_ref::<super::Permanent>().is_some();
                store::mark_attempt_failed(
                    &self.db,
                    id,
                    &self.owner,
                    now + backoff_ms(attempts),
                    gave_up.then_some(now),
                    &e.to_string(),
                )
                .await?;
            }
        }
        Ok(())
    }
}

/// 5 s, 10 s, 20 s ... capped at one hour.
pub fn backoff_ms(attempts: i64) -> i64 {
    let exp = attempts.clamp(1, 20) - 1;
    (5 * SECOND).saturating_mul(1 << exp).min(60 * MINUTE)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn backoff_doubles_and_is_capped_at_an_hour() {
        assert_eq!(backoff_ms(1), 5_000);
        assert_eq!(backoff_ms(2), 10_000);
        assert_eq!(backoff_ms(3), 20_000);
        assert_eq!(backoff_ms(12), 3_600_000);
    }
}
