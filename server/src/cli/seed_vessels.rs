//! `registry seed --vessels N`: realistic active vessels from real builders,
//! spread over the supported countries, with valid CINs, MMSIs and platform
//! IDs, and a previous owner for some. Written in large multi-row batches;
//! on `SQLite` the search index is rebuilt once at the end instead of row by
//! row, which is what makes a million vessels fit in minutes.

use super::model::Row;
use std::collections::HashSet;

use rand::{Rng, SeedableRng, rngs::StdRng};

use super::store;
pub use super::store::takes_fast_path;
use crate::{
    domain::{PlatformId, folded::fold},
    features::countries::SUPPORTED,
    features::vessels::history_chain::{EventType, Link},
    platform::clock::{DAY, now_ms},
    platform::db::Backend,
    platform::ids::new_id,
    platform::state::AppState,
};

/// Models with a typical length in cm.
type Models = &'static [(&'static str, i64)];

/// (builder, CIN manufacturer code, models).
const BUILDERS: &[(&str, &str, Models)] = &[
    ("Bavaria", "BAV", &[("Cruiser 34", 1099), ("Cruiser 46", 1410), ("C42", 1268), ("Vision 46", 1399), ("S30", 947)]),
    (
        "Beneteau",
        "BEN",
        &[("Oceanis 38.1", 1199), ("First 27", 799), ("Antares 9", 953), ("Oceanis 46.1", 1435), ("Flyer 8", 798)],
    ),
    (
        "Jeanneau",
        "JEA",
        &[("Sun Odyssey 349", 1034), ("Sun Odyssey 410", 1239), ("Merry Fisher 795", 772), ("Cap Camarat 7.5", 715)],
    ),
    ("Hanse", "HAN", &[("Hanse 348", 1040), ("Hanse 388", 1140), ("Hanse 458", 1399), ("Hanse 508", 1515)]),
    ("Dehler", "DEH", &[("Dehler 30 OD", 999), ("Dehler 34", 1070), ("Dehler 38", 1185), ("Dehler 46", 1420)]),
    ("Linssen", "LIN", &[("Grand Sturdy 35.0", 1070), ("Grand Sturdy 40.0", 1270), ("Classic Sturdy 36", 1100)]),
    ("Quicksilver", "QKS", &[("Activ 555 Open", 548), ("Activ 675 Cruiser", 652), ("Activ 805 Pilothouse", 804)]),
    ("Zodiac", "ZOD", &[("Medline 580", 580), ("Open 5.5", 550), ("Cadet 310", 310)]),
    ("Prijon", "PRJ", &[("Kodiak", 505), ("Seayak", 500), ("Touryak", 420)]),
    ("Hallberg-Rassy", "HRA", &[("Hallberg-Rassy 340", 1035), ("Hallberg-Rassy 412", 1266)]),
    ("X-Yachts", "XYA", &[("X4.0", 1220), ("Xc 38", 1170)]),
    ("Sunseeker", "SSK", &[("Manhattan 55", 1707), ("Predator 60", 1840)]),
    ("Princess", "PRS", &[("F45", 1440), ("V50", 1570)]),
    ("Grand Soleil", "GSO", &[("Grand Soleil 44", 1349), ("Grand Soleil 40", 1220)]),
    ("Etap", "ETA", &[("Etap 28i", 835), ("Etap 34s", 1000)]),
    ("Najad", "NAJ", &[("Najad 355", 1085)]),
    ("Fjord", "FJO", &[("Fjord 38 Xpress", 1170)]),
    ("Elan", "ELN", &[("Elan E4", 1099), ("Impression 45.1", 1420)]),
    ("Saffier", "SAF", &[("Saffier SE 27", 825), ("Saffier SC 6.50", 650)]),
    ("Nautor's Swan", "NSW", &[("Swan 48", 1482)]),
];

const NAMES: &[&str] = &[
    "Zeemeeuw",
    "Albatros",
    "Noordster",
    "Windekind",
    "Sea Breeze",
    "Morgenrood",
    "Blue Horizon",
    "Lady Grey",
    "Aurora",
    "Eos",
    "Sirocco",
    "Mistral",
    "Tramontana",
    "Nordwind",
    "Möwe",
    "Seepferdchen",
    "Libellule",
    "Étoile de Mer",
    "Brisa",
    "Gaviota",
    "Stella Maris",
    "Onda",
    "Żeglarz",
    "Mewa",
    "Maresia",
    "Galini",
    "Jadran",
    "Bura",
    "Edelweiss",
    "Happy Hour",
    "Second Wind",
    "Dolce Vita",
    "Pelikaan",
    "Kingfisher",
];

const SERIAL_ALPHABET: &[u8] = b"0123456789ABCDEFGHJKLMNPRSTUVWXYZ";
const MIDS: &[(&str, u32)] = &[
    ("NL", 244),
    ("DE", 211),
    ("FR", 227),
    ("ES", 224),
    ("IT", 247),
    ("BE", 205),
    ("PL", 261),
    ("PT", 263),
    ("GR", 237),
    ("HR", 238),
    ("CH", 269),
];
/// Rows per transaction, each table's in one INSERT statement (the rows go
/// as one JSON parameter, `store::json_rows`).
const BATCH: usize = 5_000;

/// A unique 5-character CIN serial for vessel number `i` (33⁵ > 39 million).
fn serial(mut i: usize) -> String {
    let mut s = [b'0'; 5];
    for c in s.iter_mut().rev() {
        *c = SERIAL_ALPHABET[i % SERIAL_ALPHABET.len()];
        i /= SERIAL_ALPHABET.len();
    }
    String::from_utf8(s.to_vec()).expect("ASCII")
}

/// Fictional vessels have no place in a production registry unless the
/// operator insists (`--force`, for a staging copy or a benchmark).
pub fn refuse_unless_forced(config: &crate::platform::config::Config, force: bool) -> anyhow::Result<()> {
    anyhow::ensure!(
        config.is_dev() || force,
        "refusing to seed fictional vessels in prod mode; add --force if you mean it"
    );
    Ok(())
}

/// `rng_seed` fixes every drawn field (names, builders, countries, years,
/// platform IDs) for a reproducible load; registration times still follow
/// the clock.
pub async fn vessels(state: &AppState, n: usize, rng_seed: Option<u64>) -> anyhow::Result<()> {
    let mut rng = rng_seed.map_or_else(StdRng::from_entropy, StdRng::seed_from_u64);
    let owners = seed_owners(state, (n / 20).clamp(1, 5_000)).await?;
    // One connection throughout: the trigger dance below must not be seen
    // half-done by another connection of the pool.
    let mut conn = state.db.acquire().await?;
    let (start_index, latest): (usize, Option<i64>) = {
        let (n, latest) = store::vessel_count_and_latest(&mut conn).await?;
        (usize::try_from(n)?, latest)
    };
    // The fast path drops indexes (UNIQUE ones too; on SQLite also the search
    // trigger, and fsync): only for a database without vessels, where a
    // crash costs nothing but seeding again. Otherwise every constraint stays
    // in force and each batch is an ordinary transaction.
    let bulk = takes_fast_path(state.backend, start_index);
    let dropped = if bulk { Some(store::drop_for_bulk_load(&mut conn, state.backend).await?) } else { None };
    // PostgreSQL: the text search's posting lists (migration 45) are built
    // once from the loaded rows, country by country in the server's memory,
    // not entry by entry by the trigger nor by the database's sort of every
    // posting (`rebuild_vessel_trigrams()`, several minutes at a million). Only into a database
    // without vessels, like SQLite's fast path; a load that failed half-way
    // left the trigger off, and the next seeding finishes the job.
    let deferred_postings = store::has_posting_lists(state.backend)
        && (start_index == 0 || crate::features::vessels::search::postings_trigger_off(&mut conn).await?);
    if deferred_postings {
        store::defer_postings(&mut conn).await?;
    }
    // The unique index may be dropped during the load: collisions (one in
    // about 70,000 per million vessels) are caught here and drawn again.
    let mut platform_ids: HashSet<String> = store::platform_ids(&mut conn).await?;
    let timeline = Timeline::new(now_ms(), latest, n);
    let mut done = 0;
    let mut insert_time = std::time::Duration::ZERO;
    let started = std::time::Instant::now();
    while done < n {
        let rows: Vec<Row> = (done..(done + BATCH).min(n))
            .map(|i| make_row(&mut rng, start_index + i, &owners, timeline.at(i), &mut platform_ids))
            .collect();
        let t = std::time::Instant::now();
        insert_batch(&mut conn, state.backend, &rows).await?;
        insert_time += t.elapsed();
        done += rows.len();
        if done % 100_000 == 0 {
            println!("  {done} vessels");
        }
    }
    tracing::info!(?insert_time, total = ?started.elapsed(), "rows loaded");
    if deferred_postings {
        // In one transaction: no vessel written meanwhile goes without entries.
        let mut tx = sqlx::Connection::begin(&mut *conn).await?;
        store::clear_postings(&mut tx).await?;
        for country in store::listed_countries(&mut tx).await? {
            let texts = store::listed_texts(&mut tx, &country).await?;
            let lists = crate::features::vessels::search::build_lists(&texts)?;
            store::insert_lists(&mut tx, &country, &lists).await?;
        }
        store::finish_postings(&mut tx).await?;
        tx.commit().await?;
        tracing::info!(total = ?started.elapsed(), "posting lists built");
    }
    if let Some(dropped) = dropped {
        store::create_indexes(&mut conn, state.backend, &dropped).await?;
        tracing::info!(total = ?started.elapsed(), "indexes built");
        store::rebuild_after_load(&mut conn, &dropped).await?;
        tracing::info!(total = ?started.elapsed(), "search index and counts built");
        store::restore_after_bulk_load(&mut conn, state.backend, &dropped).await?;
    } else {
        store::analyze(&mut conn, state.backend).await?;
    }
    drop(conn);
    // The vessels' ownership events go into the transparency log now, in
    // bulk, as the registry's history they are: the periodic job takes a
    // hundred thousand a run, and a million would keep it busy for hours.
    crate::features::transparency::service::log_all(state).await?;
    tracing::info!(total = ?started.elapsed(), "transparency log written");
    Ok(())
}

/// Registration times: spread over the last three years, but never before a
/// vessel already in the registry, at least a millisecond apart and rising
/// in insertion order, so that insertion order (`SQLite`'s rowid, which the
/// text search pages by) is registration order (the ids', which the other
/// searches page by). Appending more vessels than milliseconds have passed
/// since the latest one runs a little into the future.
struct Timeline {
    start: i64,
    step: i64,
}

impl Timeline {
    fn new(now: i64, latest_existing: Option<i64>, n: usize) -> Self {
        let start = (now - 3 * 365 * DAY).max(latest_existing.map_or(i64::MIN, |t| t + 1));
        // More vessels than i64 can count cannot be held in memory; the
        // fallback only keeps the step at its one-millisecond minimum.
        let n = i64::try_from(n.max(1)).unwrap_or(i64::MAX);
        Self { start, step: ((now - start) / n).max(1) }
    }

    fn at(&self, i: usize) -> i64 {
        // `i` indexes rows held in memory, far below i64::MAX.
        self.start + self.step * i64::try_from(i).unwrap_or(i64::MAX)
    }
}

fn make_row(rng: &mut StdRng, i: usize, owners: &[String], created_at: i64, taken: &mut HashSet<String>) -> Row {
    let (make, code, models) = BUILDERS[rng.gen_range(0..BUILDERS.len())];
    let (model, length) = models[rng.gen_range(0..models.len())];
    let country = SUPPORTED[rng.gen_range(0..SUPPORTED.len())].code;
    let build_year: i64 = rng.gen_range(1975..=2025);
    let name = rng.gen_bool(0.8).then(|| NAMES[rng.gen_range(0..NAMES.len())].to_owned());
    let (cin, legacy_id) = if build_year >= crate::features::vessels::CIN_SINCE {
        let model_year = (build_year + rng.gen_range(0..=1)) % 100;
        let month = (b'A' + rng.gen_range(0..12u8)) as char;
        (Some(format!("{country}-{code}{}{month}{}{model_year:02}", serial(i), build_year % 10)), None)
    } else {
        (None, Some(format!("{country} {build_year} {}", serial(i))))
    };
    // One MID per country keeps MMSIs unique for up to a million vessels.
    let mmsi = (i < 1_000_000 && rng.gen_bool(0.3)).then(|| {
        let mid = MIDS.iter().find(|(c, _)| *c == country).map_or(244, |(_, m)| *m);
        format!("{}", mid as usize * 1_000_000 + i % 1_000_000)
    });
    let platform_id = loop {
        let id = PlatformId::generate_with(rng);
        if taken.insert(id.compact().to_owned()) {
            break id;
        }
    };
    let search_text = fold(&format!("{} {make} {model} {}", name.as_deref().unwrap_or(""), platform_id.compact()));
    let owner = owners[rng.gen_range(0..owners.len())].clone();
    let previous_owner = rng.gen_bool(0.25).then(|| {
        let prev = owners[rng.gen_range(0..owners.len())].clone();
        (prev, created_at - rng.gen_range(DAY..(5 * 365 * DAY)))
    });
    Row {
        id: crate::platform::ids::id_at(created_at),
        platform_id: platform_id.compact().to_owned(),
        owner,
        name,
        make,
        model,
        build_year,
        length_cm: length + rng.gen_range(-5..=5),
        country,
        cin,
        legacy_id,
        mmsi,
        search_text,
        created_at,
        previous_owner,
    }
}

async fn insert_batch(conn: &mut sqlx::AnyConnection, backend: Backend, rows: &[Row]) -> anyhow::Result<()> {
    let mut tx = store::begin_write(conn, backend).await?;
    insert_rows(&mut tx, backend, rows).await?;
    tx.commit().await?;
    Ok(())
}

async fn insert_rows(tx: &mut crate::platform::db::Tx<'_>, backend: Backend, rows: &[Row]) -> anyhow::Result<()> {
    store::insert_vessels(tx, backend, rows).await?;

    let entries: Vec<(String, &str, &str, i64, Option<i64>)> = rows
        .iter()
        .flat_map(|r| {
            let current = (new_id(), r.id.as_str(), r.owner.as_str(), r.created_at, None);
            let previous = r
                .previous_owner
                .as_ref()
                .map(|(prev, since)| (new_id(), r.id.as_str(), prev.as_str(), *since, Some(r.created_at)));
            std::iter::once(current).chain(previous)
        })
        .collect();
    store::insert_ownership(tx, backend, &entries).await?;

    // Each vessel's ownership chain: registered (by the previous owner, if
    // any), then transferred to the current one.
    let links: Vec<(&str, Link)> = rows
        .iter()
        .flat_map(|r| {
            let platform_id = PlatformId::display_stored(r.platform_id.clone());
            let mut chain = Vec::with_capacity(2);
            if let Some((_, since)) = &r.previous_owner {
                chain.push(Link::after(None, &platform_id, EventType::Registered, *since));
            }
            let head = chain.last().map(|l: &Link| (l.sequence, l.hash.clone()));
            let event = if head.is_some() { EventType::Transferred } else { EventType::Registered };
            chain.push(Link::after(head.as_ref().map(|(s, h)| (*s, h.as_str())), &platform_id, event, r.created_at));
            chain.into_iter().map(|l| (r.id.as_str(), l))
        })
        .collect();
    store::insert_chain_links(tx, backend, &links).await?;
    Ok(())
}

/// Owners for seeded vessels: accounts that cannot sign in (no password).
async fn seed_owners(state: &AppState, n: usize) -> anyhow::Result<Vec<String>> {
    let now = now_ms();
    let mut ids = Vec::with_capacity(n);
    let mut tx = state.begin().await?;
    for i in 0..n {
        let id = new_id();
        let email = format!("seed-owner-{}-{i}@registry.invalid", &id[20..]);
        store::insert_passwordless_user(&mut *tx, &id, &email, now).await?;
        ids.push(id);
    }
    tx.commit().await?;
    Ok(ids)
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use super::*;

    #[test]
    fn prod_mode_needs_force_to_seed_vessels() {
        let prod = crate::platform::config::Config::load(&BTreeMap::from([
            ("REGISTRY_MODE".to_owned(), "prod".to_owned()),
            ("REGISTRY_EMAIL".to_owned(), "outbox".to_owned()),
            ("REGISTRY_PAYMENTS".to_owned(), "local".to_owned()),
            ("REGISTRY_SMS".to_owned(), "outbox".to_owned()),
            ("REGISTRY_IDENTITY".to_owned(), "local".to_owned()),
            ("REGISTRY_ALLOW_OFFLINE_PROVIDERS".to_owned(), "true".to_owned()),
            ("REGISTRY_SUPPORT_EMAIL".to_owned(), "support@registry.example".to_owned()),
        ]))
        .unwrap();
        assert!(refuse_unless_forced(&prod, false).is_err());
        assert!(refuse_unless_forced(&prod, true).is_ok());
        let dev = crate::platform::config::Config::load(&BTreeMap::new()).unwrap();
        assert!(refuse_unless_forced(&dev, false).is_ok());
    }
}
