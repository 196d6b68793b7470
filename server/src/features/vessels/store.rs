//! Every SQL statement of the vessels feature but the public search's
//! (`search::store`), and the one place here where the SQL differs by
//! backend (the vessel page's JSON aggregate). Transactions are opened and
//! committed by the callers; each function runs in the executor it is given.

use sqlx::{AnyConnection, FromRow};

use super::model::{
    ActivationCheck, Column, ContactRow, Link, PageRow, PayableRow, QueuedRequest, REQUEST_COLUMNS, RequestRow,
    StoredEvent, StoredIdentifiers, VESSEL_COLUMNS, VESSEL_COLUMNS_OWNER_JOINED, Vessel, VesselRow,
};
use crate::platform::{
    clock::now_ms,
    db::{Backend, Db, ReadLane, Tx},
    ids::new_id,
};

// ---------------------------------------------------------------- reading vessels

/// The vessel with id `vessel_id`, and its owner's id (which [`Vessel`] does not carry).
pub(super) async fn vessel_with_owner(
    tx: &mut Tx<'_>,
    vessel_id: &str,
) -> sqlx::Result<Option<(Vessel, Option<String>)>> {
    let row: Option<VesselRow> = sqlx::query_as(&format!("SELECT {VESSEL_COLUMNS} FROM vessels v WHERE v.id = $1"))
        .bind(vessel_id)
        .fetch_optional(&mut **tx)
        .await?;
    row.map(|row| {
        let owner = row.owner_user_id.clone();
        Ok((row.into_vessel()?, owner))
    })
    .transpose()
}

/// The vessel with id `vessel_id`.
pub(super) async fn vessel(tx: &mut Tx<'_>, vessel_id: &str) -> sqlx::Result<Option<Vessel>> {
    Ok(vessel_with_owner(tx, vessel_id).await?.map(|(vessel, _)| vessel))
}

/// The user's vessels in every state but canceled, newest first.
pub(super) async fn owned_by(db: &Db, user_id: &str) -> sqlx::Result<Vec<Vessel>> {
    sqlx::query_as(&format!(
        "SELECT {VESSEL_COLUMNS} FROM vessels v WHERE v.owner_user_id = $1 AND v.canceled_at IS NULL
         ORDER BY v.created_at DESC, v.id DESC"
    ))
    .bind(user_id)
    .fetch_all(db)
    .await
}

/// The console's list: how many vessels match, and `limit` of them from
/// `offset` on, newest first. `query` is matched as a fragment of the name,
/// make or model (any case) or of the platform ID; the text filter scans.
pub(super) async fn count_and_page_for_admin(
    db: &Db,
    status: Option<&str>,
    country: Option<&str>,
    query: Option<&str>,
    limit: i64,
    offset: i64,
) -> sqlx::Result<(i64, Vec<Vessel>)> {
    let like = query.map(|q| {
        let folded: String = q.to_lowercase().chars().filter(|c| !matches!(c, '%' | '_' | '\\')).collect();
        format!("%{folded}%")
    });
    let compact = query.map(|q| format!("%{}%", q.to_ascii_uppercase().replace(['-', ' '], "")));
    // Every condition is always bound; an absent filter is `$n IS NULL`.
    let filter = "WHERE ($1 IS NULL OR v.status = $1) AND ($2 IS NULL OR v.country_code = $2)
          AND ($3 IS NULL OR LOWER(COALESCE(v.name, '')) LIKE $3 OR LOWER(v.make) LIKE $3 OR LOWER(v.model) LIKE $3
               OR v.platform_id LIKE $4)";
    let total: i64 = sqlx::query_scalar(&format!("SELECT COUNT(*) AS n FROM vessels v {filter}"))
        .bind(status)
        .bind(country)
        .bind(like.as_deref())
        .bind(compact.as_deref())
        .fetch_one(db)
        .await?;
    let vessels = sqlx::query_as(&format!(
        "SELECT {VESSEL_COLUMNS} FROM vessels v {filter} ORDER BY v.id DESC LIMIT $5 OFFSET $6"
    ))
    .bind(status)
    .bind(country)
    .bind(like.as_deref())
    .bind(compact.as_deref())
    .bind(limit)
    .bind(offset)
    .fetch_all(db)
    .await?;
    Ok((total, vessels))
}

/// A subquery answering the rows of `from` as one JSON array of arrays of
/// `items`, in `order`, as text: how each backend writes it.
fn json_rows(backend: Backend, items: &str, from: &str, order: &str) -> String {
    match backend {
        Backend::Sqlite => format!("(SELECT json_group_array(json_array({items}) ORDER BY {order}) FROM {from})"),
        Backend::Postgres => {
            format!("(SELECT COALESCE(json_agg(json_build_array({items}) ORDER BY {order}), '[]')::text FROM {from})")
        }
    }
}

/// The vessel page in one statement, on the read lane: the vessel, its
/// current owner's verification (joined, so the owner's row is read once)
/// and its ownership history and corrections (aggregated to JSON). One
/// statement is one round trip to the database, which is most of what a page
/// view costs (docs/PERFORMANCE.md).
pub(super) async fn vessel_page(lane: &ReadLane, backend: Backend, platform_id: &str) -> sqlx::Result<Option<PageRow>> {
    let history = json_rows(
        backend,
        "h.owner_user_id, h.acquisition_type, h.acquired_at, h.transferred_out_at",
        "ownership_history h WHERE h.vessel_id = v.id",
        "h.acquired_at DESC, h.id DESC",
    );
    let corrections = json_rows(
        backend,
        "c.field, c.from_value, c.to_value, c.made_by, c.corrected_at",
        "vessel_corrections c WHERE c.vessel_id = v.id",
        "c.corrected_at DESC, c.id DESC",
    );
    let sql = format!(
        "SELECT {VESSEL_COLUMNS_OWNER_JOINED}, u.id AS owner_id, u.email_verified_at AS owner_email_verified_at,
                u.phone_verified_at AS owner_phone_verified_at, u.identity_verification_status AS owner_identity,
                {history} AS history, {corrections} AS corrections
         FROM vessels v LEFT JOIN users u ON u.id = v.owner_user_id WHERE v.platform_id = $1"
    );
    let query = sqlx::query(&sql).bind(platform_id);
    let row = lane.acquire().await?.fetch_optional(query).await?;
    row.as_ref().map(PageRow::from_row).transpose()
}

/// The owner of vessel `vessel_id`: none when it has none, or when there is no such vessel.
pub(super) async fn owner_of(tx: &mut Tx<'_>, vessel_id: &str) -> sqlx::Result<Option<String>> {
    sqlx::query_scalar::<_, Option<String>>("SELECT owner_user_id, status FROM vessels WHERE id = $1")
        .bind(vessel_id)
        .fetch_optional(&mut **tx)
        .await
        .map(Option::flatten)
}

/// What paying vessel `vessel_id`'s registration fee is checked against.
pub(super) async fn payable(db: &Db, vessel_id: &str) -> sqlx::Result<Option<PayableRow>> {
    sqlx::query_as("SELECT owner_user_id, status, make, model, platform_id FROM vessels WHERE id = $1")
        .bind(vessel_id)
        .fetch_optional(db)
        .await
}

/// The listed active vessel with this platform ID, with its owner's address
/// and language (none when the owner archived the account).
pub(super) async fn listed_vessel_for_contact(db: &Db, platform_id: &str) -> sqlx::Result<Option<ContactRow>> {
    sqlx::query_as(
        "SELECT v.id, v.name, v.for_sale, u.email, u.language FROM vessels v
         JOIN users u ON u.id = v.owner_user_id AND u.archived_at IS NULL
         WHERE v.platform_id = $1 AND v.status = 'active' AND v.public_visibility = 1",
    )
    .bind(platform_id)
    .fetch_optional(db)
    .await
}

/// How many vessels are in the registry (active or in transfer).
pub(super) async fn registered_vessels(db: &Db) -> sqlx::Result<i64> {
    // Read from the counts the vessels table's triggers keep (migration 19).
    sqlx::query_scalar(
        "SELECT CAST(COALESCE(SUM(n), 0) AS BIGINT) AS n FROM vessel_counts
             WHERE status IN ('active', 'in_transfer')",
    )
    .fetch_one(db)
    .await
}

// ---------------------------------------------------------------- the owner's changes

/// Bind `columns`' values in order.
fn bind_columns<'q>(
    mut query: sqlx::query::Query<'q, sqlx::Any, sqlx::any::AnyArguments<'q>>,
    columns: &'q [(&'static str, Column)],
) -> sqlx::query::Query<'q, sqlx::Any, sqlx::any::AnyArguments<'q>> {
    for (_, value) in columns {
        query = match value {
            Column::Text(t) => query.bind(t.as_deref()),
            Column::Int(i) => query.bind(*i),
        };
    }
    query
}

/// Insert a vessel with `columns`. A unique violation (on a pending vessel,
/// only the platform ID's index) is the caller's to handle.
pub(super) async fn insert_vessel(tx: &mut Tx<'_>, columns: &[(&'static str, Column)]) -> sqlx::Result<()> {
    let names = columns.iter().map(|(name, _)| *name).collect::<Vec<_>>().join(", ");
    let placeholders = (1..=columns.len()).map(|n| format!("${n}")).collect::<Vec<_>>().join(", ");
    let sql = format!("INSERT INTO vessels ({names}) VALUES ({placeholders})");
    bind_columns(sqlx::query(&sql), columns).execute(&mut **tx).await?;
    Ok(())
}

/// A registered vessel's first owner, as the cards' ownership summary counts it.
pub(super) async fn set_first_ownership(tx: &mut Tx<'_>, vessel_id: &str, at: i64) -> sqlx::Result<()> {
    sqlx::query("UPDATE vessels SET owners_count = 1, first_owned_at = $1 WHERE id = $2")
        .bind(at)
        .bind(vessel_id)
        .execute(&mut **tx)
        .await?;
    Ok(())
}

/// Set the flags, only while the vessel is still `owner`'s: a transfer
/// completing since the caller's read wins. The rows changed.
pub(super) async fn set_flags_if_owner(
    tx: &mut Tx<'_>,
    vessel_id: &str,
    owner: &str,
    public_visibility: bool,
    for_sale: bool,
) -> sqlx::Result<u64> {
    Ok(sqlx::query("UPDATE vessels SET public_visibility = $1, for_sale = $2 WHERE id = $3 AND owner_user_id = $4")
        .bind(i64::from(public_visibility))
        .bind(i64::from(for_sale))
        .bind(vessel_id)
        .bind(owner)
        .execute(&mut **tx)
        .await?
        .rows_affected())
}

/// Write `columns` and raise the particulars version, if the vessel is still
/// at `version`, not deactivated, and (with `owner`) still theirs. The rows
/// changed; a unique violation (an identifier taken meanwhile) is the
/// caller's to handle.
pub(super) async fn update_particulars(
    tx: &mut Tx<'_>,
    vessel_id: &str,
    version: i64,
    columns: &[(&'static str, Column)],
    owner: Option<&str>,
) -> sqlx::Result<u64> {
    let sets: Vec<String> = columns.iter().enumerate().map(|(i, (name, _))| format!("{name} = ${}", i + 1)).collect();
    let n = columns.len();
    let sql = format!(
        "UPDATE vessels SET {}, particulars_version = particulars_version + 1
         WHERE id = ${} AND particulars_version = ${} AND status <> 'deactivated'
           AND (${} IS NULL OR owner_user_id = ${})",
        sets.join(", "),
        n + 1,
        n + 2,
        n + 3,
        n + 3
    );
    Ok(bind_columns(sqlx::query(&sql), columns)
        .bind(vessel_id)
        .bind(version)
        .bind(owner)
        .execute(&mut **tx)
        .await?
        .rows_affected())
}

/// Keep one correction of a vessel's particulars.
pub(super) async fn insert_correction(
    tx: &mut Tx<'_>,
    vessel_id: &str,
    field: &str,
    from: Option<String>,
    to: Option<String>,
    made_by: &str,
    user_id: &str,
) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO vessel_corrections (id, vessel_id, field, from_value, to_value, made_by, user_id, corrected_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
    )
    .bind(new_id())
    .bind(vessel_id)
    .bind(field)
    .bind(from)
    .bind(to)
    .bind(made_by)
    .bind(user_id)
    .bind(now_ms())
    .execute(&mut **tx)
    .await?;
    Ok(())
}

// ---------------------------------------------------------------- correction requests

/// Lock the vessel's row if it is `owner`'s (an update that changes nothing),
/// so that its requests are counted one at a time. The rows locked.
pub(super) async fn lock_owned_vessel(tx: &mut Tx<'_>, vessel_id: &str, owner: &str) -> sqlx::Result<u64> {
    Ok(sqlx::query("UPDATE vessels SET particulars_version = particulars_version WHERE id = $1 AND owner_user_id = $2")
        .bind(vessel_id)
        .bind(owner)
        .execute(&mut **tx)
        .await?
        .rows_affected())
}

/// A correction request to insert.
pub(super) struct NewRequest<'a> {
    pub(super) id: &'a str,
    pub(super) vessel_id: &'a str,
    pub(super) requested_by: &'a str,
    pub(super) field: &'a str,
    pub(super) value: &'a str,
    pub(super) reason: &'a str,
}

/// Insert a pending request while fewer than `max_pending` of its vessel's
/// wait. The rows inserted.
pub(super) async fn insert_request_if_room(
    tx: &mut Tx<'_>,
    request: &NewRequest<'_>,
    max_pending: i64,
) -> sqlx::Result<u64> {
    Ok(sqlx::query(
        "INSERT INTO correction_requests (id, vessel_id, requested_by, field, value, reason, status, created_at)
         SELECT $1, $2, $3, $4, $5, $6, 'pending', $7
         WHERE (SELECT COUNT(*) FROM correction_requests WHERE vessel_id = $2 AND status = 'pending') < $8",
    )
    .bind(request.id)
    .bind(request.vessel_id)
    .bind(request.requested_by)
    .bind(request.field)
    .bind(request.value)
    .bind(request.reason)
    .bind(now_ms())
    .bind(max_pending)
    .execute(&mut **tx)
    .await?
    .rows_affected())
}

/// The request with id `id`.
pub(super) async fn request(tx: &mut Tx<'_>, id: &str) -> sqlx::Result<Option<RequestRow>> {
    sqlx::query_as(&format!(
        "SELECT {REQUEST_COLUMNS} FROM correction_requests r JOIN users u ON u.id = r.requested_by WHERE r.id = $1"
    ))
    .bind(id)
    .fetch_optional(&mut **tx)
    .await
}

/// A vessel's requests, newest first.
pub(super) async fn requests_of_vessel(tx: &mut Tx<'_>, vessel_id: &str) -> sqlx::Result<Vec<RequestRow>> {
    sqlx::query_as(&format!(
        "SELECT {REQUEST_COLUMNS} FROM correction_requests r JOIN users u ON u.id = r.requested_by
         WHERE r.vessel_id = $1 ORDER BY r.created_at DESC, r.id DESC"
    ))
    .bind(vessel_id)
    .fetch_all(&mut **tx)
    .await
}

/// Requests in `status` with their vessels, oldest first (the queue), at most 200.
pub(super) async fn requests_for_admin(db: &Db, status: &str) -> sqlx::Result<Vec<QueuedRequest>> {
    sqlx::query_as(&format!(
        "SELECT {REQUEST_COLUMNS}, {VESSEL_COLUMNS} FROM correction_requests r
         JOIN users u ON u.id = r.requested_by JOIN vessels v ON v.id = r.vessel_id
         WHERE r.status = $1 ORDER BY r.created_at, r.id LIMIT 200"
    ))
    .bind(status)
    .fetch_all(db)
    .await
}

/// Record the decision on a request still pending. The rows changed.
pub(super) async fn decide_if_pending(
    tx: &mut Tx<'_>,
    request_id: &str,
    status: &str,
    admin: &str,
    note: Option<&str>,
) -> sqlx::Result<u64> {
    Ok(sqlx::query(
        "UPDATE correction_requests SET status = $1, decided_by = $2, decision_note = $3, decided_at = $4
         WHERE id = $5 AND status = 'pending'",
    )
    .bind(status)
    .bind(admin)
    .bind(note)
    .bind(now_ms())
    .bind(request_id)
    .execute(&mut **tx)
    .await?
    .rows_affected())
}

/// The email address and language of whoever asked, unless they archived their account.
pub(super) async fn requester_contact(tx: &mut Tx<'_>, request_id: &str) -> sqlx::Result<Option<(String, String)>> {
    sqlx::query_as(
        "SELECT u.email, u.language FROM correction_requests r JOIN users u ON u.id = r.requested_by
         WHERE r.id = $1 AND u.archived_at IS NULL",
    )
    .bind(request_id)
    .fetch_optional(&mut **tx)
    .await
}

// ---------------------------------------------------------------- identifiers in use

/// The unique identifiers stored on vessel `vessel_id`.
pub(super) async fn stored_identifiers(conn: &mut AnyConnection, vessel_id: &str) -> sqlx::Result<StoredIdentifiers> {
    sqlx::query_as("SELECT cin, mmsi, imo_number, eni_number FROM vessels WHERE id = $1")
        .bind(vessel_id)
        .fetch_one(&mut *conn)
        .await
}

/// The registered vessel (active or in transfer) other than `except_vessel`
/// whose `column` holds `value`, if any.
pub(super) async fn registered_vessel_carrying(
    conn: &mut AnyConnection,
    column: &str,
    value: &str,
    except_vessel: Option<&str>,
) -> sqlx::Result<Option<String>> {
    sqlx::query_scalar(&format!(
        "SELECT id FROM vessels WHERE {column} = $1 AND status IN ('active', 'in_transfer') AND id <> $2"
    ))
    .bind(value)
    .bind(except_vessel.unwrap_or(""))
    .fetch_optional(&mut *conn)
    .await
}

/// Keep an attempt to use an identifier another vessel carries, for the administrators.
pub(super) async fn insert_identifier_conflict(
    conn: &mut AnyConnection,
    user_id: &str,
    column: &str,
    value: &str,
    existing_vessel: &str,
) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO identifier_conflicts (id, user_id, identifier_type, identifier_value, existing_vessel_id, created_at)
         VALUES ($1, $2, $3, $4, $5, $6)",
    )
    .bind(new_id())
    .bind(user_id)
    .bind(column)
    .bind(value)
    .bind(existing_vessel)
    .bind(now_ms())
    .execute(&mut *conn)
    .await?;
    Ok(())
}

// ---------------------------------------------------------------- the lifecycle

/// 1 when the vessel still awaits its fee and is `payer`'s, else 0.
pub(super) async fn count_awaiting_fee(tx: &mut Tx<'_>, vessel_id: &str, payer: &str) -> sqlx::Result<i64> {
    sqlx::query_scalar(
        "SELECT COUNT(*) FROM vessels WHERE id = $1 AND owner_user_id = $2 AND status = 'pending_payment'",
    )
    .bind(vessel_id)
    .bind(payer)
    .fetch_one(&mut **tx)
    .await
}

/// `pending_payment` → `active`, listed from now. The rows changed; a unique
/// violation (an identifier taken concurrently) is the caller's to handle.
pub(super) async fn activate_if_pending(conn: &mut AnyConnection, vessel_id: &str) -> sqlx::Result<u64> {
    Ok(sqlx::query("UPDATE vessels SET status = 'active', listed_at = $1 WHERE id = $2 AND status = 'pending_payment'")
        .bind(now_ms())
        .bind(vessel_id)
        .execute(&mut *conn)
        .await?
        .rows_affected())
}

/// `pending_payment` → `needs_review` with `reason`. The rows changed.
pub(super) async fn hold_pending_for_review(tx: &mut Tx<'_>, vessel_id: &str, reason: &str) -> sqlx::Result<u64> {
    Ok(sqlx::query(
        "UPDATE vessels SET status = 'needs_review', review_reason = $1 WHERE id = $2 AND status = 'pending_payment'",
    )
    .bind(reason)
    .bind(vessel_id)
    .execute(&mut **tx)
    .await?
    .rows_affected())
}

/// The ids of `owner`'s vessels not deactivated.
pub(super) async fn undeactivated_vessels_of(tx: &mut Tx<'_>, owner: &str) -> sqlx::Result<Vec<String>> {
    crate::platform::db::ids(tx, "SELECT id FROM vessels WHERE owner_user_id = $1 AND status <> 'deactivated'", owner)
        .await
}

/// Deactivate a vessel of an owner archiving the account and erase the phone
/// stored on it, only while it is still theirs: a sale completing meanwhile
/// handed it to its buyer, whose vessel it stays. The rows changed.
pub(super) async fn deactivate_for_archived_owner(tx: &mut Tx<'_>, vessel_id: &str, owner: &str) -> sqlx::Result<u64> {
    Ok(sqlx::query(
        "UPDATE vessels SET status = 'deactivated', owner_phone_e164 = '', deactivation_reason = 'account_archived',
                 deactivation_note = NULL
             WHERE id = $1 AND owner_user_id = $2 AND status <> 'deactivated'",
    )
    .bind(vessel_id)
    .bind(owner)
    .execute(&mut **tx)
    .await?
    .rows_affected())
}

/// Erase the phone stored on `owner`'s vessels, deactivated ones too.
pub(super) async fn erase_owner_phone(tx: &mut Tx<'_>, owner: &str) -> sqlx::Result<()> {
    sqlx::query("UPDATE vessels SET owner_phone_e164 = '' WHERE owner_user_id = $1 AND owner_phone_e164 <> ''")
        .bind(owner)
        .execute(&mut **tx)
        .await?;
    Ok(())
}

/// Cancel the registration, only while it is still `pending_payment` and
/// `owner`'s. The rows changed.
pub(super) async fn cancel_if_pending(tx: &mut Tx<'_>, vessel_id: &str, owner: &str) -> sqlx::Result<u64> {
    Ok(sqlx::query(
        "UPDATE vessels SET status = 'deactivated', canceled_at = $1, deactivation_reason = 'registration_canceled'
         WHERE id = $2 AND owner_user_id = $3 AND status = 'pending_payment'",
    )
    .bind(now_ms())
    .bind(vessel_id)
    .bind(owner)
    .execute(&mut **tx)
    .await?
    .rows_affected())
}

/// An administrator's deactivation, of an `active` or `needs_review` vessel
/// only. The rows changed.
pub(super) async fn deactivate_for_admin(tx: &mut Tx<'_>, vessel_id: &str, note: &str) -> sqlx::Result<u64> {
    Ok(sqlx::query(
        "UPDATE vessels SET status = 'deactivated', deactivation_reason = 'administrator', deactivation_note = $1
             WHERE id = $2 AND status IN ('active', 'needs_review')",
    )
    .bind(note)
    .bind(vessel_id)
    .execute(&mut **tx)
    .await?
    .rows_affected())
}

/// A refunded registration's deactivation, whatever state the vessel is in. The rows changed.
pub(super) async fn deactivate_refunded(tx: &mut Tx<'_>, vessel_id: &str, note: &str) -> sqlx::Result<u64> {
    Ok(sqlx::query(
        "UPDATE vessels SET status = 'deactivated', review_reason = NULL, deactivation_reason = 'refunded',
             deactivation_note = $1
         WHERE id = $2 AND status <> 'deactivated'",
    )
    .bind(note)
    .bind(vessel_id)
    .execute(&mut **tx)
    .await?
    .rows_affected())
}

/// Lock the vessel owner's row while the account is open (a no-op update),
/// so that archiving the account cannot commit between the caller's check
/// and its activation of the vessel.
pub(super) async fn lock_open_owner(tx: &mut Tx<'_>, vessel_id: &str) -> sqlx::Result<()> {
    sqlx::query(
        "UPDATE users SET archived_at = archived_at
         WHERE id = (SELECT owner_user_id FROM vessels WHERE id = $1) AND archived_at IS NULL",
    )
    .bind(vessel_id)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// What an administrator's activation of vessel `vessel_id` is checked against.
pub(super) async fn activation_check(tx: &mut Tx<'_>, vessel_id: &str) -> sqlx::Result<ActivationCheck> {
    sqlx::query_as(
        "SELECT v.status,
             (SELECT COUNT(*) FROM users u WHERE u.id = v.owner_user_id AND u.archived_at IS NULL) AS owner_open,
             (SELECT COUNT(*) FROM payments p WHERE p.vessel_id = v.id AND p.purpose = 'registration'
                 AND p.status = 'succeeded'
                 AND NOT EXISTS (SELECT 1 FROM payment_refunds r WHERE r.payment_id = p.id AND r.status <> 'failed'))
                 AS paid,
             (SELECT COUNT(*) FROM ownership_events e WHERE e.vessel_id = v.id) AS chained
         FROM vessels v WHERE v.id = $1",
    )
    .bind(vessel_id)
    .fetch_one(&mut **tx)
    .await
}

/// `from` → `active`, listed from now unless it was before. The rows
/// changed; a unique violation (another vessel carries one of its
/// identifiers) is the caller's to handle.
pub(super) async fn activate_from(conn: &mut AnyConnection, vessel_id: &str, from: &str) -> sqlx::Result<u64> {
    Ok(sqlx::query(
        "UPDATE vessels SET status = 'active', review_reason = NULL, listed_at = COALESCE(listed_at, $1),
             deactivation_reason = NULL, deactivation_note = NULL, canceled_at = NULL
         WHERE id = $2 AND status = $3",
    )
    .bind(now_ms())
    .bind(vessel_id)
    .bind(from)
    .execute(&mut *conn)
    .await?
    .rows_affected())
}

/// Lock the vessel's row (an update that changes nothing): a refund of its
/// registration fee reserves under the same lock (`payments::refunds`), so a
/// check in a statement of its own after this sees a reservation committed
/// while this waited.
pub(super) async fn lock_vessel(tx: &mut Tx<'_>, vessel_id: &str) -> sqlx::Result<()> {
    sqlx::query("UPDATE vessels SET status = status WHERE id = $1").bind(vessel_id).execute(&mut **tx).await?;
    Ok(())
}

/// `active` → `in_transfer`, for `owner`'s vessel only, and not while its
/// registration fee is being (or has been) refunded. The rows changed.
pub(super) async fn start_transfer_if_active(tx: &mut Tx<'_>, vessel_id: &str, owner: &str) -> sqlx::Result<u64> {
    Ok(sqlx::query(
        "UPDATE vessels SET status = 'in_transfer'
         WHERE id = $1 AND owner_user_id = $2 AND status = 'active' AND stolen_status IS NULL
           AND NOT EXISTS (SELECT 1 FROM payment_refunds r JOIN payments p ON p.id = r.payment_id
                           WHERE p.vessel_id = $1 AND p.purpose = 'registration' AND r.status <> 'failed'
                             AND r.cause = 'administrator')",
    )
    .bind(vessel_id)
    .bind(owner)
    .execute(&mut **tx)
    .await?
    .rows_affected())
}

/// An open theft report's public part onto the vessel of `owner` (active or
/// in transfer, not reported already). The rows changed.
pub(super) async fn mark_stolen(
    tx: &mut Tx<'_>,
    vessel_id: &str,
    owner: &str,
    reported_at: i64,
    stolen_at: i64,
    place: &str,
) -> sqlx::Result<u64> {
    Ok(sqlx::query(
        "UPDATE vessels SET stolen_status = 'reported', stolen_reported_at = $1, stolen_at = $2, stolen_place = $3
         WHERE id = $4 AND owner_user_id = $5 AND status IN ('active', 'in_transfer') AND stolen_status IS NULL",
    )
    .bind(reported_at)
    .bind(stolen_at)
    .bind(place)
    .bind(vessel_id)
    .bind(owner)
    .execute(&mut **tx)
    .await?
    .rows_affected())
}

/// A reported theft checked: `reported` → `confirmed`. The rows changed.
pub(super) async fn confirm_stolen(tx: &mut Tx<'_>, vessel_id: &str) -> sqlx::Result<u64> {
    Ok(sqlx::query("UPDATE vessels SET stolen_status = 'confirmed' WHERE id = $1 AND stolen_status = 'reported'")
        .bind(vessel_id)
        .execute(&mut **tx)
        .await?
        .rows_affected())
}

/// The theft report ends (recovered, or removed as false). The rows changed.
pub(super) async fn clear_stolen(tx: &mut Tx<'_>, vessel_id: &str) -> sqlx::Result<u64> {
    Ok(sqlx::query(
        "UPDATE vessels SET stolen_status = NULL, stolen_reported_at = NULL, stolen_at = NULL, stolen_place = NULL
         WHERE id = $1 AND stolen_status IS NOT NULL",
    )
    .bind(vessel_id)
    .execute(&mut **tx)
    .await?
    .rows_affected())
}

/// `in_transfer` → `active`. The rows changed.
pub(super) async fn end_transfer_if_in_transfer(tx: &mut Tx<'_>, vessel_id: &str) -> sqlx::Result<u64> {
    Ok(sqlx::query("UPDATE vessels SET status = 'active' WHERE id = $1 AND status = 'in_transfer'")
        .bind(vessel_id)
        .execute(&mut **tx)
        .await?
        .rows_affected())
}

/// A vessel in transfer from `from` loses its owner (and the owner's phone)
/// until its buyer claims it. The rows changed.
/// A transfer completes only while no active lien stands against it: none,
/// or every active one consented to `transfer_id`.
pub(super) async fn release_if_in_transfer(
    tx: &mut Tx<'_>,
    vessel_id: &str,
    from: &str,
    transfer_id: &str,
) -> sqlx::Result<u64> {
    Ok(sqlx::query(
        "UPDATE vessels SET owner_user_id = NULL, owner_phone_e164 = ''
         WHERE id = $1 AND owner_user_id = $2 AND status = 'in_transfer' AND stolen_status IS NULL
           AND (active_liens = 0 OR (lien_consents_for = $3 AND lien_consents >= active_liens))",
    )
    .bind(vessel_id)
    .bind(from)
    .bind(transfer_id)
    .execute(&mut **tx)
    .await?
    .rows_affected())
}

/// A released vessel still waiting for its claim → `needs_review` with
/// `reason`. The rows changed.
pub(super) async fn hold_unclaimed(tx: &mut Tx<'_>, vessel_id: &str, reason: &str) -> sqlx::Result<u64> {
    Ok(sqlx::query(
        "UPDATE vessels SET status = 'needs_review', review_reason = $1
         WHERE id = $2 AND status = 'in_transfer' AND owner_user_id IS NULL",
    )
    .bind(reason)
    .bind(vessel_id)
    .execute(&mut **tx)
    .await?
    .rows_affected())
}

/// A vessel held for review with `reason` and no owner → `active` with `to`
/// as owner (and `to`'s phone). The rows changed.
pub(super) async fn assign_unclaimed(tx: &mut Tx<'_>, vessel_id: &str, to: &str, reason: &str) -> sqlx::Result<u64> {
    Ok(sqlx::query(
        "UPDATE vessels SET owner_user_id = $1, status = 'active', review_reason = NULL,
             owner_phone_e164 = COALESCE((SELECT phone_e164 FROM users WHERE id = $1), '')
         WHERE id = $2 AND owner_user_id IS NULL AND status = 'needs_review' AND review_reason = $3",
    )
    .bind(to)
    .bind(vessel_id)
    .bind(reason)
    .execute(&mut **tx)
    .await?
    .rows_affected())
}

/// `in_transfer` from `from` (`None`: released, no owner) → `active` with
/// `to` as owner (and `to`'s phone). The rows changed.
pub(super) async fn pass_in_transfer(
    tx: &mut Tx<'_>,
    vessel_id: &str,
    from: Option<&str>,
    to: &str,
    transfer_id: &str,
) -> sqlx::Result<u64> {
    // A claim (no `from`) follows a release that was checked for liens already.
    Ok(sqlx::query(
        "UPDATE vessels SET owner_user_id = $1, status = 'active',
             owner_phone_e164 = COALESCE((SELECT phone_e164 FROM users WHERE id = $1), '')
         WHERE id = $2 AND COALESCE(owner_user_id, '') = $3 AND status = 'in_transfer' AND stolen_status IS NULL
           AND ($3 = '' OR active_liens = 0 OR (lien_consents_for = $4 AND lien_consents >= active_liens))",
    )
    .bind(to)
    .bind(vessel_id)
    .bind(from.unwrap_or_default())
    .bind(transfer_id)
    .execute(&mut **tx)
    .await?
    .rows_affected())
}

/// End `owner`'s open ownership entry of the vessel at `at`.
pub(super) async fn end_ownership(tx: &mut Tx<'_>, vessel_id: &str, owner: &str, at: i64) -> sqlx::Result<()> {
    sqlx::query(
        "UPDATE ownership_history SET transferred_out_at = $1
         WHERE vessel_id = $2 AND owner_user_id = $3 AND transferred_out_at IS NULL",
    )
    .bind(at)
    .bind(vessel_id)
    .bind(owner)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// Start `owner`'s ownership entry of the vessel at `at` (a registration's
/// first, or a transfer's or claim's).
pub(super) async fn insert_ownership_entry(tx: &mut Tx<'_>, vessel_id: &str, owner: &str, at: i64) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO ownership_history (id, vessel_id, owner_user_id, acquisition_type, acquired_at)
         VALUES ($1, $2, $3, 'private', $4)",
    )
    .bind(new_id())
    .bind(vessel_id)
    .bind(owner)
    .bind(at)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// The cards' ownership summary, kept with the entry it counts; documents
/// belong to an ownership period, so the new owner's counts start at zero.
pub(super) async fn count_new_ownership(tx: &mut Tx<'_>, vessel_id: &str, at: i64) -> sqlx::Result<()> {
    sqlx::query(
        "UPDATE vessels SET owners_count = owners_count + 1, first_owned_at = COALESCE(first_owned_at, $1),
             documents_count = 0, verified_documents_count = 0
         WHERE id = $2",
    )
    .bind(at)
    .bind(vessel_id)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// Add to the document counts cards and pages show.
pub(super) async fn count_documents(tx: &mut Tx<'_>, vessel_id: &str, stored: i64, verified: i64) -> sqlx::Result<()> {
    sqlx::query(
        "UPDATE vessels SET documents_count = documents_count + $1,
             verified_documents_count = verified_documents_count + $2
         WHERE id = $3",
    )
    .bind(stored)
    .bind(verified)
    .bind(vessel_id)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

// ---------------------------------------------------------------- the ownership chain

/// The vessel's platform ID as stored (compact).
pub(super) async fn platform_id_of(tx: &mut Tx<'_>, vessel_id: &str) -> sqlx::Result<String> {
    sqlx::query_scalar("SELECT platform_id FROM vessels WHERE id = $1").bind(vessel_id).fetch_one(&mut **tx).await
}

/// The sequence number and hash of the vessel's latest chain event, if any.
pub(super) async fn chain_head(tx: &mut Tx<'_>, vessel_id: &str) -> sqlx::Result<Option<(i64, String)>> {
    sqlx::query_as("SELECT sequence, hash FROM ownership_events WHERE vessel_id = $1 ORDER BY sequence DESC LIMIT 1")
        .bind(vessel_id)
        .fetch_optional(&mut **tx)
        .await
}

pub(super) async fn insert_chain_event(tx: &mut Tx<'_>, vessel_id: &str, link: &Link) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO ownership_events (vessel_id, sequence, event_type, owner_ref, occurred_at, previous_hash, hash)
         VALUES ($1, $2, $3, $4, $5, $6, $7)",
    )
    .bind(vessel_id)
    .bind(link.sequence)
    .bind(link.event.as_str())
    .bind(&link.owner_ref)
    .bind(link.at_ms)
    .bind(&link.previous_hash)
    .bind(&link.hash)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// The id and platform ID of every vessel once registered that has no chain.
pub(super) async fn unchained_registered_vessels(db: &Db) -> sqlx::Result<Vec<(String, String)>> {
    sqlx::query_as(
        "SELECT v.id, v.platform_id FROM vessels v
         WHERE v.status IN ('active', 'in_transfer', 'deactivated')
           AND NOT EXISTS (SELECT 1 FROM ownership_events e WHERE e.vessel_id = v.id)",
    )
    .fetch_all(db)
    .await
}

/// When each of the vessel's ownerships started, in order.
pub(super) async fn ownership_starts(db: &Db, vessel_id: &str) -> sqlx::Result<Vec<i64>> {
    sqlx::query_scalar("SELECT acquired_at FROM ownership_history WHERE vessel_id = $1 ORDER BY acquired_at, id")
        .bind(vessel_id)
        .fetch_all(db)
        .await
}

/// The vessel's chain events, in sequence.
pub(super) async fn chain_events(db: &Db, vessel_id: &str) -> sqlx::Result<Vec<StoredEvent>> {
    sqlx::query_as(
        "SELECT sequence, event_type, owner_ref, occurred_at, previous_hash, hash FROM ownership_events
         WHERE vessel_id = $1 ORDER BY sequence",
    )
    .bind(vessel_id)
    .fetch_all(db)
    .await
}

/// The vessel's current owner's id (none while released).
pub(super) async fn owner_id(db: &Db, vessel_id: &str) -> sqlx::Result<Option<String>> {
    sqlx::query_scalar("SELECT owner_user_id FROM vessels WHERE id = $1").bind(vessel_id).fetch_one(db).await
}

/// A lien's change holds the vessel's row (the hand-over's compare-and-set
/// takes it too) while the vessel has an owner in the registry. The rows
/// changed: 0 when it has none.
pub(super) async fn lock_owned(tx: &mut Tx<'_>, vessel_id: &str) -> sqlx::Result<u64> {
    Ok(sqlx::query(
        "UPDATE vessels SET status = status
         WHERE id = $1 AND owner_user_id IS NOT NULL AND status IN ('active', 'in_transfer')",
    )
    .bind(vessel_id)
    .execute(&mut **tx)
    .await?
    .rows_affected())
}

/// One more active lien, on `owner`'s vessel in the registry. The rows changed.
pub(super) async fn add_active_lien(tx: &mut Tx<'_>, vessel_id: &str, owner: &str) -> sqlx::Result<u64> {
    Ok(sqlx::query(
        "UPDATE vessels SET active_liens = active_liens + 1
         WHERE id = $1 AND owner_user_id = $2 AND status IN ('active', 'in_transfer')",
    )
    .bind(vessel_id)
    .bind(owner)
    .execute(&mut **tx)
    .await?
    .rows_affected())
}

/// One more active lien consents to `transfer_id` (the vessel's open one).
/// The rows changed.
pub(super) async fn add_lien_consent(tx: &mut Tx<'_>, vessel_id: &str, transfer_id: &str) -> sqlx::Result<u64> {
    Ok(sqlx::query(
        "UPDATE vessels
            SET lien_consents = CASE WHEN lien_consents_for = $2 THEN lien_consents + 1 ELSE 1 END,
                lien_consents_for = $2
          WHERE id = $1 AND status = 'in_transfer' AND active_liens > 0",
    )
    .bind(vessel_id)
    .bind(transfer_id)
    .execute(&mut **tx)
    .await?
    .rows_affected())
}

/// One active lien fewer; with it its consent to `consented_to`, when that
/// is the transfer the consents count. The rows changed.
pub(super) async fn remove_active_lien(
    tx: &mut Tx<'_>,
    vessel_id: &str,
    consented_to: Option<&str>,
) -> sqlx::Result<u64> {
    Ok(sqlx::query(
        "UPDATE vessels
            SET active_liens = active_liens - 1,
                lien_consents = CASE WHEN lien_consents_for = $2 AND lien_consents > 0 THEN lien_consents - 1
                                     ELSE lien_consents END
          WHERE id = $1 AND active_liens > 0",
    )
    .bind(vessel_id)
    .bind(consented_to.unwrap_or_default())
    .execute(&mut **tx)
    .await?
    .rows_affected())
}

const HULL_COLUMNS: &str = "v.id, v.platform_id, v.status, v.make, v.model, v.build_year, v.cin, v.stolen_status, \
                            v.stolen_reported_at, v.stolen_at, v.stolen_place, v.active_liens";

/// The vessel `id`, as a hull check reads it.
pub(super) async fn hull_by_id(db: &Db, id: &str) -> sqlx::Result<Option<super::model::HullRow>> {
    sqlx::query_as(&format!("SELECT {HULL_COLUMNS} FROM vessels v WHERE v.id = $1")).bind(id).fetch_optional(db).await
}

/// Which identifier a hull check looks a vessel up by.
#[derive(Clone, Copy)]
pub(super) enum HullKey {
    Cin,
    PlatformId,
    Mmsi,
}

/// The registered vessel (its fee paid: it has a chain) with `value` as
/// its identifier: one in the registry before one that left it, the newest first.
pub(super) async fn hull(db: &Db, key: HullKey, value: &str) -> sqlx::Result<Option<super::model::HullRow>> {
    let column = match key {
        HullKey::Cin => "cin",
        HullKey::PlatformId => "platform_id",
        HullKey::Mmsi => "mmsi",
    };
    sqlx::query_as(&format!(
        "SELECT {HULL_COLUMNS} FROM vessels v
          WHERE v.{column} = $1 AND v.status <> 'pending_payment'
            AND EXISTS (SELECT 1 FROM ownership_events e WHERE e.vessel_id = v.id)
          ORDER BY CASE WHEN v.status IN ('active', 'in_transfer') THEN 0 ELSE 1 END, v.created_at DESC
          LIMIT 1"
    ))
    .bind(value)
    .fetch_optional(db)
    .await
}

/// Vessels with a name but no folded name: those registered before
/// migration 44, in batches of `limit`.
pub(super) async fn names_to_fold(db: &Db, limit: i64) -> sqlx::Result<Vec<(String, String)>> {
    sqlx::query_as("SELECT id, name FROM vessels WHERE name IS NOT NULL AND name_folded IS NULL ORDER BY id LIMIT $1")
        .bind(limit)
        .fetch_all(db)
        .await
}

pub(super) async fn set_folded_names(db: &Db, folded: &[(String, String)]) -> sqlx::Result<()> {
    let mut tx = db.begin().await?;
    for (id, name) in folded {
        sqlx::query("UPDATE vessels SET name_folded = $1 WHERE id = $2 AND name_folded IS NULL")
            .bind(name)
            .bind(id)
            .execute(&mut *tx)
            .await?;
    }
    tx.commit().await
}
