//! The words on the registry's PDFs, in the languages the web app has
//! (English and Dutch), chosen from the request's `Accept-Language`: the
//! web app sends the language its reader chose.

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lang {
    En,
    Nl,
}

impl Lang {
    /// The reader's language (`Accept-Language`, among the registry's six) when the PDFs
    /// have it; English otherwise.
    pub fn from_accept_language(header: Option<&str>) -> Self {
        use crate::i18n::Lang as Any;
        match Any::best_of(header, &[Any::En, Any::Nl]) {
            Any::Nl => Self::Nl,
            _ => Self::En,
        }
    }

    /// The text for `key` in this language.
    pub fn t(self, key: Key) -> &'static str {
        let (en, nl) = match key {
            Key::Registry => ("European Small-Craft Registry", "Europees Register voor Kleine Vaartuigen"),
            Key::CertificateTitle => ("Certificate of Registration", "Registratiecertificaat"),
            Key::RecordTitle => ("Vessel Record", "Vaartuigdossier"),
            Key::VesselName => ("Vessel name", "Naam vaartuig"),
            Key::MakeAndModel => ("Make and model", "Merk en model"),
            Key::BuildYear => ("Build year", "Bouwjaar"),
            Key::Length => ("Length", "Lengte"),
            Key::Country => ("Country", "Land"),
            Key::RegisteredOwner => ("Registered owner", "Geregistreerde eigenaar"),
            Key::NotSet => ("Not set", "Niet ingesteld"),
            Key::Issued => ("Issued", "Uitgegeven"),
            Key::Serial => ("Certificate serial", "Certificaatnummer"),
            Key::HistoryHead => ("Ownership history head", "Kop van de eigendomshistorie"),
            Key::CheckThis => ("Check this certificate:", "Controleer dit certificaat:"),
            Key::SignedWith => (
                "Its data is signed with the registry's Ed25519 key",
                "De gegevens zijn ondertekend met de Ed25519-sleutel van het register",
            ),
            Key::PublicKey => {
                ("(public key: /api/certificates/public-key).", "(publieke sleutel: /api/certificates/public-key).")
            }
            Key::Particulars => ("Particulars", "Gegevens"),
            Key::OwnershipHistory => ("Ownership history", "Eigendomshistorie"),
            Key::CurrentOwner => ("Current owner", "Huidige eigenaar"),
            Key::PreviousOwner => ("Previous owner", "Vorige eigenaar"),
            Key::Present => ("present", "heden"),
            Key::ChainCheck => ("Chain check", "Controle van de keten"),
            Key::ChainVerified => ("verified", "geverifieerd"),
            Key::ChainBroken => ("does not verify", "klopt niet"),
            Key::Documents => ("Documents", "Documenten"),
            Key::NoDocuments => ("No documents.", "Geen documenten."),
            Key::Record => ("Value & maintenance record", "Waarde- en onderhoudsregister"),
            Key::ByPreviousOwner => (" (previous owner)", " (vorige eigenaar)"),
            Key::LatestValuation => ("Latest valuation", "Laatste taxatie"),
            Key::TotalSpent => ("Total spent", "Totaal besteed"),
            Key::Generated => (
                "Generated for the vessel's current owner. Previous owners are not named.",
                "Gemaakt voor de huidige eigenaar van het vaartuig. Vorige eigenaren worden niet genoemd.",
            ),
        };
        match self {
            Self::En => en,
            Self::Nl => nl,
        }
    }
}

#[derive(Clone, Copy, Debug)]
pub enum Key {
    Registry,
    CertificateTitle,
    RecordTitle,
    VesselName,
    MakeAndModel,
    BuildYear,
    Length,
    Country,
    RegisteredOwner,
    NotSet,
    Issued,
    Serial,
    HistoryHead,
    CheckThis,
    SignedWith,
    PublicKey,
    Particulars,
    OwnershipHistory,
    CurrentOwner,
    PreviousOwner,
    Present,
    ChainCheck,
    ChainVerified,
    ChainBroken,
    Documents,
    NoDocuments,
    Record,
    ByPreviousOwner,
    LatestValuation,
    TotalSpent,
    Generated,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_preferred_language_we_have_is_chosen() {
        assert_eq!(Lang::from_accept_language(Some("nl-NL,nl;q=0.9,en;q=0.8")), Lang::Nl);
        assert_eq!(Lang::from_accept_language(Some("de-DE,en;q=0.5,nl;q=0.4")), Lang::En);
        assert_eq!(Lang::from_accept_language(Some("en;q=0.3, nl;q=0.7")), Lang::Nl);
        assert_eq!(Lang::from_accept_language(Some("fr")), Lang::En);
        // The best language the PDFs have, not the best of all six.
        assert_eq!(Lang::from_accept_language(Some("de-DE,nl;q=0.9")), Lang::Nl);
        assert_eq!(Lang::from_accept_language(None), Lang::En);
        assert_eq!(Lang::t(Lang::Nl, Key::CertificateTitle), "Registratiecertificaat");
    }
}
