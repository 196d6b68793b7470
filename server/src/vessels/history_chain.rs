//! The tamper-evident ownership chain. Every ownership event (a paid
//! registration, a completed transfer, a release to an unclaimed buyer, a
//! claim) is appended with SHA-256 over the previous event's hash and a
//! canonical encoding of this one, so that changing, removing or reordering
//! a stored event breaks every hash after it. The encoding uses only public
//! data (docs/HISTORY-CHAIN.md); anyone can recompute it from
//! `GET /api/vessels/{platformId}/history/verify`.
//!
//! Only `vessels::lifecycle` appends, in the transaction that changes the
//! ownership itself.

use rand::{RngCore, rngs::OsRng};
use serde::Serialize;
use sha2::{Digest, Sha256};
use sqlx::Row;
use utoipa::ToSchema;

use crate::{clock::rfc3339, db::Tx, domain::PlatformId, error::AppResult, ids::to_hex};

/// The first event's previous hash.
pub const GENESIS: &str = "0000000000000000000000000000000000000000000000000000000000000000";
const VERSION: &str = "esr-ownership-v1";

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum EventType {
    /// The registration fee was paid; the first owner's ownership starts.
    Registered,
    /// A transfer completed to a new owner's account.
    Transferred,
    /// A transfer completed before its buyer had an account: the seller's
    /// ownership ended, and the vessel waits for the buyer's claim.
    Released,
    /// The buyer verified the transfer's phone number and took ownership.
    Claimed,
}

impl EventType {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Registered => "registered",
            Self::Transferred => "transferred",
            Self::Released => "released",
            Self::Claimed => "claimed",
        }
    }

    fn parse(s: &str) -> Option<Self> {
        [Self::Registered, Self::Transferred, Self::Released, Self::Claimed].into_iter().find(|t| t.as_str() == s)
    }

    /// Whether the event starts someone's ownership (and so names an owner).
    fn has_owner(self) -> bool {
        self != Self::Released
    }
}

/// One event as stored and as published.
#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChainEvent {
    pub sequence: i64,
    pub event_type: EventType,
    /// A random reference for the ownership this event starts, made when it
    /// is appended: it tells owners apart without revealing who they are
    /// (no user id, no link between vessels). Null for `released`.
    pub owner_ref: Option<String>,
    /// RFC 3339, UTC, milliseconds; the hash covers `occurredAtMs`.
    pub occurred_at: String,
    /// Milliseconds since the Unix epoch, as hashed.
    pub occurred_at_ms: i64,
    pub previous_hash: String,
    pub hash: String,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChainReport {
    /// True when every event's hash recomputes and links to the one before.
    pub valid: bool,
    /// The sequence number of the first event that does not recompute.
    pub first_invalid: Option<i64>,
    pub head_hash: Option<String>,
    pub events: Vec<ChainEvent>,
}

/// The canonical encoding: UTF-8 lines joined by `\n`, no trailing newline.
pub fn encode(platform_id: &str, sequence: i64, event: &str, owner_ref: &str, at_ms: i64, previous: &str) -> String {
    format!("{VERSION}\n{platform_id}\n{sequence}\n{event}\n{owner_ref}\n{at_ms}\n{previous}")
}

pub fn hash(encoded: &str) -> String {
    to_hex(&Sha256::digest(encoded.as_bytes()))
}

fn new_owner_ref() -> String {
    let mut bytes = [0u8; 16];
    OsRng.fill_bytes(&mut bytes);
    to_hex(&bytes)
}

/// One event ready to store: its hash computed from the head before it.
pub struct Link {
    pub sequence: i64,
    pub event: EventType,
    pub owner_ref: String,
    pub at_ms: i64,
    pub previous_hash: String,
    pub hash: String,
}

impl Link {
    /// The event after `head` (`None`: the first), for `platform_id`.
    pub fn after(head: Option<(i64, &str)>, platform_id: &str, event: EventType, at_ms: i64) -> Self {
        let (sequence, previous_hash) = head.map_or((1, GENESIS.to_owned()), |(s, h)| (s + 1, h.to_owned()));
        let owner_ref = if event.has_owner() { new_owner_ref() } else { String::new() };
        let hash = hash(&encode(platform_id, sequence, event.as_str(), &owner_ref, at_ms, &previous_hash));
        Self { sequence, event, owner_ref, at_ms, previous_hash, hash }
    }
}

/// Append an event to a vessel's chain, in the caller's transaction (which
/// holds the vessel's row: the lifecycle change that calls this updated it,
/// so appends to one vessel are serialised).
pub async fn append(tx: &mut Tx<'_>, vessel_id: &str, event: EventType, at_ms: i64) -> AppResult<()> {
    let vessel =
        sqlx::query("SELECT platform_id FROM vessels WHERE id = $1").bind(vessel_id).fetch_one(&mut **tx).await?;
    let platform_id = PlatformId::display_stored(vessel.try_get("platform_id")?);
    let head =
        sqlx::query("SELECT sequence, hash FROM ownership_events WHERE vessel_id = $1 ORDER BY sequence DESC LIMIT 1")
            .bind(vessel_id)
            .fetch_optional(&mut **tx)
            .await?;
    let head = head.map(|r| Ok::<_, sqlx::Error>((r.try_get::<i64, _>("sequence")?, r.try_get::<String, _>("hash")?)));
    let head = head.transpose()?;
    let link = Link::after(head.as_ref().map(|(s, h)| (*s, h.as_str())), &platform_id, event, at_ms);
    insert(tx, vessel_id, &link).await
}

pub async fn insert(tx: &mut Tx<'_>, vessel_id: &str, link: &Link) -> AppResult<()> {
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

/// Recompute a vessel's chain from what is stored. An event whose type is
/// unknown, whose previous hash is not its predecessor's hash, whose
/// sequence skips, or whose own hash does not recompute makes it invalid.
pub async fn verify(
    db: impl sqlx::Executor<'_, Database = sqlx::Any>,
    vessel_id: &str,
    platform_id: &str,
) -> AppResult<ChainReport> {
    let rows = sqlx::query(
        "SELECT sequence, event_type, owner_ref, occurred_at, previous_hash, hash FROM ownership_events
         WHERE vessel_id = $1 ORDER BY sequence",
    )
    .bind(vessel_id)
    .fetch_all(db)
    .await?;
    let mut events = Vec::with_capacity(rows.len());
    let mut first_invalid = None;
    let mut expected_previous = GENESIS.to_owned();
    for (i, r) in rows.iter().enumerate() {
        let sequence: i64 = r.try_get("sequence")?;
        let stored_type: String = r.try_get("event_type")?;
        let owner_ref: String = r.try_get("owner_ref")?;
        let at_ms: i64 = r.try_get("occurred_at")?;
        let previous_hash: String = r.try_get("previous_hash")?;
        let stored_hash: String = r.try_get("hash")?;
        let recomputed = hash(&encode(platform_id, sequence, &stored_type, &owner_ref, at_ms, &previous_hash));
        let event_type = EventType::parse(&stored_type);
        let in_place = i64::try_from(i + 1).is_ok_and(|n| n == sequence);
        let sound = event_type.is_some() && in_place && previous_hash == expected_previous && recomputed == stored_hash;
        if !sound && first_invalid.is_none() {
            first_invalid = Some(sequence);
        }
        expected_previous.clone_from(&stored_hash);
        events.push(ChainEvent {
            sequence,
            // An unknown stored type has already made the chain invalid.
            event_type: event_type.unwrap_or(EventType::Registered),
            owner_ref: (!owner_ref.is_empty()).then_some(owner_ref),
            occurred_at: rfc3339(at_ms),
            occurred_at_ms: at_ms,
            previous_hash,
            hash: stored_hash,
        });
    }
    Ok(ChainReport {
        valid: first_invalid.is_none(),
        first_invalid,
        head_hash: events.last().map(|e| e.hash.clone()),
        events,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_documented_example_recomputes() {
        // The worked example in docs/HISTORY-CHAIN.md.
        let encoded =
            encode("ESR-TEST", 1, "registered", "00112233445566778899aabbccddeeff", 1_700_000_000_000, GENESIS);
        assert_eq!(
            encoded,
            "esr-ownership-v1\nESR-TEST\n1\nregistered\n00112233445566778899aabbccddeeff\n1700000000000\n\
             0000000000000000000000000000000000000000000000000000000000000000"
        );
        assert_eq!(hash(&encoded).len(), 64);
    }

    #[test]
    fn each_link_hashes_its_predecessor() {
        let first = Link::after(None, "ESR-X", EventType::Registered, 1);
        assert_eq!((first.sequence, first.previous_hash.as_str()), (1, GENESIS));
        let second = Link::after(Some((first.sequence, &first.hash)), "ESR-X", EventType::Released, 2);
        assert_eq!(
            (second.sequence, second.previous_hash.as_str(), second.owner_ref.as_str()),
            (2, first.hash.as_str(), "")
        );
        let expected = hash(&encode("ESR-X", 2, "released", "", 2, &first.hash));
        assert_eq!(second.hash, expected);
    }
}
