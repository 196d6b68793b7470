//! What the registry tells the web app about each country: its flag, name,
//! phone prefix and the identifiers its vessels carry, with their texts.

use super::model::{Country, CountryConfig, IdentifierConfig, IdentifierType};
use super::store::{self, SUPPORTED, texts};
use crate::{
    domain::identifiers::NationalKind,
    foundation::error::{AppError, AppResult},
    foundation::i18n::{Lang, Msg},
};

/// A supported country by its ISO code (any case, spaces around allowed).
pub fn find(code: &str) -> Option<&'static Country> {
    store::find(code)
}

/// Every supported country as the web app configures its forms.
pub fn list() -> Vec<CountryConfig> {
    SUPPORTED.iter().map(Country::config).collect()
}

/// One supported country; 404 `country_not_supported` for any other code.
pub fn one(code: &str) -> AppResult<CountryConfig> {
    find(code)
        .map(Country::config)
        .ok_or_else(|| AppError::NotFound(Msg::new("country_not_supported").arg("code", code)))
}

/// The label of a national identifier by the key a vessel stores it under (`brandmerk`, ...).
pub fn identifier_label(key: &str, lang: Lang) -> Option<&'static str> {
    NationalKind::parse(key).map(|kind| texts(identifier_type(kind)).label.get(lang))
}

fn identifier_type(kind: NationalKind) -> IdentifierType {
    match kind {
        NationalKind::Brandmerk => IdentifierType::Brandmerk,
        NationalKind::Akz => IdentifierType::Akz,
        NationalKind::Schiffsregister => IdentifierType::Schiffsregister,
        NationalKind::Registratiebrief => IdentifierType::Registratiebrief,
        NationalKind::Immatriculation => IdentifierType::Immatriculation,
        NationalKind::Matricula => IdentifierType::Matricula,
        NationalKind::Targa => IdentifierType::Targa,
        NationalKind::PlRegister => IdentifierType::PlRegister,
    }
}

impl Country {
    pub fn config(&self) -> CountryConfig {
        let kinds = self.national.iter().map(|k| identifier_type(*k)).chain([IdentifierType::Mmsi]);
        CountryConfig {
            code: self.code,
            flag: self.flag,
            name: self.name,
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

#[cfg(test)]
mod tests {
    use super::*;

    fn all(text: &crate::features::countries::LocalizedText) -> [&'static str; 6] {
        [text.en, text.nl, text.de, text.fr, text.es, text.it]
    }

    #[test]
    fn every_name_label_and_helper_is_in_six_languages() {
        for country in SUPPORTED {
            let config = country.config();
            assert!(all(&config.name).iter().all(|s| !s.trim().is_empty()), "{}", country.code);
            for id in &config.identifiers {
                let texts = [all(&id.label), all(&id.helper_text)].concat();
                assert!(texts.iter().all(|s| !s.trim().is_empty()), "{} {}", country.code, id.label_i18n_key);
            }
        }
    }
}
