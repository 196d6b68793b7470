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
use utoipa::ToSchema;

pub use super::model::{EventType, Link};
use super::{model::StoredEvent, store};

use crate::{
    domain::PlatformId, foundation::error::AppResult, platform::clock::rfc3339, platform::db::Tx, platform::ids::to_hex,
};

/// The first event's previous hash.
pub const GENESIS: &str = "0000000000000000000000000000000000000000000000000000000000000000";
const VERSION: &str = "esr-ownership-v1";

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
    /// True when every event's hash recomputes and links to the one before,
    /// and the events tell the vessel's story as the registry holds it.
    pub valid: bool,
    /// The sequence number of the first event that does not recompute.
    pub first_invalid: Option<i64>,
    /// What is wrong, in words, when `valid` is false.
    pub problem: Option<String>,
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
    let platform_id = PlatformId::display_stored(store::platform_id_of(tx, vessel_id).await?);
    let head = store::chain_head(tx, vessel_id).await?;
    let link = Link::after(head.as_ref().map(|(s, h)| (*s, h.as_str())), &platform_id, event, at_ms);
    insert(tx, vessel_id, &link).await
}

/// Store `link` as the vessel's next event, in the caller's transaction.
pub async fn insert(tx: &mut Tx<'_>, vessel_id: &str, link: &Link) -> AppResult<()> {
    store::insert_chain_event(tx, vessel_id, link).await?;
    Ok(())
}

/// The migration that created `ownership_events`.
pub const INTRODUCED_BY_MIGRATION: i64 = 12;

/// Chains for vessels registered before the chain existed, from their
/// ownership timeline: `registered` when the first ownership began, then
/// `transferred` at each later one. Run once, when the table is created.
pub async fn backfill(db: &crate::platform::db::Db) -> AppResult<u64> {
    let vessels = store::unchained_registered_vessels(db).await?;
    let mut filled = 0;
    for (id, platform_id) in vessels {
        let platform_id = PlatformId::display_stored(platform_id);
        let starts = store::ownership_starts(db, &id).await?;
        let mut tx = db.begin().await?;
        let mut head: Option<Link> = None;
        for (i, at) in starts.iter().enumerate() {
            let event = if i == 0 { EventType::Registered } else { EventType::Transferred };
            let link = Link::after(head.as_ref().map(|h| (h.sequence, h.hash.as_str())), &platform_id, event, *at);
            insert(&mut tx, &id, &link).await?;
            head = Some(link);
        }
        tx.commit().await?;
        filled += 1;
    }
    if filled > 0 {
        tracing::info!(vessels = filled, "ownership chains built for vessels registered before the chain");
    }
    Ok(filled)
}

/// Recompute a vessel's chain from what is stored. An event whose type is
/// unknown, whose previous hash is not its predecessor's hash, whose
/// sequence skips, or whose own hash does not recompute makes it invalid.
///
/// Beyond the hashes, the events must tell the vessel's story as the
/// registry holds it (`story_problem`), so that dropping the latest events,
/// or editing the ownership timeline without the chain, is noticed too.
pub async fn verify(db: &crate::platform::db::Db, vessel: &ChainSubject<'_>) -> AppResult<ChainReport> {
    let (vessel_id, platform_id) = (vessel.id, vessel.platform_id);
    let rows = store::chain_events(db, vessel_id).await?;
    let entries = store::ownership_starts(db, vessel_id).await?;
    let owned = store::owner_id(db, vessel_id).await?.is_some();
    let mut events = Vec::with_capacity(rows.len());
    let mut first_invalid = None;
    let mut expected_previous = GENESIS.to_owned();
    for (i, row) in rows.into_iter().enumerate() {
        let StoredEvent {
            sequence,
            event_type: stored_type,
            owner_ref,
            occurred_at: at_ms,
            previous_hash,
            hash: stored_hash,
        } = row;
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
    let problem = if first_invalid.is_some() {
        Some("An event does not recompute or does not follow the one before it.".to_owned())
    } else {
        story_problem(&events, vessel, owned, &entries)
    };
    Ok(ChainReport {
        valid: problem.is_none(),
        first_invalid,
        problem,
        head_hash: events.last().map(|e| e.hash.clone()),
        events,
    })
}

/// The vessel a chain belongs to, as the registry holds it.
pub struct ChainSubject<'a> {
    pub id: &'a str,
    pub platform_id: &'a str,
    /// Whether its registration fee was ever paid (it was in the registry):
    /// then its chain cannot be empty.
    pub registered: bool,
    /// Whether a theft report is open: then the chain's last report is too.
    pub stolen: bool,
}

/// Whether sound hashes also tell a possible story: it starts with the
/// registration, a claim follows a release and nothing else does, time does
/// not run backwards, the chain ends released exactly when the vessel has
/// no owner, and each ownership the timeline shows after the first starts
/// at the time of the event that started it.
fn story_problem(events: &[ChainEvent], subject: &ChainSubject<'_>, owned: bool, entries: &[i64]) -> Option<String> {
    use EventType::{
        Claimed, LienConsented, LienRegistered, LienReleased, LienTransferConsented, Recovered, Registered, Released,
        ReportRemoved, ReportedStolen, Transferred,
    };
    let Some(first) = events.first() else {
        return subject
            .registered
            .then(|| "A registered vessel has no ownership events: they were removed.".to_owned());
    };
    if first.event_type != Registered {
        return Some("The chain does not start with the vessel's registration.".to_owned());
    }
    for pair in events.windows(2) {
        if pair[1].occurred_at_ms < pair[0].occurred_at_ms {
            return Some(format!("Event {} is dated before the event it follows.", pair[1].sequence));
        }
    }
    // The latest event that changed who owns the vessel, and whether a theft report is open.
    let (mut owning, mut reported) = (Registered, false);
    for after in &events[1..] {
        let follows = match after.event_type {
            Registered => false,
            // Nothing changes hands while a theft report is open.
            Claimed => owning == Released && !reported,
            // Only an owner hands a vessel on or reports it stolen, one report at a time.
            Transferred | Released | ReportedStolen => owning != Released && !reported,
            Recovered | ReportRemoved => reported,
            // Liens are registered and consented to while the vessel has an
            // owner; a release may come at any time.
            LienRegistered | LienConsented | LienTransferConsented => owning != Released,
            LienReleased => true,
        };
        if !follows {
            return Some(format!("Event {} cannot follow the events before it.", after.sequence));
        }
        match after.event_type {
            ReportedStolen => reported = true,
            Recovered | ReportRemoved => reported = false,
            LienRegistered | LienConsented | LienTransferConsented | LienReleased => {}
            changed_hands => owning = changed_hands,
        }
    }
    if (owning == Released) == owned {
        return Some(
            "The chain's last event does not match the vessel's current owner: events were removed.".to_owned(),
        );
    }
    if reported != subject.stolen {
        return Some("The chain's theft reports do not match the vessel's: events were removed.".to_owned());
    }
    let starts: Vec<i64> = events.iter().filter(|e| e.event_type.has_owner()).map(|e| e.occurred_at_ms).collect();
    // The first ownership starts when the vessel is registered, its event
    // when the fee is paid; every later one starts at its event's time.
    let consistent = starts.len() == entries.len() && starts.iter().zip(entries).skip(1).all(|(s, e)| s == e);
    (!consistent).then(|| "The ownership history does not match the chain.".to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_documented_example_recomputes() {
        // The worked example in docs/HISTORY-CHAIN.md, hash for hash.
        let first =
            encode("7KQ2-M9XD-4HTB", 1, "registered", "00112233445566778899aabbccddeeff", 1_700_000_000_000, GENESIS);
        assert_eq!(
            first,
            "esr-ownership-v1\n7KQ2-M9XD-4HTB\n1\nregistered\n00112233445566778899aabbccddeeff\n1700000000000\n\
             0000000000000000000000000000000000000000000000000000000000000000"
        );
        let first = hash(&first);
        assert_eq!(first, "cdf70d269949b5d4c7d8eae91571c5f952c169d1689e49ed595a74ee14864cf7");
        let second = hash(&encode("7KQ2-M9XD-4HTB", 2, "released", "", 1_700_086_400_000, &first));
        assert_eq!(second, "07a1072d5ac8820a99d8690cae7707cf5b7d323c1691c8346089d9d450ad24b1");
    }

    fn event(sequence: i64, event_type: EventType, at: i64) -> ChainEvent {
        ChainEvent {
            sequence,
            event_type,
            owner_ref: None,
            occurred_at: String::new(),
            occurred_at_ms: at,
            previous_hash: String::new(),
            hash: String::new(),
        }
    }

    #[test]
    fn a_chain_must_tell_the_vessels_story_in_order() {
        use EventType::{Claimed, Registered, Released, Transferred};
        let subject = ChainSubject { id: "v", platform_id: "ESR-X", registered: true, stolen: false };
        let story = |events: &[(EventType, i64)], owned: bool, entries: &[i64]| {
            let events: Vec<ChainEvent> = events.iter().zip(1..).map(|(&(t, at), seq)| event(seq, t, at)).collect();
            story_problem(&events, &subject, owned, entries)
        };
        assert_eq!(story(&[(Registered, 1), (Transferred, 5)], true, &[0, 5]), None);
        assert_eq!(story(&[(Registered, 1), (Released, 5), (Claimed, 9)], true, &[0, 9]), None);
        assert_eq!(story(&[(Registered, 1), (Released, 5)], false, &[0]), None);
        assert!(story(&[], true, &[0]).is_some(), "a registered vessel without events");
        assert!(story(&[(Transferred, 1)], true, &[0]).is_some(), "not starting with its registration");
        assert!(story(&[(Registered, 1), (Claimed, 2)], true, &[0, 2]).is_some(), "a claim without a release");
        assert!(story(&[(Registered, 5), (Transferred, 1)], true, &[0, 1]).is_some(), "time running backwards");
        assert!(story(&[(Registered, 1), (Released, 5)], true, &[0]).is_some(), "released but owned");
        assert!(story(&[(Registered, 1)], true, &[0, 7]).is_some(), "an owner the chain does not know");
        assert!(story(&[(Registered, 1), (Transferred, 5)], true, &[0, 6]).is_some(), "a changed date");
    }

    #[test]
    fn a_theft_report_changes_no_owner_and_nothing_changes_hands_while_it_is_open() {
        use EventType::{Recovered, Registered, ReportRemoved, ReportedStolen, Transferred};
        let story = |events: &[(EventType, i64)], stolen: bool, entries: &[i64]| {
            let subject = ChainSubject { id: "v", platform_id: "ESR-X", registered: true, stolen };
            let events: Vec<ChainEvent> = events.iter().zip(1..).map(|(&(t, at), seq)| event(seq, t, at)).collect();
            story_problem(&events, &subject, true, entries)
        };
        assert_eq!(story(&[(Registered, 1), (ReportedStolen, 2)], true, &[0]), None);
        assert_eq!(
            story(&[(Registered, 1), (ReportedStolen, 2), (Recovered, 3), (Transferred, 4)], false, &[0, 4]),
            None
        );
        assert_eq!(story(&[(Registered, 1), (ReportedStolen, 2), (ReportRemoved, 3)], false, &[0]), None);
        assert!(
            story(&[(Registered, 1), (ReportedStolen, 2), (Transferred, 3)], true, &[0, 3]).is_some(),
            "sold while stolen"
        );
        assert!(story(&[(Registered, 1), (Recovered, 2)], false, &[0]).is_some(), "recovered without a report");
        assert!(story(&[(Registered, 1), (ReportedStolen, 2), (ReportedStolen, 3)], true, &[0]).is_some(), "twice");
        assert!(story(&[(Registered, 1), (ReportedStolen, 2)], false, &[0]).is_some(), "its end removed");
        assert!(story(&[(Registered, 1)], true, &[0]).is_some(), "the report removed");
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
