//! The free hull check: what a buyer learns of an identifier before paying
//! (registered, stolen, encumbered, the history, the CIN decoded), without
//! an account and without anything about the owner.

use utoipa::IntoParams;

use super::history_chain::{self, ChainSubject};
use super::model::{CinCheck, HullCheck, HullCheckVessel, HullCheckWarning, HullRow, VesselStatus};
use super::store::{self, HullKey};
use crate::{
    domain::{
        PlatformId,
        identifiers::{Cin, Mmsi},
    },
    foundation::error::{AppError, AppResult},
    foundation::i18n::{Lang, Msg},
    platform::clock::MINUTE,
    platform::db::Db,
    platform::state::AppState,
    platform::throttle::{self, Limit},
};

/// Checks per client address: enough for a marina going down its pontoons,
/// too few to walk the registry.
pub const CHECKS_PER_CLIENT: Limit = Limit { max: 30, window_ms: MINUTE };

/// Raw query parameters: exactly one of them.
#[derive(Debug, Default, serde::Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct HullCheckParams {
    /// A CIN/HIN (ISO 10087), any case, with or without hyphens and spaces.
    #[param(max_length = 40)]
    pub cin: Option<String>,
    /// A platform ID.
    #[param(max_length = 40)]
    pub platform_id: Option<String>,
    /// A nine-digit MMSI.
    #[param(max_length = 40)]
    pub mmsi: Option<String>,
}

/// What is asked about, parsed.
pub enum HullQuery {
    /// As given (a malformed one is still answered: not registered, and why it is malformed).
    Cin(String),
    PlatformId(PlatformId),
    Mmsi(Mmsi),
}

impl HullQuery {
    pub fn parse(p: &HullCheckParams) -> AppResult<Self> {
        let given = |v: &Option<String>| v.as_deref().map(str::trim).filter(|v| !v.is_empty()).map(str::to_owned);
        match (given(&p.cin), given(&p.platform_id), given(&p.mmsi)) {
            (Some(cin), None, None) if cin.chars().count() <= 40 => Ok(Self::Cin(cin)),
            (None, Some(id), None) => PlatformId::parse(&id)
                .map(Self::PlatformId)
                .map_err(|e| AppError::bad_request("invalid_platform_id", e.message())),
            (None, None, Some(mmsi)) => Mmsi::parse(&mmsi).map(Self::Mmsi).map_err(|m| AppError::field("mmsi", m)),
            _ => Err(AppError::bad_request("hull_check_one_identifier", Msg::new("hull_check_one_identifier"))),
        }
    }
}

/// Answer a hull check for `client` (rate-limited per address: 429 with Retry-After).
#[tracing::instrument(skip_all)]
pub async fn check(state: &AppState, client: std::net::IpAddr, query: &HullQuery) -> AppResult<HullCheck> {
    if let Some(wait) = throttle::reserve(&state.db, &format!("hull-check:{client}"), CHECKS_PER_CLIENT).await? {
        return Err(AppError::TooManyRequests {
            code: "too_many_hull_checks",
            message: Msg::new("too_many_hull_checks"),
            retry_after_secs: wait,
        });
    }
    let asked_cin = match query {
        HullQuery::Cin(raw) => Some(raw.as_str()),
        _ => None,
    };
    let row = match query {
        // A malformed CIN matches nothing stored (CINs are stored normalised).
        HullQuery::Cin(raw) => match Cin::parse(raw) {
            Ok(cin) => store::hull(&state.db, HullKey::Cin, &cin.to_string()).await?,
            Err(_) => None,
        },
        HullQuery::PlatformId(id) => store::hull(&state.db, HullKey::PlatformId, id.compact()).await?,
        HullQuery::Mmsi(mmsi) => store::hull(&state.db, HullKey::Mmsi, mmsi.as_str()).await?,
    };
    let history_verified = match &row {
        Some(row) => Some(chain_verifies(&state.db, row).await?),
        None => None,
    };
    answer(row, history_verified, asked_cin, crate::foundation::i18n::current())
}

async fn chain_verifies(db: &Db, row: &HullRow) -> AppResult<bool> {
    let platform_id = PlatformId::display_stored(row.platform_id.clone());
    let subject = ChainSubject {
        id: &row.id,
        platform_id: &platform_id,
        registered: matches!(row.status.as_str(), "active" | "in_transfer"),
        stolen: row.stolen_status.is_some(),
    };
    Ok(history_chain::verify(db, &subject).await?.valid)
}

fn answer(
    row: Option<HullRow>,
    history_verified: Option<bool>,
    asked_cin: Option<&str>,
    lang: Lang,
) -> AppResult<HullCheck> {
    let build_year = row.as_ref().and_then(|r| r.build_year);
    let cin = asked_cin.or(row.as_ref().and_then(|r| r.cin.as_deref())).map(|raw| decode(raw, build_year, lang));
    let mut warnings = Vec::new();
    if let (Some(build_year), Some(raw)) = (build_year, asked_cin.or(row.as_ref().and_then(|r| r.cin.as_deref())))
        && let (Ok(cin), Ok(year)) = (Cin::parse(raw), i32::try_from(build_year))
        && let Err(e) = cin.check_build_year(year)
    {
        warnings.push(HullCheckWarning { code: "cin_build_year_mismatch".into(), message: e.message().render(lang) });
    }
    let Some(row) = row else {
        return Ok(HullCheck {
            registered: false,
            vessel: None,
            stolen: None,
            encumbered: false,
            history_verified: None,
            cin,
            warnings,
            summary: None,
        });
    };
    let stolen = row.stolen()?;
    let encumbered = row.active_liens > 0;
    let verified = history_verified.unwrap_or(false);
    let summary = Some(summary(stolen.is_some(), encumbered, verified).render(lang));
    Ok(HullCheck {
        registered: true,
        vessel: Some(HullCheckVessel {
            platform_id: PlatformId::display_stored(row.platform_id),
            status: crate::platform::db::stored::<VesselStatus>(&row.status)?,
            make: row.make,
            model: row.model,
            build_year: row.build_year,
        }),
        stolen,
        encumbered,
        history_verified,
        cin,
        warnings,
        summary,
    })
}

/// 'Before you pay: not reported stolen, no registered lien, history verified.'
pub fn summary(stolen: bool, encumbered: bool, history_verified: bool) -> SummaryMsg {
    SummaryMsg { stolen, encumbered, history_verified }
}

/// The buyer's summary, rendered in the reader's language.
pub struct SummaryMsg {
    stolen: bool,
    encumbered: bool,
    history_verified: bool,
}

impl SummaryMsg {
    pub fn render(&self, lang: Lang) -> String {
        let part = |yes: bool, if_yes: &'static str, if_no: &'static str| {
            Msg::new(if yes { if_yes } else { if_no }).render(lang)
        };
        Msg::new("mail.hull_summary")
            .arg("stolen", part(self.stolen, "mail.hull_stolen", "mail.hull_not_stolen"))
            .arg("lien", part(self.encumbered, "mail.hull_lien", "mail.hull_no_lien"))
            .arg("history", part(self.history_verified, "mail.hull_history_verified", "mail.hull_history_not_verified"))
            .render(lang)
    }
}

/// The buyer's summary for a vessel about to be sold (the transfer's code SMS carries it).
pub async fn summary_of(db: &Db, vessel_id: &str) -> AppResult<Option<SummaryMsg>> {
    let Some(row) = store::hull_by_id(db, vessel_id).await? else { return Ok(None) };
    let verified = chain_verifies(db, &row).await?;
    Ok(Some(summary(row.stolen_status.is_some(), row.active_liens > 0, verified)))
}

/// A CIN decoded, or why it cannot be.
fn decode(raw: &str, build_year: Option<i64>, lang: Lang) -> CinCheck {
    match Cin::parse(raw) {
        Ok(cin) => CinCheck {
            value: cin.to_string(),
            well_formed: true,
            problem_code: None,
            problem: None,
            model_year: Some(full_year(cin.model_year, build_year)),
            country: Some(cin.country),
            manufacturer_code: Some(cin.manufacturer),
            serial: Some(cin.serial),
            production_month: Some(cin.production_month),
            production_year_digit: Some(cin.production_year_digit),
        },
        Err(e) => {
            let message = e.message();
            CinCheck {
                value: raw.trim().to_owned(),
                well_formed: false,
                problem_code: Some(message.key().to_owned()),
                problem: Some(message.render(lang)),
                country: None,
                manufacturer_code: None,
                serial: None,
                production_month: None,
                production_year_digit: None,
                model_year: None,
            }
        }
    }
}

/// The four-digit year of a two-digit model year: the one nearest the
/// registered build year, else the latest not after next year.
fn full_year(two_digits: u8, build_year: Option<i64>) -> i32 {
    let yy = i32::from(two_digits);
    let near = build_year.and_then(|y| i32::try_from(y).ok()).unwrap_or_else(|| time::OffsetDateTime::now_utc().year());
    let candidates = [1900 + yy, 2000 + yy, 2100 + yy];
    match build_year {
        Some(_) => candidates.into_iter().min_by_key(|c| (c - near).abs()).unwrap_or(2000 + yy),
        None => candidates.into_iter().filter(|c| *c <= near + 1).max().unwrap_or(1900 + yy),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_model_year_is_read_near_the_build_year_or_today() {
        assert_eq!(full_year(19, Some(2018)), 2019);
        assert_eq!(full_year(98, Some(1999)), 1998);
        assert_eq!(full_year(98, None), 1998);
        assert_eq!(full_year(20, None), 2020);
    }

    #[test]
    fn exactly_one_identifier_is_asked_about() {
        let none = HullCheckParams::default();
        assert!(HullQuery::parse(&none).is_err());
        let two = HullCheckParams {
            cin: Some("NL-BEN12345F819".into()),
            mmsi: Some("244123456".into()),
            ..Default::default()
        };
        assert!(HullQuery::parse(&two).is_err());
        let malformed = HullCheckParams { cin: Some("not a cin".into()), ..Default::default() };
        assert!(matches!(HullQuery::parse(&malformed), Ok(HullQuery::Cin(_))), "answered, as malformed");
        let bad_mmsi = HullCheckParams { mmsi: Some("12".into()), ..Default::default() };
        assert!(HullQuery::parse(&bad_mmsi).is_err());
    }

    #[test]
    fn a_malformed_cin_says_why_and_a_sound_one_is_decoded() {
        let bad = decode("NL-BEN12345M678", None, Lang::En);
        assert_eq!((bad.well_formed, bad.problem_code.as_deref()), (false, Some("cin_month_invalid")));
        let good = decode("nl ben12345f819", Some(2019), Lang::En);
        assert_eq!(good.value, "NL-BEN12345F819");
        assert_eq!(
            (good.manufacturer_code.as_deref(), good.production_month, good.model_year),
            (Some("BEN"), Some(6), Some(2019))
        );
    }
}
