//! The audit log: who did what, to what, when, from which request, and
//! whether it succeeded. An entry is written in the transaction of the change
//! it records, so it exists exactly when the change was committed; failures
//! (a refused sign-in) are written on their own. The table refuses UPDATE and
//! DELETE (migration 17), and nothing here offers either. Entries carry ids
//! and what the event needs, never codes, tokens or passwords. Every feature
//! records through here; nothing else writes `audit_log`.

mod store;

use serde_json::Value;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    Success,
    Failure,
}

/// One event to record. Build with [`Event::new`] and the setters.
#[derive(Debug)]
pub struct Event<'a> {
    action: &'a str,
    actor: Option<&'a str>,
    vessel_id: Option<&'a str>,
    subject: Option<(&'a str, &'a str)>,
    outcome: Outcome,
    detail: Value,
}

impl<'a> Event<'a> {
    pub fn new(action: &'a str) -> Self {
        Self { action, actor: None, vessel_id: None, subject: None, outcome: Outcome::Success, detail: Value::Null }
    }

    /// The user who caused it; none for the registry itself (a provider's
    /// report, a sweep).
    #[must_use]
    pub fn by(mut self, actor: Option<&'a str>) -> Self {
        self.actor = actor;
        self
    }

    #[must_use]
    pub fn vessel(mut self, vessel_id: &'a str) -> Self {
        self.vessel_id = Some(vessel_id);
        self
    }

    /// What the event is about when that is not (only) a vessel: `user`,
    /// `payment`, `transfer`, `document`, `identity_session`.
    #[must_use]
    pub fn subject(mut self, kind: &'a str, id: &'a str) -> Self {
        self.subject = Some((kind, id));
        self
    }

    #[must_use]
    pub fn failed(mut self) -> Self {
        self.outcome = Outcome::Failure;
        self
    }

    #[must_use]
    pub fn detail(mut self, detail: Value) -> Self {
        self.detail = detail;
        self
    }

    /// Append the entry, inside the caller's transaction or on the pool.
    pub async fn write<'e, E>(self, executor: E) -> sqlx::Result<()>
    where
        E: sqlx::Executor<'e, Database = sqlx::Any>,
    {
        let (subject_type, subject_id) = match self.subject {
            Some((kind, id)) => (Some(kind), Some(id)),
            None => (self.vessel_id.map(|_| "vessel"), self.vessel_id),
        };
        let detail = if self.detail.is_null() { serde_json::json!({}) } else { self.detail };
        store::insert(
            executor,
            store::Entry {
                actor: self.actor,
                action: self.action,
                vessel_id: self.vessel_id,
                subject_type,
                subject_id,
                outcome: match self.outcome {
                    Outcome::Success => "success",
                    Outcome::Failure => "failure",
                },
                detail: detail.to_string(),
            },
        )
        .await?;
        Ok(())
    }
}

/// Record a change to a vessel, in its transaction.
pub async fn record(
    tx: &mut crate::platform::db::Tx<'_>,
    vessel_id: &str,
    actor: Option<&str>,
    action: &str,
    detail: Value,
) -> sqlx::Result<()> {
    Event::new(action).by(actor).vessel(vessel_id).detail(detail).write(&mut **tx).await
}
