//! The countries the registry serves and their identifiers' texts. They are
//! compiled in rather than kept in a table: they change with a release (a new
//! country needs its identifiers' parsers too), never at run time.

use super::model::{Country, IdentifierType, LocalizedText};
use crate::domain::identifiers::NationalKind;

use NationalKind::{Akz, Brandmerk, Immatriculation, Matricula, PlRegister, Registratiebrief, Schiffsregister, Targa};

pub const SUPPORTED: &[Country] = &[
    Country {
        code: "NL",
        flag: "🇳🇱",
        name: LocalizedText {
            en: "Netherlands",
            nl: "Nederland",
            de: "Niederlande",
            fr: "Pays-Bas",
            es: "Países Bajos",
            it: "Paesi Bassi",
        },
        phone_prefix: "+31",
        national: &[Brandmerk],
    },
    Country {
        code: "DE",
        flag: "🇩🇪",
        name: LocalizedText {
            en: "Germany",
            nl: "Duitsland",
            de: "Deutschland",
            fr: "Allemagne",
            es: "Alemania",
            it: "Germania",
        },
        phone_prefix: "+49",
        national: &[Akz, Schiffsregister],
    },
    Country {
        code: "FR",
        flag: "🇫🇷",
        name: LocalizedText {
            en: "France",
            nl: "Frankrijk",
            de: "Frankreich",
            fr: "France",
            es: "Francia",
            it: "Francia",
        },
        phone_prefix: "+33",
        national: &[Immatriculation],
    },
    Country {
        code: "ES",
        flag: "🇪🇸",
        name: LocalizedText { en: "Spain", nl: "Spanje", de: "Spanien", fr: "Espagne", es: "España", it: "Spagna" },
        phone_prefix: "+34",
        national: &[Matricula],
    },
    Country {
        code: "IT",
        flag: "🇮🇹",
        name: LocalizedText { en: "Italy", nl: "Italië", de: "Italien", fr: "Italie", es: "Italia", it: "Italia" },
        phone_prefix: "+39",
        national: &[Targa],
    },
    Country {
        code: "BE",
        flag: "🇧🇪",
        name: LocalizedText {
            en: "Belgium", nl: "België", de: "Belgien", fr: "Belgique", es: "Bélgica", it: "Belgio"
        },
        phone_prefix: "+32",
        national: &[Registratiebrief],
    },
    Country {
        code: "PL",
        flag: "🇵🇱",
        name: LocalizedText { en: "Poland", nl: "Polen", de: "Polen", fr: "Pologne", es: "Polonia", it: "Polonia" },
        phone_prefix: "+48",
        national: &[PlRegister],
    },
    Country {
        code: "PT",
        flag: "🇵🇹",
        name: LocalizedText {
            en: "Portugal",
            nl: "Portugal",
            de: "Portugal",
            fr: "Portugal",
            es: "Portugal",
            it: "Portogallo",
        },
        phone_prefix: "+351",
        national: &[],
    },
    Country {
        code: "GR",
        flag: "🇬🇷",
        name: LocalizedText {
            en: "Greece",
            nl: "Griekenland",
            de: "Griechenland",
            fr: "Grèce",
            es: "Grecia",
            it: "Grecia",
        },
        phone_prefix: "+30",
        national: &[],
    },
    Country {
        code: "HR",
        flag: "🇭🇷",
        name: LocalizedText {
            en: "Croatia",
            nl: "Kroatië",
            de: "Kroatien",
            fr: "Croatie",
            es: "Croacia",
            it: "Croazia",
        },
        phone_prefix: "+385",
        national: &[],
    },
    Country {
        code: "CH",
        flag: "🇨🇭",
        name: LocalizedText {
            en: "Switzerland",
            nl: "Zwitserland",
            de: "Schweiz",
            fr: "Suisse",
            es: "Suiza",
            it: "Svizzera",
        },
        phone_prefix: "+41",
        national: &[],
    },
];

pub(super) fn find(code: &str) -> Option<&'static Country> {
    SUPPORTED.iter().find(|c| c.code.eq_ignore_ascii_case(code.trim()))
}

pub(super) struct Texts {
    pub label: LocalizedText,
    pub placeholder: &'static str,
    pub helper: LocalizedText,
}

pub(super) fn texts(kind: IdentifierType) -> Texts {
    use IdentifierType as T;
    let t =
        |label: LocalizedText, placeholder: &'static str, helper: LocalizedText| Texts { label, placeholder, helper };
    match kind {
        T::Cin => t(
            LocalizedText {
                en: "CIN / HIN",
                nl: "CIN / HIN",
                de: "CIN / HIN",
                fr: "CIN / HIN",
                es: "CIN / HIN",
                it: "CIN / HIN",
            },
            "NL-BEN12345F819",
            LocalizedText {
                en: "The 14-character craft identification number on the transom.",
                nl: "Het casco-identificatienummer van 14 tekens op de spiegel.",
                de: "Die 14-stellige Identifizierungsnummer des Schiffs am Heckspiegel.",
                fr: "Le numéro d'identification du bateau à 14 caractères, inscrit sur le tableau arrière.",
                es: "El número de identificación de la embarcación, de 14 caracteres, que figura en el espejo de popa.",
                it: "Il numero di identificazione dell'unità, di 14 caratteri, riportato sullo specchio di poppa.",
            },
        ),
        T::Brandmerk => t(
            LocalizedText {
                en: "Brandmerk (Kadaster)",
                nl: "Brandmerk (Kadaster)",
                de: "Brandmerk (Kadaster)",
                fr: "Brandmerk (Kadaster)",
                es: "Brandmerk (Kadaster)",
                it: "Brandmerk (Kadaster)",
            },
            "12345A2020",
            LocalizedText {
                en: "The registration mark (brandmerk) the Dutch Kadaster assigns when the vessel is registered.",
                nl: "Het brandmerk dat het Kadaster bij de teboekstelling van het vaartuig toekent.",
                de: "Das Registrierungszeichen (Brandmerk), das das niederländische Kadaster bei der Eintragung des Schiffs vergibt.",
                fr: "La marque d'immatriculation (brandmerk) attribuée par le Kadaster néerlandais lors de l'enregistrement du bateau.",
                es: "La marca de registro (brandmerk) que asigna el Kadaster neerlandés al inscribir la embarcación.",
                it: "Il contrassegno di registrazione (brandmerk) assegnato dal Kadaster dei Paesi Bassi all'atto dell'iscrizione dell'unità.",
            },
        ),
        T::Akz => t(
            LocalizedText {
                en: "Amtliches Kennzeichen (AKZ)",
                nl: "Amtliches Kennzeichen (AKZ)",
                de: "Amtliches Kennzeichen (AKZ)",
                fr: "Amtliches Kennzeichen (AKZ)",
                es: "Amtliches Kennzeichen (AKZ)",
                it: "Amtliches Kennzeichen (AKZ)",
            },
            "B-12345",
            LocalizedText {
                en: "The official German registration mark for recreational craft.",
                nl: "Het officiële Duitse registratiekenmerk voor pleziervaartuigen.",
                de: "Das amtliche deutsche Kennzeichen für Sportboote.",
                fr: "La marque d'immatriculation officielle allemande des bateaux de plaisance.",
                es: "La matrícula oficial alemana de las embarcaciones de recreo.",
                it: "Il numero di immatricolazione ufficiale tedesco delle unità da diporto.",
            },
        ),
        T::Schiffsregister => t(
            LocalizedText {
                en: "Ship register number (Schiffsregister)",
                nl: "Scheepsregisternummer (Schiffsregister)",
                de: "Schiffsregisternummer",
                fr: "Numéro au registre des navires (Schiffsregister)",
                es: "Número de registro de buques (Schiffsregister)",
                it: "Numero di registro navale (Schiffsregister)",
            },
            "SSR 1234 HH",
            LocalizedText {
                en: "The entry number in the German ship register, kept by the local court (Amtsgericht).",
                nl: "Het inschrijvingsnummer in het Duitse scheepsregister, dat het Amtsgericht (Duitse rechtbank) bijhoudt.",
                de: "Die Eintragungsnummer im deutschen Schiffsregister, das beim Amtsgericht geführt wird.",
                fr: "Le numéro d'inscription au registre allemand des navires, tenu par le tribunal cantonal (Amtsgericht).",
                es: "El número de inscripción en el registro alemán de buques, que lleva el juzgado local (Amtsgericht).",
                it: "Il numero di iscrizione nel registro navale tedesco, tenuto dal tribunale locale (Amtsgericht).",
            },
        ),
        T::Registratiebrief => t(
            LocalizedText {
                en: "Registration certificate (Belgium)",
                nl: "Registratiebrief",
                de: "Registrierungsschein (Belgien)",
                fr: "Lettre d'immatriculation (Belgique)",
                es: "Certificado de registro (Bélgica)",
                it: "Certificato di registrazione (Belgio)",
            },
            "B 12345",
            LocalizedText {
                en: "The number on the Belgian registration certificate (registratiebrief / lettre d'immatriculation).",
                nl: "Het nummer op de Belgische registratiebrief.",
                de: "Die Nummer auf dem belgischen Registrierungsschein (registratiebrief / lettre d'immatriculation).",
                fr: "Le numéro figurant sur la lettre d'immatriculation belge (registratiebrief).",
                es: "El número que figura en el certificado de registro belga (registratiebrief / lettre d'immatriculation).",
                it: "Il numero riportato sul certificato di registrazione belga (registratiebrief / lettre d'immatriculation).",
            },
        ),
        T::Immatriculation => t(
            LocalizedText {
                en: "Immatriculation (France)",
                nl: "Immatriculation (Frankrijk)",
                de: "Immatriculation (Frankreich)",
                fr: "Numéro d'immatriculation",
                es: "Immatriculation (Francia)",
                it: "Immatriculation (Francia)",
            },
            "MA A12345",
            LocalizedText {
                en: "The French registration number, preceded by the code of its maritime district (quartier maritime).",
                nl: "Het Franse registratienummer, voorafgegaan door de code van het maritieme district (quartier maritime).",
                de: "Die französische Registriernummer, beginnend mit dem Kürzel des Seebezirks (quartier maritime).",
                fr: "Le numéro d'immatriculation du bateau, précédé des lettres de son quartier maritime.",
                es: "El número de matrícula francés, precedido del código de su distrito marítimo (quartier maritime).",
                it: "Il numero di immatricolazione francese, preceduto dalla sigla del distretto marittimo (quartier maritime).",
            },
        ),
        T::Matricula => t(
            LocalizedText {
                en: "Matrícula (Spain)",
                nl: "Matrícula (Spanje)",
                de: "Matrícula (Spanien)",
                fr: "Matrícula (Espagne)",
                es: "Matrícula",
                it: "Matrícula (Spagna)",
            },
            "7ª-BA-1-123-04",
            LocalizedText {
                en: "The Spanish registration number: list, maritime province, district, folio and year.",
                nl: "Het Spaanse registratienummer: lijst, maritieme provincie, district, folio en jaar.",
                de: "Die spanische Registriernummer aus Liste, Seeprovinz, Distrikt, Folio und Jahr.",
                fr: "Le numéro d'immatriculation espagnol\u{a0}: liste, province maritime, district, folio et année.",
                es: "El número de matrícula de la embarcación: lista, provincia marítima, distrito, folio y año.",
                it: "Il numero di immatricolazione spagnolo: lista, provincia marittima, distretto, folio e anno.",
            },
        ),
        T::Targa => t(
            LocalizedText {
                en: "Targa (Italy)",
                nl: "Targa (Italië)",
                de: "Targa (Italien)",
                fr: "Targa (Italie)",
                es: "Targa (Italia)",
                it: "Targa",
            },
            "RM 1234 D",
            LocalizedText {
                en: "The vessel's Italian registration mark (targa), as shown on the hull.",
                nl: "Het Italiaanse registratiekenmerk (targa) van het vaartuig, zoals op de romp.",
                de: "Das italienische Kennzeichen (Targa) des Schiffs, wie am Rumpf angebracht.",
                fr: "La marque d'immatriculation italienne (targa) du bateau, telle qu'elle figure sur la coque.",
                es: "La matrícula italiana (targa) de la embarcación, tal como figura en el casco.",
                it: "La sigla di iscrizione (targa) dell'unità, come riportata sullo scafo.",
            },
        ),
        T::PlRegister => t(
            LocalizedText {
                en: "Polish register number",
                nl: "Pools registratienummer",
                de: "Polnische Registernummer",
                fr: "Numéro au registre polonais",
                es: "Número de registro polaco",
                it: "Numero di registro polacco",
            },
            "POL-12345",
            LocalizedText {
                en: "The number in the Polish register of recreational craft (rejestr jachtów).",
                nl: "Het nummer in het Poolse register van pleziervaartuigen (rejestr jachtów).",
                de: "Die Nummer im polnischen Sportbootregister (rejestr jachtów).",
                fr: "Le numéro d'inscription au registre polonais des bateaux de plaisance (rejestr jachtów).",
                es: "El número de inscripción en el registro polaco de embarcaciones de recreo (rejestr jachtów).",
                it: "Il numero di iscrizione nel registro polacco delle unità da diporto (rejestr jachtów).",
            },
        ),
        T::Mmsi => t(
            LocalizedText { en: "MMSI", nl: "MMSI", de: "MMSI", fr: "MMSI", es: "MMSI", it: "MMSI" },
            "244123456",
            LocalizedText {
                en: "9-digit identifier for radio-equipped vessels.",
                nl: "9-cijferig nummer voor vaartuigen met een marifoon.",
                de: "9-stellige Kennung für Schiffe mit Seefunkanlage.",
                fr: "Identifiant à 9 chiffres des bateaux équipés d'une radio VHF marine.",
                es: "Identificador de 9 dígitos para embarcaciones con equipo de radio marítima.",
                it: "Identificativo di 9 cifre per le unità dotate di apparato radio di bordo.",
            },
        ),
    }
}
