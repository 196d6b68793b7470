//! MMSI of a ship station: nine digits whose first three are a Maritime
//! Identification Digit (MID) allotted by the ITU to a country.

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mmsi {
    number: String,
    /// ISO 3166 alpha-2 code of the country the MID is allotted to.
    country: &'static str,
}

pub const INVALID_MMSI: &str = "mmsi_9_digits";
pub const UNKNOWN_MID: &str = "mmsi_does_not_start_maritime";

impl Mmsi {
    pub fn parse(raw: &str) -> Result<Self, &'static str> {
        let s: String = raw.chars().filter(|c| !c.is_whitespace()).collect();
        if s.len() != 9 || !s.bytes().all(|b| b.is_ascii_digit()) {
            return Err(INVALID_MMSI);
        }
        let mid: u16 = s[..3].parse().map_err(|_| INVALID_MMSI)?;
        let country = country_of_mid(mid).ok_or(UNKNOWN_MID)?;
        Ok(Self { number: s, country })
    }

    pub fn as_str(&self) -> &str {
        &self.number
    }

    pub fn country(&self) -> &'static str {
        self.country
    }
}

/// ITU Maritime Identification Digits (ITU-R M.585, Appendix 43 of the
/// Radio Regulations) to ISO 3166 alpha-2.
pub fn country_of_mid(mid: u16) -> Option<&'static str> {
    MIDS.binary_search_by_key(&mid, |(m, _)| *m).ok().map(|i| MIDS[i].1)
}

#[rustfmt::skip]
static MIDS: &[(u16, &str)] = &[
    (201, "AL"), (202, "AD"), (203, "AT"), (204, "PT"), (205, "BE"), (206, "BY"), (207, "BG"), (208, "VA"),
    (209, "CY"), (210, "CY"), (211, "DE"), (212, "CY"), (213, "GE"), (214, "MD"), (215, "MT"), (216, "AM"),
    (218, "DE"), (219, "DK"), (220, "DK"), (224, "ES"), (225, "ES"), (226, "FR"), (227, "FR"), (228, "FR"),
    (229, "MT"), (230, "FI"), (231, "FO"), (232, "GB"), (233, "GB"), (234, "GB"), (235, "GB"), (236, "GI"),
    (237, "GR"), (238, "HR"), (239, "GR"), (240, "GR"), (241, "GR"), (242, "MA"), (243, "HU"), (244, "NL"),
    (245, "NL"), (246, "NL"), (247, "IT"), (248, "MT"), (249, "MT"), (250, "IE"), (251, "IS"), (252, "LI"),
    (253, "LU"), (254, "MC"), (255, "PT"), (256, "MT"), (257, "NO"), (258, "NO"), (259, "NO"), (261, "PL"),
    (262, "ME"), (263, "PT"), (264, "RO"), (265, "SE"), (266, "SE"), (267, "SK"), (268, "SM"), (269, "CH"),
    (270, "CZ"), (271, "TR"), (272, "UA"), (273, "RU"), (274, "MK"), (275, "LV"), (276, "EE"), (277, "LT"),
    (278, "SI"), (279, "RS"),
    (301, "AI"), (303, "US"), (304, "AG"), (305, "AG"), (306, "CW"), (307, "AW"), (308, "BS"), (309, "BS"),
    (310, "BM"), (311, "BS"), (312, "BZ"), (314, "BB"), (316, "CA"), (319, "KY"), (321, "CR"), (323, "CU"),
    (325, "DM"), (327, "DO"), (329, "GP"), (330, "GD"), (331, "GL"), (332, "GT"), (334, "HN"), (336, "HT"),
    (338, "US"), (339, "JM"), (341, "KN"), (343, "LC"), (345, "MX"), (347, "MQ"), (348, "MS"), (350, "NI"),
    (351, "PA"), (352, "PA"), (353, "PA"), (354, "PA"), (355, "PA"), (356, "PA"), (357, "PA"), (358, "PR"),
    (359, "SV"), (361, "PM"), (362, "TT"), (364, "TC"), (366, "US"), (367, "US"), (368, "US"), (369, "US"),
    (370, "PA"), (371, "PA"), (372, "PA"), (373, "PA"), (374, "PA"), (375, "VC"), (376, "VC"), (377, "VC"),
    (378, "VG"), (379, "VI"),
    (401, "AF"), (403, "SA"), (405, "BD"), (408, "BH"), (410, "BT"), (412, "CN"), (413, "CN"), (414, "CN"),
    (416, "TW"), (417, "LK"), (419, "IN"), (422, "IR"), (423, "AZ"), (425, "IQ"), (428, "IL"), (431, "JP"),
    (432, "JP"), (434, "TM"), (436, "KZ"), (437, "UZ"), (438, "JO"), (440, "KR"), (441, "KR"), (443, "PS"),
    (445, "KP"), (447, "KW"), (450, "LB"), (451, "KG"), (453, "MO"), (455, "MV"), (457, "MN"), (459, "NP"),
    (461, "OM"), (463, "PK"), (466, "QA"), (468, "SY"), (470, "AE"), (471, "AE"), (472, "TJ"), (473, "YE"),
    (475, "YE"), (477, "HK"), (478, "BA"),
    (501, "TF"), (503, "AU"), (506, "MM"), (508, "BN"), (510, "FM"), (511, "PW"), (512, "NZ"), (514, "KH"),
    (515, "KH"), (516, "CX"), (518, "CK"), (520, "FJ"), (523, "CC"), (525, "ID"), (529, "KI"), (531, "LA"),
    (533, "MY"), (536, "MP"), (538, "MH"), (540, "NC"), (542, "NU"), (544, "NR"), (546, "PF"), (548, "PH"),
    (550, "TL"), (553, "PG"), (555, "PN"), (557, "SB"), (559, "AS"), (561, "WS"), (563, "SG"), (564, "SG"),
    (565, "SG"), (566, "SG"), (567, "TH"), (570, "TO"), (572, "TV"), (574, "VN"), (576, "VU"), (577, "VU"),
    (578, "WF"),
    (601, "ZA"), (603, "AO"), (605, "DZ"), (607, "TF"), (608, "SH"), (609, "BI"), (610, "BJ"), (611, "BW"),
    (612, "CF"), (613, "CM"), (615, "CG"), (616, "KM"), (617, "CV"), (618, "TF"), (619, "CI"), (620, "KM"),
    (621, "DJ"), (622, "EG"), (624, "ET"), (625, "ER"), (626, "GA"), (627, "GH"), (629, "GM"), (630, "GW"),
    (631, "GQ"), (632, "GN"), (633, "BF"), (634, "KE"), (635, "TF"), (636, "LR"), (637, "LR"), (638, "SS"),
    (642, "LY"), (644, "LS"), (645, "MU"), (647, "MG"), (649, "ML"), (650, "MZ"), (654, "MR"), (655, "MW"),
    (656, "NE"), (657, "NG"), (659, "NA"), (660, "RE"), (661, "RW"), (662, "SD"), (663, "SN"), (664, "SC"),
    (665, "SH"), (666, "SO"), (667, "SL"), (668, "ST"), (669, "SZ"), (670, "TD"), (671, "TG"), (672, "TN"),
    (674, "TZ"), (675, "UG"), (676, "CD"), (677, "TZ"), (678, "ZM"), (679, "ZW"),
    (701, "AR"), (710, "BR"), (720, "BO"), (725, "CL"), (730, "CO"), (735, "EC"), (740, "FK"), (745, "GF"),
    (750, "GY"), (755, "PY"), (760, "PE"), (765, "SR"), (770, "UY"), (775, "VE"),
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_mid_table_is_sorted_for_binary_search() {
        assert!(MIDS.windows(2).all(|w| w[0].0 < w[1].0));
    }

    #[test]
    fn a_dutch_mmsi_belongs_to_the_netherlands() {
        let m = Mmsi::parse("244 123 456").unwrap();
        assert_eq!((m.as_str(), m.country()), ("244123456", "NL"));
        assert_eq!(Mmsi::parse("211000001").unwrap().country(), "DE");
        assert_eq!(Mmsi::parse("269000001").unwrap().country(), "CH");
    }

    #[test]
    fn an_mmsi_with_an_unallotted_mid_is_rejected() {
        assert_eq!(Mmsi::parse("200123456"), Err(UNKNOWN_MID));
        assert_eq!(Mmsi::parse("999123456"), Err(UNKNOWN_MID));
        // Coast stations (00...) and group calls (0...) are not ship stations.
        assert_eq!(Mmsi::parse("002441000"), Err(UNKNOWN_MID));
    }

    #[test]
    fn an_mmsi_must_have_nine_digits() {
        for bad in ["24412345", "2441234567", "24412345X"] {
            assert_eq!(Mmsi::parse(bad), Err(INVALID_MMSI), "{bad}");
        }
    }
}

#[cfg(test)]
mod properties {
    use proptest::prelude::*;

    use super::*;

    /// An MMSI whose MID is allotted, and the MID's country.
    fn allotted() -> impl Strategy<Value = (String, &'static str)> {
        (proptest::sample::select(MIDS), "[0-9]{6}")
            .prop_map(|((mid, country), rest)| (format!("{mid:03}{rest}"), country))
    }

    /// Any run of whitespace (`char::is_whitespace`), or none.
    fn gap() -> impl Strategy<Value = &'static str> {
        prop_oneof![Just(""), Just(" "), Just("\t"), Just("\n"), Just("\u{a0}"), Just("\u{2003}"), Just("  ")]
    }

    proptest! {
        #[test]
        fn any_text_is_answered_without_a_panic(raw in "\\PC{0,20}") {
            let _ = Mmsi::parse(&raw);
        }

        /// Nine digits are an MMSI exactly when their first three are an allotted MID, whose
        /// country they then carry; every allotted MID is a ship station's (2 to 7).
        #[test]
        fn nine_digits_parse_exactly_when_their_mid_is_allotted(digits in "[0-9]{9}") {
            let mid: u16 = digits[..3].parse().expect("three ASCII digits");
            if let Some(country) = country_of_mid(mid) {
                let mmsi = Mmsi::parse(&digits).expect("an allotted MID");
                prop_assert_eq!((mmsi.as_str(), mmsi.country()), (digits.as_str(), country));
                prop_assert!((b'2'..=b'7').contains(&digits.as_bytes()[0]), "{digits}");
            } else {
                prop_assert_eq!(Mmsi::parse(&digits), Err(UNKNOWN_MID));
            }
        }

        #[test]
        fn an_mmsi_parses_back_as_itself_however_it_is_spaced(
            (number, country) in allotted(),
            gaps in proptest::collection::vec(gap(), 10),
        ) {
            let mut typed = String::new();
            for (c, space) in number.chars().zip(&gaps) {
                typed.push_str(space);
                typed.push(c);
            }
            typed.push_str(gaps[9]);
            let parsed = Mmsi::parse(&typed).expect("whitespace anywhere is ignored");
            prop_assert_eq!((parsed.as_str(), parsed.country()), (number.as_str(), country));
            prop_assert_eq!(Mmsi::parse(parsed.as_str()), Ok(parsed));
        }

        /// An MMSI has no check digit: the MID alone is checked, so the six digits after it
        /// may be anything and the country stays the MID's.
        #[test]
        fn the_mid_alone_decides(
            (number, country) in allotted(),
            at in 3usize..9,
            digit in proptest::char::range('0', '9'),
        ) {
            let mut changed: Vec<char> = number.chars().collect();
            changed[at] = digit;
            let changed: String = changed.into_iter().collect();
            let parsed = Mmsi::parse(&changed);
            prop_assert_eq!(parsed.as_ref().map(Mmsi::country), Ok(country));
        }

        #[test]
        fn other_lengths_and_non_digits_are_refused(
            (number, _) in allotted(),
            short in "[0-9]{0,8}",
            long in "[0-9]{10,14}",
            at in 0usize..9,
            other in "[^0-9\\s]",
        ) {
            prop_assert_eq!(Mmsi::parse(&short), Err(INVALID_MMSI));
            prop_assert_eq!(Mmsi::parse(&long), Err(INVALID_MMSI));
            let mut changed: Vec<String> = number.chars().map(String::from).collect();
            changed[at].clone_from(&other);
            prop_assert_eq!(Mmsi::parse(&changed.concat()), Err(INVALID_MMSI));
        }
    }
}
