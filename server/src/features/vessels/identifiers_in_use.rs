//! A registered vessel's CIN, MMSI, IMO and ENI numbers are its own: no two
//! vessels in the registry (active or in transfer) carry the same one. Checked
//! when a vessel is registered, when its fee is asked for and when it is paid;
//! the partial unique indexes of migration 0002 are the last word.

use sqlx::{AnyConnection, Row};

use crate::{foundation::error::AppError, foundation::i18n::Msg, platform::clock::now_ms, platform::ids::new_id};

/// One identifier that must be unique, named for people (by its acronym, the same in every
/// language) and for the table.
#[derive(Clone, Debug)]
pub struct UniqueIdentifier {
    pub label: &'static str,
    pub column: &'static str,
    pub value: String,
}

const COLUMNS: [(&str, &str); 4] = [("CIN/HIN", "cin"), ("MMSI", "mmsi"), ("IMO", "imo_number"), ("ENI", "eni_number")];

impl UniqueIdentifier {
    /// `value` for the identifier stored in `column`; `unknown` is nobody's.
    pub fn new(column: &str, value: String) -> Option<Self> {
        let (label, column) = COLUMNS.into_iter().find(|(_, c)| *c == column)?;
        (value != crate::domain::identifiers::UNKNOWN).then_some(Self { label, column, value })
    }
}

/// The unique identifiers a stored vessel carries.
pub async fn of_vessel(conn: &mut AnyConnection, vessel_id: &str) -> sqlx::Result<Vec<UniqueIdentifier>> {
    let row = sqlx::query("SELECT cin, mmsi, imo_number, eni_number FROM vessels WHERE id = $1")
        .bind(vessel_id)
        .fetch_one(&mut *conn)
        .await?;
    let mut identifiers = Vec::new();
    for (_, column) in &COLUMNS {
        if let Some(id) = row.try_get::<Option<String>, _>(*column)?.and_then(|v| UniqueIdentifier::new(column, v)) {
            identifiers.push(id);
        }
    }
    Ok(identifiers)
}

/// The first identifier another registered vessel already carries, and that vessel.
pub async fn find_taken(
    conn: &mut AnyConnection,
    identifiers: &[UniqueIdentifier],
    except_vessel: Option<&str>,
) -> sqlx::Result<Option<(UniqueIdentifier, String)>> {
    for id in identifiers {
        let existing: Option<String> = sqlx::query(&format!(
            "SELECT id FROM vessels WHERE {} = $1 AND status IN ('active', 'in_transfer') AND id <> $2",
            id.column
        ))
        .bind(&id.value)
        .bind(except_vessel.unwrap_or(""))
        .fetch_optional(&mut *conn)
        .await?
        .map(|r| r.try_get("id"))
        .transpose()?;
        if let Some(existing) = existing {
            return Ok(Some((id.clone(), existing)));
        }
    }
    Ok(None)
}

/// Keep the attempt for the administrators.
pub async fn record_conflict(
    conn: &mut AnyConnection,
    user_id: &str,
    identifier: &UniqueIdentifier,
    existing_vessel: &str,
) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO identifier_conflicts (id, user_id, identifier_type, identifier_value, existing_vessel_id, created_at)
         VALUES ($1, $2, $3, $4, $5, $6)",
    )
    .bind(new_id())
    .bind(user_id)
    .bind(identifier.column)
    .bind(&identifier.value)
    .bind(existing_vessel)
    .bind(now_ms())
    .execute(&mut *conn)
    .await?;
    Ok(())
}

/// 409 naming the identifier, never the other owner.
pub fn conflict(identifier: &UniqueIdentifier) -> AppError {
    AppError::Conflict(
        Msg::new("identifier_in_use").arg("identifier", identifier.label).arg("value", &identifier.value),
    )
}

/// Refuse (409) and record the attempt when another registered vessel carries one of them.
pub async fn refuse_taken(
    conn: &mut AnyConnection,
    user_id: &str,
    identifiers: &[UniqueIdentifier],
    except_vessel: Option<&str>,
) -> Result<(), AppError> {
    if let Some((identifier, existing)) = find_taken(conn, identifiers, except_vessel).await? {
        record_conflict(conn, user_id, &identifier, &existing).await?;
        return Err(conflict(&identifier));
    }
    Ok(())
}
