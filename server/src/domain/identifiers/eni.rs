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

#[cfg(test)]
mod properties {
    use proptest::prelude::*;

    use super::*;

    /// An ENI whose first three digits an authority issues, and its country.
    fn issued() -> impl Strategy<Value = (String, &'static str)> {
        (proptest::sample::select(AUTHORITIES), 0u16..20, "[0-9]{5}").prop_map(|((lo, hi, country), offset, rest)| {
            let code = lo + offset % (hi - lo + 1);
            (format!("{code:03}{rest}"), country)
        })
    }

    /// Any run of whitespace (`char::is_whitespace`), or none.
    fn gap() -> impl Strategy<Value = &'static str> {
        prop_oneof![Just(""), Just(" "), Just("\t"), Just("\n"), Just("\u{a0}"), Just("  ")]
    }

    #[test]
    fn the_authority_ranges_are_ordered_and_do_not_overlap() {
        assert!(AUTHORITIES.iter().all(|(lo, hi, _)| lo <= hi));
        assert!(AUTHORITIES.windows(2).all(|w| w[0].1 < w[1].0));
    }

    proptest! {
        #[test]
        fn any_text_is_answered_without_a_panic(raw in "\\PC{0,20}") {
            let _ = Eni::parse(&raw);
        }

        #[test]
        fn eight_digits_parse_exactly_when_an_authority_issues_their_code(digits in "[0-9]{8}") {
            let code: u16 = digits[..3].parse().expect("three ASCII digits");
            if let Some(country) = authority_country(code) {
                let eni = Eni::parse(&digits).expect("an issuing authority's code");
                prop_assert_eq!((eni.as_str(), eni.country()), (digits.as_str(), country));
            } else {
                prop_assert_eq!(Eni::parse(&digits), Err(UNKNOWN_ENI_AUTHORITY));
            }
        }

        /// No authority issues 000, nor any code from 870 on.
        #[test]
        fn unissued_codes_are_refused(code in prop_oneof![Just(0u16), 870u16..1000], rest in "[0-9]{5}") {
            prop_assert_eq!(Eni::parse(&format!("{code:03}{rest}")), Err(UNKNOWN_ENI_AUTHORITY));
        }

        #[test]
        fn an_eni_parses_back_as_itself_however_it_is_spaced(
            (number, country) in issued(),
            gaps in proptest::collection::vec(gap(), 9),
        ) {
            let mut typed = String::new();
            for (c, space) in number.chars().zip(&gaps) {
                typed.push_str(space);
                typed.push(c);
            }
            typed.push_str(gaps[8]);
            let parsed = Eni::parse(&typed).expect("whitespace anywhere is ignored");
            prop_assert_eq!((parsed.as_str(), parsed.country()), (number.as_str(), country));
            prop_assert_eq!(Eni::parse(parsed.as_str()), Ok(parsed));
        }

        #[test]
        fn other_lengths_and_non_digits_are_refused(
            (number, _) in issued(),
            short in "[0-9]{0,7}",
            long in "[0-9]{9,14}",
            at in 0usize..8,
            other in "[^0-9\\s]",
        ) {
            prop_assert_eq!(Eni::parse(&short), Err(INVALID_ENI));
            prop_assert_eq!(Eni::parse(&long), Err(INVALID_ENI));
            let mut changed: Vec<String> = number.chars().map(String::from).collect();
            changed[at].clone_from(&other);
            prop_assert_eq!(Eni::parse(&changed.concat()), Err(INVALID_ENI));
        }
    }
}
