//! ENI, the European Vessel Identification Number for inland navigation:
//! eight digits whose first three identify the issuing authority's country
//! (UNECE Resolution No. 61, Directive (EU) 2016/1629 Annex).

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Eni {
    number: String,
    country: &'static str,
}

pub const INVALID_ENI: &str = "eni_number_8_digits";
pub const UNKNOWN_ENI_AUTHORITY: &str = "eni_number_does_not_start";

impl Eni {
    pub fn parse(raw: &str) -> Result<Self, &'static str> {
        let s: String = raw.chars().filter(|c| !c.is_whitespace()).collect();
        if s.len() != 8 || !s.bytes().all(|b| b.is_ascii_digit()) {
            return Err(INVALID_ENI);
        }
        let code: u16 = s[..3].parse().map_err(|_| INVALID_ENI)?;
        let country = authority_country(code).ok_or(UNKNOWN_ENI_AUTHORITY)?;
        Ok(Self { number: s, country })
    }

    pub fn as_str(&self) -> &str {
        &self.number
    }

    pub fn country(&self) -> &'static str {
        self.country
    }
}

/// Ranges of the first three digits and the country whose authority issues them.
#[rustfmt::skip]
static AUTHORITIES: &[(u16, u16, &str)] = &[
    (1, 19, "FR"), (20, 39, "NL"), (40, 59, "DE"), (60, 69, "BE"), (70, 79, "CH"),
    (100, 119, "NO"), (120, 139, "DK"), (140, 159, "GB"), (160, 169, "IS"), (170, 179, "IE"), (180, 189, "PT"),
    (200, 219, "LU"), (220, 239, "FI"), (240, 259, "PL"), (260, 269, "EE"), (270, 279, "LT"), (280, 289, "LV"),
    (300, 309, "AT"), (310, 319, "LI"), (320, 329, "CZ"), (330, 339, "SK"), (350, 359, "HR"), (360, 369, "RS"),
    (370, 379, "BA"), (380, 399, "HU"), (400, 419, "RU"), (420, 439, "UA"), (440, 449, "BY"), (450, 459, "MD"),
    (460, 469, "RO"), (470, 479, "BG"), (480, 489, "GE"), (500, 519, "TR"), (520, 539, "GR"), (540, 549, "CY"),
    (550, 559, "AL"), (560, 569, "MK"), (570, 579, "SI"), (580, 589, "ME"), (600, 619, "IT"), (620, 639, "ES"),
    (640, 649, "AD"), (650, 659, "MT"), (660, 669, "MC"), (670, 679, "SM"), (700, 719, "SE"), (720, 739, "CA"),
    (740, 759, "US"), (760, 769, "IL"), (800, 809, "AZ"), (810, 819, "KZ"), (820, 829, "KG"), (830, 839, "TJ"),
    (840, 849, "TM"), (850, 859, "UZ"), (860, 869, "IR"),
];

fn authority_country(code: u16) -> Option<&'static str> {
    AUTHORITIES.iter().find(|(lo, hi, _)| (*lo..=*hi).contains(&code)).map(|(_, _, c)| *c)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_dutch_eni_is_issued_in_the_netherlands() {
        let eni = Eni::parse("02326543").unwrap();
        assert_eq!((eni.as_str(), eni.country()), ("02326543", "NL"));
        assert_eq!(Eni::parse("04801234").unwrap().country(), "DE");
    }

    #[test]
    fn reserved_authority_codes_are_rejected() {
        for bad in ["00012345", "08512345", "19512345", "99912345"] {
            assert_eq!(Eni::parse(bad), Err(UNKNOWN_ENI_AUTHORITY), "{bad}");
        }
    }

    #[test]
    fn an_eni_must_have_eight_digits() {
        assert_eq!(Eni::parse("0232654"), Err(INVALID_ENI));
        assert_eq!(Eni::parse("0232654A"), Err(INVALID_ENI));
    }
}
