//! Delivers outbox messages at least once, with exponential backoff.
//!
//! Several server processes may run this loop against one database. A row is
//! claimed with a conditional UPDATE that sets a lease; only the process whose
//! UPDATE changed the row delivers it, so a message is not delivered twice
//! unless a process dies mid-delivery (then the lease expires and another
//! process retries: at-least-once).

use std::{sync::Arc, time::Duration};

use sqlx::Row;
use tokio::sync::Notify;

use super::{Channel, Delivery, Message};
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

    /// Run until the process ends: drain what is due, then sleep until woken
    /// by a local enqueue or for at most a second (other processes enqueue too).
    pub async fn run(self) {
        loop {
            match self.run_once().await {
                Ok(n) if n > 0 => continue,
                Ok(_) => {}
                Err(e) => tracing::error!(error = ?e, "outbox worker"),
            }
            let _ = tokio::time::timeout(Duration::from_secs(1), self.wake.notified()).await;
        }
    }

    /// Deliver due messages once; returns how many were handled.
    pub async fn run_once(&self) -> anyhow::Result<usize> {
        let now = now_ms();
        let candidates: Vec<String> = sqlx::query(
            "SELECT id FROM outbox
             WHERE delivered_at IS NULL AND failed_at IS NULL AND next_attempt_at <= $1
               AND (lease_until IS NULL OR lease_until < $1)
             ORDER BY next_attempt_at LIMIT $2",
        )
        .bind(now)
        .bind(BATCH)
        .fetch_all(&self.db)
        .await?
        .iter()
        .map(|r| r.try_get("id"))
        .collect::<sqlx::Result<_>>()?;

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
        let row = sqlx::query(
            "UPDATE outbox SET lease_owner = $1, lease_until = $2, attempts = attempts + 1
             WHERE id = $3 AND delivered_at IS NULL AND failed_at IS NULL
               AND (lease_until IS NULL OR lease_until < $4)
             RETURNING channel, recipient, subject, body, attempts",
        )
        .bind(&self.owner)
        .bind(now + LEASE_MS)
        .bind(id)
        .bind(now)
        .fetch_optional(&self.db)
        .await?;
        row.map(|r| -> sqlx::Result<(Message, i64)> {
            let channel = if r.try_get::<&str, _>("channel")? == "sms" { Channel::Sms } else { Channel::Email };
            Ok((
                Message {
                    channel,
                    to: r.try_get("recipient")?,
                    subject: r.try_get("subject")?,
                    body: r.try_get("body")?,
                },
                r.try_get::<i64, _>("attempts")?,
            ))
        })
        .transpose()
    }

    async fn deliver(&self, id: &str, (message, attempts): (Message, i64)) -> sqlx::Result<()> {
        let result = self.delivery.deliver(&message).await;
        let now = now_ms();
        match result {
            Ok(()) => {
                sqlx::query(
                    "UPDATE outbox SET delivered_at = $1, lease_owner = NULL, lease_until = NULL, last_error = NULL
                     WHERE id = $2 AND lease_owner = $3",
                )
                .bind(now)
                .bind(id)
                .bind(&self.owner)
                .execute(&self.db)
                .await?;
            }
            Err(e) => {
                tracing::warn!(outbox_id = id, attempts, error = %e, "delivery failed");
                let gave_up = attempts >= MAX_ATTEMPTS || e.downcast_ref::<super::Permanent>().is_some();
                sqlx::query(
                    "UPDATE outbox SET next_attempt_at = $1, failed_at = $2, last_error = $3,
                         lease_owner = NULL, lease_until = NULL
                     WHERE id = $4 AND lease_owner = $5",
                )
                .bind(now + backoff_ms(attempts))
                .bind(gave_up.then_some(now))
                .bind(e.to_string())
                .bind(id)
                .bind(&self.owner)
                .execute(&self.db)
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
