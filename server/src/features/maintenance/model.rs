//! The record's entries as the API takes and shows them, parsed once.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::{
    foundation::error::{AppError, AppResult},
    foundation::i18n::Msg,
    platform::clock::rfc3339,
};

#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema, strum::EnumString, strum::IntoStaticStr,
)]
#[serde(rename_all = "snake_case")]
#[strum(serialize_all = "snake_case")]
pub enum EntryKind {
    Service,
    Repair,
    Survey,
    /// A valuation: its amount is the vessel's value, not a cost.
    Valuation,
    Upgrade,
    Other,
}

impl EntryKind {
    pub fn as_str(self) -> &'static str {
        self.into()
    }
}

#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RecordEntry {
    pub id: String,
    /// `YYYY-MM-DD`.
    pub date: String,
    pub kind: EntryKind,
    pub description: String,
    /// A cost in cents, or the value for a valuation.
    pub amount_cents: Option<i64>,
    /// One of the vessel's documents, if linked (null once withdrawn).
    pub document_id: Option<String>,
    /// Written by the vessel's current owner (editable by them); otherwise
    /// by a previous owner, shown only as 'Previous owner'.
    pub by_current_owner: bool,
    pub created_at: String,
}

/// An entry's row as the record reads it: `linked_document` is its
/// document while that is still one of the vessel's.
#[derive(sqlx::FromRow)]
pub(super) struct EntryRow {
    pub id: String,
    pub entry_date: String,
    pub kind: String,
    pub description: String,
    pub amount_cents: Option<i64>,
    pub linked_document: Option<String>,
    pub author_user_id: String,
    pub created_at: i64,
}

impl RecordEntry {
    /// The entry in `r`, as shown while `current_owner` owns the vessel.
    pub(super) fn of(r: EntryRow, current_owner: Option<&str>) -> sqlx::Result<Self> {
        Ok(Self {
            id: r.id,
            date: r.entry_date,
            kind: crate::platform::db::stored::<EntryKind>(&r.kind)?,
            description: r.description,
            amount_cents: r.amount_cents,
            document_id: r.linked_document,
            by_current_owner: current_owner == Some(r.author_user_id.as_str()),
            created_at: rfc3339(r.created_at),
        })
    }
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Record {
    /// Newest first.
    pub entries: Vec<RecordEntry>,
    /// The most recent valuation's amount.
    pub latest_valuation_cents: Option<i64>,
    /// Every amount but valuations.
    pub total_spent_cents: i64,
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[allow(clippy::option_option, reason = "in a change, absent, null and a value mean three different things")]
pub struct EntryRequest {
    /// `YYYY-MM-DD`, not in the future.
    #[schema(pattern = r"^[0-9]{4}-[0-9]{2}-[0-9]{2}$")]
    pub date: Option<String>,
    pub kind: Option<EntryKind>,
    #[schema(min_length = 1, max_length = 2000)]
    pub description: Option<String>,
    /// On a change: absent keeps the amount, null removes it.
    #[serde(default, deserialize_with = "present")]
    #[schema(value_type = Option<i64>, minimum = 0, maximum = 100_000_000_000_i64)]
    pub amount_cents: Option<Option<i64>>,
    /// On a change: absent keeps the link, null (or empty) removes it.
    #[serde(default, deserialize_with = "present")]
    #[schema(value_type = Option<String>)]
    pub document_id: Option<Option<String>>,
}

/// A field that was sent, null or not (absent stays `None`).
#[allow(clippy::option_option, reason = "absent, null and a value mean three different things")]
fn present<'de, D, T>(d: D) -> Result<Option<Option<T>>, D::Error>
where
    D: serde::Deserializer<'de>,
    T: Deserialize<'de>,
{
    Option::<T>::deserialize(d).map(Some)
}

/// A complete, checked entry.
pub struct Entry {
    pub date: String,
    pub kind: EntryKind,
    pub description: String,
    pub amount_cents: Option<i64>,
    pub document_id: Option<String>,
}

/// An entry as stored, with its author.
#[derive(sqlx::FromRow)]
pub(super) struct StoredEntryRow {
    pub author_user_id: String,
    pub entry_date: String,
    pub kind: String,
    pub description: String,
    pub amount_cents: Option<i64>,
    pub document_id: Option<String>,
}

impl StoredEntryRow {
    /// The author's id and the entry.
    pub(super) fn into_entry(self) -> sqlx::Result<(String, Entry)> {
        let entry = Entry {
            date: self.entry_date,
            kind: crate::platform::db::stored::<EntryKind>(&self.kind)?,
            description: self.description,
            amount_cents: self.amount_cents,
            document_id: self.document_id,
        };
        Ok((self.author_user_id, entry))
    }
}

impl Entry {
    /// A new entry: date, kind and description are required.
    pub fn parse(r: EntryRequest, today: time::Date) -> AppResult<Self> {
        let mut errors = crate::foundation::error::FieldErrors::new();
        let mut note = |field: &str, message: Msg| errors.entry(field.into()).or_default().push(message);
        let date = match r.date.as_deref() {
            None => {
                note("date", "enter_date".into());
                None
            }
            Some(d) => parse_date(d, today).map_err(|m| note("date", m)).ok(),
        };
        if r.kind.is_none() {
            note("kind", "choose_what_kind_entry".into());
        }
        let description =
            parse_description(r.description.as_deref().unwrap_or_default()).map_err(|m| note("description", m)).ok();
        let amount_cents =
            r.amount_cents.flatten().map(parse_amount).transpose().map_err(|m| note("amountCents", m)).ok();
        match (date, r.kind, description, amount_cents) {
            (Some(date), Some(kind), Some(description), Some(amount_cents)) if errors.is_empty() => Ok(Self {
                date,
                kind,
                description,
                amount_cents,
                document_id: r.document_id.flatten().filter(|d| !d.is_empty()),
            }),
            _ => Err(AppError::fields(errors)),
        }
    }

    /// `change` applied to this entry: absent fields keep their value, a
    /// null amount or document removes it.
    pub fn changed(self, change: EntryRequest, today: time::Date) -> AppResult<Self> {
        Self::parse(
            EntryRequest {
                date: Some(change.date.unwrap_or(self.date)),
                kind: Some(change.kind.unwrap_or(self.kind)),
                description: Some(change.description.unwrap_or(self.description)),
                amount_cents: Some(change.amount_cents.unwrap_or(self.amount_cents)),
                document_id: Some(change.document_id.unwrap_or(self.document_id)),
            },
            today,
        )
    }
}

fn parse_date(raw: &str, today: time::Date) -> Result<String, Msg> {
    let format = time::macros::format_description!("[year]-[month]-[day]");
    let date = time::Date::parse(raw.trim(), &format).map_err(|_| Msg::new("enter_date_yyyy_mm_dd"))?;
    if date > today {
        return Err("date_cannot_future".into());
    }
    if date.year() < 1900 {
        return Err("enter_date_from_1900".into());
    }
    Ok(date.format(&format).unwrap_or_else(|_| raw.trim().to_owned()))
}

fn parse_description(raw: &str) -> Result<String, Msg> {
    let text = raw.trim();
    match text.chars().count() {
        0 => Err("describe_what_done".into()),
        n if n > 2000 => Err("most_2_000_characters".into()),
        _ => Ok(text.to_owned()),
    }
}

fn parse_amount(cents: i64) -> Result<i64, Msg> {
    if (0..=100_000_000_000).contains(&cents) { Ok(cents) } else { Err("enter_amount_from_0_1".into()) }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn today() -> time::Date {
        time::macros::date!(2026 - 11 - 23)
    }

    fn request(date: &str, description: &str, amount: Option<i64>) -> EntryRequest {
        EntryRequest {
            date: Some(date.into()),
            kind: Some(EntryKind::Service),
            description: Some(description.into()),
            amount_cents: Some(amount),
            document_id: None,
        }
    }

    #[test]
    fn an_entry_needs_a_past_date_a_description_and_a_sane_amount() {
        assert!(Entry::parse(request("2026-05-01", "Antifouling", Some(45_000)), today()).is_ok());
        assert!(Entry::parse(request("2026-11-24", "Tomorrow", None), today()).is_err());
        assert!(Entry::parse(request("01-05-2026", "Wrong format", None), today()).is_err());
        assert!(Entry::parse(request("2026-05-01", "   ", None), today()).is_err());
        assert!(Entry::parse(request("2026-05-01", "Refund?", Some(-1)), today()).is_err());
    }
}
