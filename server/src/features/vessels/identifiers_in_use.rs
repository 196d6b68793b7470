//! A registered vessel's CIN, MMSI, IMO and ENI numbers are its own: no two
//! vessels in the registry (active or in transfer) carry the same one. Checked
//! when a vessel is registered, when its fee is asked for and when it is paid;
//! the partial unique indexes of migration 0002 are the last word.

use sqlx::AnyConnection;

use super::store;
use crate::{foundation::error::AppError, foundation::i18n::Msg};

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
    let stored = store::stored_identifiers(conn, vessel_id).await?;
    let values = [
        ("cin", stored.cin),
        ("mmsi", stored.mmsi),
        ("imo_number", stored.imo_number),
        ("eni_number", stored.eni_number),
    ];
    Ok(values.into_iter().filter_map(|(column, value)| value.and_then(|v| UniqueIdentifier::new(column, v))).collect())
}

/// The first identifier another registered vessel already carries, and that vessel.
pub async fn find_taken(
    conn: &mut AnyConnection,
    identifiers: &[UniqueIdentifier],
    except_vessel: Option<&str>,
) -> sqlx::Result<Option<(UniqueIdentifier, String)>> {
    for id in identifiers {
        if let Some(existing) = store::registered_vessel_carrying(conn, id.column, &id.value, except_vessel).await? {
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
    store::insert_identifier_conflict(conn, user_id, identifier.column, &identifier.value, existing_vessel).await
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
