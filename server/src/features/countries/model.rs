//! The countries feature's types: a supported country, the identifiers its
//! vessels carry, and texts in the six interface languages.

use serde::Serialize;
use utoipa::ToSchema;

use crate::{domain::identifiers::NationalKind, foundation::i18n::Lang};

/// A country the registry serves (spec section 3).
pub struct Country {
    pub code: &'static str,
    pub flag: &'static str,
    /// The country's name in the six interface languages.
    pub name: LocalizedText,
    pub phone_prefix: &'static str,
    pub national: &'static [NationalKind],
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

/// A text in each of the six interface languages, by language code.
#[derive(Clone, Copy, Debug, Serialize, ToSchema)]
pub struct LocalizedText {
    pub en: &'static str,
    pub nl: &'static str,
    pub de: &'static str,
    pub fr: &'static str,
    pub es: &'static str,
    pub it: &'static str,
}

impl LocalizedText {
    pub fn get(&self, lang: Lang) -> &'static str {
        match lang {
            Lang::En => self.en,
            Lang::Nl => self.nl,
            Lang::De => self.de,
            Lang::Fr => self.fr,
            Lang::Es => self.es,
            Lang::It => self.it,
        }
    }
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
