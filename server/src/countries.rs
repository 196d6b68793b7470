//! The countries the registry supports: flag, name, phone prefix and the
//! identifiers their vessels carry (spec section 3). Served at
//! `/api/config/countries`.

use axum::{Router, extract::Path, routing::get};
use serde::Serialize;
use utoipa::ToSchema;

use crate::{
    app::AppState,
    domain::identifiers::NationalKind,
    error::{AppError, AppResult, ErrorBody},
    http::json::ApiJson,
};

pub struct Country {
    pub code: &'static str,
    pub flag: &'static str,
    pub name_en: &'static str,
    pub name_nl: &'static str,
    pub phone_prefix: &'static str,
    pub national: &'static [NationalKind],
}

use NationalKind::{Akz, Brandmerk, Immatriculation, Matricula, PlRegister, Registratiebrief, Schiffsregister, Targa};

pub const SUPPORTED: &[Country] = &[
    Country {
        code: "NL",
        flag: "🇳🇱",
        name_en: "Netherlands",
        name_nl: "Nederland",
        phone_prefix: "+31",
        national: &[Brandmerk],
    },
    Country {
        code: "DE",
        flag: "🇩🇪",
        name_en: "Germany",
        name_nl: "Duitsland",
        phone_prefix: "+49",
        national: &[Akz, Schiffsregister],
    },
    Country {
        code: "FR",
        flag: "🇫🇷",
        name_en: "France",
        name_nl: "Frankrijk",
        phone_prefix: "+33",
        national: &[Immatriculation],
    },
    Country {
        code: "ES",
        flag: "🇪🇸",
        name_en: "Spain",
        name_nl: "Spanje",
        phone_prefix: "+34",
        national: &[Matricula],
    },
    Country {
        code: "IT", flag: "🇮🇹", name_en: "Italy", name_nl: "Italië", phone_prefix: "+39", national: &[Targa]
    },
    Country {
        code: "BE",
        flag: "🇧🇪",
        name_en: "Belgium",
        name_nl: "België",
        phone_prefix: "+32",
        national: &[Registratiebrief],
    },
    Country {
        code: "PL",
        flag: "🇵🇱",
        name_en: "Poland",
        name_nl: "Polen",
        phone_prefix: "+48",
        national: &[PlRegister],
    },
    Country {
        code: "PT", flag: "🇵🇹", name_en: "Portugal", name_nl: "Portugal", phone_prefix: "+351", national: &[]
    },
    Country {
        code: "GR", flag: "🇬🇷", name_en: "Greece", name_nl: "Griekenland", phone_prefix: "+30", national: &[]
    },
    Country {
        code: "HR", flag: "🇭🇷", name_en: "Croatia", name_nl: "Kroatië", phone_prefix: "+385", national: &[]
    },
    Country {
        code: "CH",
        flag: "🇨🇭",
        name_en: "Switzerland",
        name_nl: "Zwitserland",
        phone_prefix: "+41",
        national: &[],
    },
];

pub fn find(code: &str) -> Option<&'static Country> {
    SUPPORTED.iter().find(|c| c.code.eq_ignore_ascii_case(code.trim()))
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum IdentifierType {
    Cin,
    Brandmerk,
    Akz,
    Schiffsregister,
    Registratiebrief,
    Immatriculation,
    Matricula,
    Targa,
    PlRegister,
    Mmsi,
}

#[derive(Serialize, ToSchema)]
pub struct LocalizedText {
    pub en: &'static str,
    pub nl: &'static str,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct IdentifierConfig {
    #[serde(rename = "type")]
    pub kind: IdentifierType,
    pub label_i18n_key: String,
    pub label: LocalizedText,
    pub placeholder: &'static str,
    pub helper_text: LocalizedText,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CountryConfig {
    pub code: &'static str,
    pub flag: &'static str,
    pub name: LocalizedText,
    pub phone_prefix: &'static str,
    pub identifiers: Vec<IdentifierConfig>,
}

struct Texts {
    label: LocalizedText,
    placeholder: &'static str,
    helper: LocalizedText,
}

fn texts(kind: IdentifierType) -> Texts {
    use IdentifierType as T;
    let t = |label_en, label_nl, placeholder, helper_en, helper_nl| Texts {
        label: LocalizedText { en: label_en, nl: label_nl },
        placeholder,
        helper: LocalizedText { en: helper_en, nl: helper_nl },
    };
    match kind {
        T::Cin => t(
            "CIN / HIN",
            "CIN / HIN",
            "NL-BEN12345F819",
            "The 14-character craft identification number on the transom.",
            "Het casco-identificatienummer van 14 tekens op de spiegel.",
        ),
        T::Brandmerk => t(
            "Brandmerk (Kadaster)",
            "Brandmerk (Kadaster)",
            "12345A2020",
            "The registration mark from the Dutch Kadaster.",
            "Het brandmerk uit de registratie bij het Kadaster.",
        ),
        T::Akz => t(
            "Amtliches Kennzeichen (AKZ)",
            "Amtliches Kennzeichen (AKZ)",
            "B-12345",
            "The official German registration mark for recreational craft.",
            "Het officiële Duitse registratiekenmerk voor pleziervaartuigen.",
        ),
        T::Schiffsregister => t(
            "Schiffsregister number",
            "Schiffsregister-nummer",
            "SSR 1234 HH",
            "The number in the German ship register.",
            "Het nummer in het Duitse scheepsregister.",
        ),
        T::Registratiebrief => t(
            "Registration certificate (Belgium)",
            "Registratiebrief",
            "B 12345",
            "The number on the Belgian registration certificate.",
            "Het nummer op de Belgische registratiebrief.",
        ),
        T::Immatriculation => t(
            "Immatriculation (France)",
            "Immatriculatie (Frankrijk)",
            "MA A12345",
            "The French registration number, with its maritime district.",
            "Het Franse registratienummer, met het maritieme district.",
        ),
        T::Matricula => t(
            "Matrícula (Spain)",
            "Matrícula (Spanje)",
            "7ª-BA-1-123-04",
            "The Spanish registration (folio) number.",
            "Het Spaanse registratienummer (folio).",
        ),
        T::Targa => t(
            "Targa (Italy)",
            "Targa (Italië)",
            "RM 1234 D",
            "The Italian registration plate of the vessel.",
            "De Italiaanse registratieplaat van het vaartuig.",
        ),
        T::PlRegister => t(
            "Polish register number",
            "Pools registratienummer",
            "POL-12345",
            "The number in the Polish register of recreational craft.",
            "Het nummer in het Poolse register van pleziervaartuigen.",
        ),
        T::Mmsi => t(
            "MMSI",
            "MMSI",
            "244123456",
            "9-digit identifier for radio-equipped vessels.",
            "9-cijferig nummer voor vaartuigen met een marifoon.",
        ),
    }
}

fn identifier_type(kind: NationalKind) -> IdentifierType {
    match kind {
        Brandmerk => IdentifierType::Brandmerk,
        Akz => IdentifierType::Akz,
        Schiffsregister => IdentifierType::Schiffsregister,
        Registratiebrief => IdentifierType::Registratiebrief,
        Immatriculation => IdentifierType::Immatriculation,
        Matricula => IdentifierType::Matricula,
        Targa => IdentifierType::Targa,
        PlRegister => IdentifierType::PlRegister,
    }
}

impl Country {
    pub fn config(&self) -> CountryConfig {
        let kinds = self.national.iter().map(|k| identifier_type(*k)).chain([IdentifierType::Mmsi]);
        CountryConfig {
            code: self.code,
            flag: self.flag,
            name: LocalizedText { en: self.name_en, nl: self.name_nl },
            phone_prefix: self.phone_prefix,
            identifiers: kinds
                .map(|kind| {
                    let t = texts(kind);
                    let key =
                        serde_json::to_value(kind).ok().and_then(|v| v.as_str().map(str::to_owned)).unwrap_or_default();
                    IdentifierConfig {
                        kind,
                        label_i18n_key: format!("identifiers.{key}.label"),
                        label: t.label,
                        placeholder: t.placeholder,
                        helper_text: t.helper,
                    }
                })
                .collect(),
        }
    }
}

pub fn router() -> Router<AppState> {
    Router::new().route("/api/config/countries", get(list)).route("/api/config/countries/{country_code}", get(one))
}

#[utoipa::path(get, path = "/api/config/countries", tag = "config", responses((status = 200, body = Vec<CountryConfig>)))]
pub(crate) async fn list() -> ApiJson<Vec<CountryConfig>> {
    ApiJson(SUPPORTED.iter().map(Country::config).collect())
}

#[utoipa::path(get, path = "/api/config/countries/{countryCode}", tag = "config",
    params(("countryCode" = String, Path, description = "ISO 3166 alpha-2, e.g. NL", pattern = r"^[A-Za-z]{2}$")),
    responses((status = 200, body = CountryConfig), (status = 404, body = ErrorBody)))]
pub(crate) async fn one(Path(code): Path<String>) -> AppResult<ApiJson<CountryConfig>> {
    find(&code)
        .map(|c| ApiJson(c.config()))
        .ok_or_else(|| AppError::NotFound(crate::i18n::Msg::new("country_not_supported").arg("code", code)))
}
