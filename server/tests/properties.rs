//! Properties of the parsers that every request goes through, over many
//! generated inputs rather than a handful of examples.

use proptest::prelude::*;
use registry::{
    domain::{
        Email, PlatformId, PlatformIdError,
        identifiers::{Cin, CinError, ImoNumber, LegacyId, NationalIdentifier},
        platform_id::{ALPHABET, DATA_LEN, check_value},
    },
    foundation::i18n::{Lang, euros},
};

/// A valid platform ID's 12 values (11 data, then the check).
fn id_values() -> impl Strategy<Value = Vec<u8>> {
    proptest::collection::vec(0u8..32, DATA_LEN).prop_map(|mut data| {
        let check = check_value(&data);
        data.push(check);
        data
    })
}

fn text(values: &[u8]) -> String {
    values.iter().map(|v| ALPHABET[*v as usize] as char).collect()
}

proptest! {
    #[test]
    fn a_platform_id_parses_back_as_itself_however_it_is_typed(
        values in id_values(),
        lower in proptest::collection::vec(any::<bool>(), 12),
        gaps in proptest::collection::vec(prop_oneof![Just(""), Just("-"), Just(" "), Just("\t")], 13),
    ) {
        let id = text(&values);
        let parsed = PlatformId::parse(&id).unwrap();
        prop_assert_eq!(parsed.compact(), id.as_str());
        prop_assert_eq!(PlatformId::parse(&parsed.to_string()).unwrap(), parsed);
        // Any case, with hyphens, spaces or tabs anywhere between the characters.
        let mut typed = String::new();
        for (i, (c, low)) in id.chars().zip(&lower).enumerate() {
            typed.push_str(gaps[i]);
            typed.push(if *low { c.to_ascii_lowercase() } else { c });
        }
        typed.push_str(gaps[12]);
        prop_assert_eq!(PlatformId::parse(&typed).unwrap(), parsed);
    }

    #[test]
    fn one_mistyped_character_fails_the_check(values in id_values(), at in 0usize..12, by in 1u8..32) {
        let mut typo = values.clone();
        typo[at] = (typo[at] + by) % 32;
        prop_assert_eq!(PlatformId::parse(&text(&typo)), Err(PlatformIdError::CheckFailed));
    }

    #[test]
    fn two_swapped_neighbours_fail_the_check(values in id_values(), at in 0usize..11) {
        prop_assume!(values[at] != values[at + 1]);
        let mut swapped = values.clone();
        swapped.swap(at, at + 1);
        prop_assert_eq!(PlatformId::parse(&text(&swapped)), Err(PlatformIdError::CheckFailed));
    }

    #[test]
    fn any_text_is_answered_without_a_panic(raw in "\\PC{0,40}") {
        let _ = PlatformId::parse(&raw);
        let _ = Email::parse(&raw);
    }
}

// CIN/HIN (ISO 10087). It has no check digit: what the parser guarantees is the
// shape of each part, so a character out of place is refused with its part.

/// A valid CIN in its canonical form, `CC-MMMSSSSSMYYY`.
fn cin_text() -> impl Strategy<Value = String> {
    ("[A-Z]{2}", "[A-Z0-9]{3}", "[A-HJ-NPR-Z0-9]{5}", "[A-L]", "[0-9]{3}")
        .prop_map(|(country, maker, serial, month, years)| format!("{country}-{maker}{serial}{month}{years}"))
}

/// `cin` without its hyphen, a character an element.
fn compact_chars(cin: &str) -> Vec<char> {
    cin.chars().filter(|c| *c != '-').collect()
}

/// `chars` with the one at `at` replaced by `c`.
fn replaced(chars: &[char], at: usize, c: char) -> String {
    let mut changed = chars.to_vec();
    changed[at] = c;
    changed.into_iter().collect()
}

proptest! {
    #[test]
    fn any_text_is_answered_by_the_cin_parser_without_a_panic(raw in "\\PC{0,30}", typed in "[A-Za-z0-9 \\-]{10,20}") {
        let _ = Cin::parse(&raw);
        let _ = Cin::parse(&typed);
    }

    #[test]
    fn a_cin_parses_back_as_itself_however_it_is_typed(
        cin in cin_text(),
        lower in proptest::collection::vec(any::<bool>(), 14),
        gaps in proptest::collection::vec(prop_oneof![Just(""), Just("-"), Just(" "), Just(" - ")], 15),
    ) {
        let parsed = Cin::parse(&cin).expect("a valid CIN");
        prop_assert_eq!(parsed.to_string(), cin.as_str());
        prop_assert_eq!(Cin::parse(&parsed.to_string()), Ok(parsed.clone()));
        let chars = compact_chars(&cin);
        let part = |from: usize, to: usize| chars[from..to].iter().collect::<String>();
        prop_assert_eq!(
            (parsed.country.clone(), parsed.manufacturer.clone(), parsed.serial.clone()),
            (part(0, 2), part(2, 5), part(5, 10))
        );
        let month = u8::try_from(chars[10]).expect("an ASCII letter") - b'A' + 1;
        let years: Vec<u8> = chars[11..].iter().map(|c| u8::try_from(*c).expect("an ASCII digit") - b'0').collect();
        prop_assert_eq!(
            (parsed.production_month, parsed.production_year_digit, parsed.model_year),
            (month, years[0], years[1] * 10 + years[2])
        );
        // Any case, with hyphens or spaces anywhere.
        let mut typed = String::new();
        for (i, c) in chars.iter().enumerate() {
            typed.push_str(gaps[i]);
            typed.push(if lower[i] { c.to_ascii_lowercase() } else { *c });
        }
        typed.push_str(gaps[14]);
        prop_assert_eq!(Cin::parse(&typed), Ok(parsed));
    }

    #[test]
    fn a_character_out_of_place_is_refused_with_its_part(
        cin in cin_text(),
        (country_at, digit) in (0usize..2, proptest::char::range('0', '9')),
        (maker_at, sign) in (2usize..5, proptest::sample::select(vec!['_', '.', '/', '*', '#', '+', '!', '?'])),
        (serial_at, lookalike) in (5usize..10, proptest::sample::select(vec!['I', 'O', 'Q', 'i', 'o', 'q'])),
        month in proptest::char::range('M', 'Z'),
        (year_at, letter) in (11usize..14, proptest::char::range('A', 'Z')),
    ) {
        let chars = compact_chars(&cin);
        prop_assert_eq!(Cin::parse(&replaced(&chars, country_at, digit)), Err(CinError::Country));
        prop_assert_eq!(Cin::parse(&replaced(&chars, maker_at, sign)), Err(CinError::Manufacturer));
        prop_assert_eq!(Cin::parse(&replaced(&chars, serial_at, lookalike)), Err(CinError::Serial));
        prop_assert_eq!(Cin::parse(&replaced(&chars, 10, month)), Err(CinError::Month));
        prop_assert_eq!(Cin::parse(&replaced(&chars, 10, month.to_ascii_lowercase())), Err(CinError::Month));
        prop_assert_eq!(Cin::parse(&replaced(&chars, year_at, letter)), Err(CinError::Year));
    }

    #[test]
    fn a_cin_of_another_length_or_with_a_non_ascii_character_is_refused(
        cin in cin_text(),
        at in 0usize..14,
        extra in proptest::char::range('0', 'Z').prop_filter("a letter or digit", char::is_ascii_alphanumeric),
        foreign in "[^\\x00-\\x7F]",
    ) {
        let chars = compact_chars(&cin);
        let shorter: String = chars.iter().enumerate().filter(|(i, _)| *i != at).map(|(_, c)| c).collect();
        prop_assert_eq!(Cin::parse(&shorter), Err(CinError::Length));
        let mut longer = chars.clone();
        longer.insert(at, extra);
        prop_assert_eq!(Cin::parse(&longer.into_iter().collect::<String>()), Err(CinError::Length));
        let mut with_foreign: Vec<String> = chars.iter().map(char::to_string).collect();
        with_foreign[at].clone_from(&foreign);
        prop_assert_eq!(Cin::parse(&with_foreign.concat()), Err(CinError::Length));
    }

    /// The model year and the production year may each be one year off the build year, no more.
    #[test]
    fn a_cin_fits_a_build_year_within_one_year(build in 1998i32..2100, produced_before in any::<bool>()) {
        let model = build.rem_euclid(100);
        let exact = Cin::parse(&format!("NL-BEN12345A{}{model:02}", build.rem_euclid(10))).expect("a valid CIN");
        for year in build - 1..=build + 1 {
            prop_assert_eq!(exact.check_build_year(year), Ok(()));
        }
        for year in [build - 3, build - 2, build + 2, build + 3] {
            prop_assert_eq!(exact.check_build_year(year), Err(CinError::YearMismatch { build_year: year }));
        }
        // Produced a year before or after its model year: it still fits the model year.
        let production = if produced_before { build - 1 } else { build + 1 };
        let early = Cin::parse(&format!("NL-BEN12345A{}{model:02}", production.rem_euclid(10))).expect("a valid CIN");
        prop_assert_eq!(early.check_build_year(build), Ok(()));
    }
}

// IMO numbers: six digits and a check digit, the sum of the six weighted 7 down to 2,
// modulo 10.

/// A valid IMO number's seven digits.
fn imo_digits() -> impl Strategy<Value = Vec<u32>> {
    proptest::collection::vec(0u32..10, 6).prop_map(|mut digits| {
        let sum: u32 = digits.iter().zip((2..=7u32).rev()).map(|(d, w)| d * w).sum();
        digits.push(sum % 10);
        digits
    })
}

fn digits_text(digits: &[u32]) -> String {
    digits.iter().map(|d| char::from_digit(*d, 10).expect("a digit")).collect()
}

/// The weight of the digit at `at` in the check: 7 down to 2, and 1 for the check digit itself.
fn imo_weight(at: usize) -> u32 {
    [7, 6, 5, 4, 3, 2, 1][at]
}

proptest! {
    #[test]
    fn any_text_is_answered_by_the_imo_parser_without_a_panic(raw in "\\PC{0,20}") {
        let _ = ImoNumber::parse(&raw);
    }

    #[test]
    fn an_imo_number_parses_back_as_itself_with_or_without_its_prefix(
        digits in imo_digits(),
        prefix in prop_oneof![Just(""), Just("IMO"), Just("IMO "), Just("imo"), Just("imo\t")],
        pad in prop_oneof![Just(""), Just(" "), Just("\t"), Just("\n ")],
    ) {
        let number = digits_text(&digits);
        let parsed = ImoNumber::parse(&format!("{pad}{prefix}{number}{pad}")).expect("a valid IMO number");
        prop_assert_eq!(parsed.as_str(), number.as_str());
        prop_assert_eq!(ImoNumber::parse(parsed.as_str()), Ok(parsed.clone()));
    }

    /// A digit changed by `by` changes the weighted sum by `by` times its weight: the check
    /// catches it exactly when that is not a multiple of ten. So a change of the check digit
    /// or of a digit weighted 7 or 3 is always caught; one weighted 5 is caught when odd, one
    /// weighted 2, 4 or 6 unless it is by 5.
    #[test]
    fn a_changed_digit_is_caught_unless_its_weighted_change_is_a_multiple_of_ten(
        digits in imo_digits(),
        at in 0usize..7,
        by in 1u32..10,
    ) {
        let mut typo = digits.clone();
        typo[at] = (typo[at] + by) % 10;
        let caught = !(by * imo_weight(at)).is_multiple_of(10);
        prop_assert_eq!(ImoNumber::parse(&digits_text(&typo)).is_err(), caught);
    }

    #[test]
    fn an_imo_number_has_seven_digits_and_nothing_else(
        short in "[0-9]{0,6}",
        long in "[0-9]{8,12}",
        digits in imo_digits(),
        at in 0usize..7,
        other in "[^0-9]",
    ) {
        prop_assert!(ImoNumber::parse(&short).is_err());
        prop_assert!(ImoNumber::parse(&long).is_err());
        let mut with_other: Vec<String> = digits.iter().map(ToString::to_string).collect();
        with_other[at].clone_from(&other);
        prop_assert!(ImoNumber::parse(&with_other.concat()).is_err());
    }
}

// National registration marks and legacy IDs: kept upper-case, with runs of
// whitespace collapsed to one space and trimmed.

/// A national mark as the parser keeps it: upper-case words of letters, digits and `-./`,
/// one space apart, with a digit; at most 28 characters.
fn national_mark() -> impl Strategy<Value = String> {
    ("[0-9]", proptest::collection::vec("[A-Z0-9./-]{1,6}", 1..=4)).prop_map(|(digit, mut words)| {
        words[0].insert_str(0, &digit);
        words.join(" ")
    })
}

/// Text that sometimes makes a national mark: letters of several scripts, digits, marks and spacing.
fn mark_like() -> impl Strategy<Value = String> {
    prop_oneof!["\\PC{0,40}", "[a-zA-Z0-9ªºÀ-ÿ .\\-/\t]{0,34}"]
}

proptest! {
    #[test]
    fn any_text_is_answered_by_the_national_parsers_without_a_panic(raw in "\\PC{0,40}") {
        let _ = NationalIdentifier::parse(&raw);
        let _ = LegacyId::parse(&raw);
    }

    #[test]
    fn a_national_mark_parses_back_as_itself_however_it_is_typed(
        mark in national_mark(),
        lower in proptest::collection::vec(any::<bool>(), 30),
        spaces in proptest::collection::vec(prop_oneof![Just(" "), Just("  "), Just("\t"), Just(" \n ")], 4),
        pad in prop_oneof![Just(""), Just(" "), Just("\t "), Just("\n")],
    ) {
        let parsed = NationalIdentifier::parse(&mark).expect("a valid mark");
        prop_assert_eq!(parsed.as_str(), mark.as_str());
        let mut typed = pad.to_owned();
        let mut gaps = spaces.iter();
        for (c, low) in mark.chars().zip(&lower) {
            match c {
                ' ' => typed.push_str(gaps.next().expect("at most three spaces")),
                _ if *low => typed.push(c.to_ascii_lowercase()),
                _ => typed.push(c),
            }
        }
        typed.push_str(pad);
        prop_assert_eq!(NationalIdentifier::parse(&typed), Ok(parsed));
    }

    /// Whatever a national mark or legacy ID parses to is in its kept form (upper case, single
    /// spaces, trimmed, within its length) and parses back as itself.
    #[test]
    fn what_the_national_parsers_keep_is_their_own_canonical_form(raw in mark_like()) {
        if let Ok(parsed) = NationalIdentifier::parse(&raw) {
            let kept = parsed.as_str();
            prop_assert!((2..=30).contains(&kept.chars().count()), "{kept:?}");
            prop_assert!(kept.chars().all(|c| c.is_alphanumeric() || " -./".contains(c)), "{kept:?}");
            prop_assert!(kept.chars().any(|c| c.is_ascii_digit()), "{kept:?}");
            prop_assert!(kept.trim() == kept && !kept.contains("  "), "{kept:?}");
            prop_assert_eq!(kept.to_uppercase(), kept);
            prop_assert_eq!(NationalIdentifier::parse(kept), Ok(parsed.clone()));
        }
        if let Ok(parsed) = LegacyId::parse(&raw) {
            let kept = parsed.as_str();
            prop_assert!((1..=20).contains(&kept.chars().count()), "{kept:?}");
            prop_assert!(!kept.chars().any(char::is_control), "{kept:?}");
            prop_assert!(kept.split_whitespace().collect::<Vec<_>>().join(" ") == kept, "{kept:?}");
            prop_assert_eq!(kept.to_uppercase(), kept);
            prop_assert_eq!(LegacyId::parse(kept), Ok(parsed.clone()));
        }
    }

    #[test]
    fn a_national_mark_needs_a_digit_sane_characters_and_at_most_30_of_them(
        letters in "[A-Za-z .\\-/]{2,30}",
        long in "[0-9]{31,40}",
        mark in national_mark(),
        at in 0usize..28,
        odd in proptest::sample::select(vec!['<', '>', '_', ';', ':', '@', '#', '"', '\'', '!', '?', '*', '+', ',']),
    ) {
        prop_assert!(NationalIdentifier::parse(&letters).is_err());
        prop_assert!(NationalIdentifier::parse(&long).is_err());
        let mut with_odd: Vec<char> = mark.chars().collect();
        with_odd.insert(at.min(with_odd.len()), odd);
        prop_assert!(NationalIdentifier::parse(&with_odd.into_iter().collect::<String>()).is_err());
    }

    #[test]
    fn a_legacy_id_has_one_to_20_characters(long in "[A-Z0-9]{21,30}", blank in "[ \t\n]{0,10}") {
        prop_assert!(LegacyId::parse(&long).is_err());
        prop_assert!(LegacyId::parse(&blank).is_err());
    }
}

// Amounts in euros, in each language's way (foundation::i18n::euros).

/// Amounts around the grouping thresholds more often than not, and any at all.
fn amounts() -> impl Strategy<Value = i64> {
    prop_oneof![-100_000i64..100_000, -100_000_000_000i64..100_000_000_000, any::<i64>()]
}

proptest! {
    /// Every language writes the whole euros (grouped by threes from its threshold on) and
    /// exactly two decimals, and the digits read back are the cents.
    #[test]
    fn an_amount_in_euros_reads_back_as_its_cents(cents in amounts()) {
        for lang in Lang::ALL {
            let text = euros(lang, cents);
            let (decimal, group, min_grouped) = match lang {
                Lang::En => ('.', ",", 4),
                Lang::Fr => (',', "\u{202f}", 4),
                Lang::Es | Lang::It => (',', ".", 5),
                Lang::Nl | Lang::De => (',', ".", 4),
            };
            prop_assert_eq!(text.starts_with('-'), cents < 0, "{}: {}", lang, text);
            let unsigned = text.trim_start_matches('-');
            let number = match lang {
                Lang::En => unsigned.strip_prefix('€'),
                _ => unsigned.strip_suffix("\u{a0}€"),
            };
            let number = number.unwrap_or_else(|| panic!("{lang}: {text:?} has no euro sign where it belongs"));
            let (whole, fraction) =
                number.rsplit_once(decimal).unwrap_or_else(|| panic!("{lang}: {text:?} has no decimal separator"));
            prop_assert!(fraction.len() == 2 && fraction.chars().all(|c| c.is_ascii_digit()), "{lang}: {text:?}");
            let groups: Vec<&str> = whole.split(group).collect();
            let digits = groups.concat();
            prop_assert_eq!(&digits, &(cents / 100).unsigned_abs().to_string(), "{}: {:?}", lang, text);
            if digits.len() >= min_grouped {
                prop_assert!((1..=3).contains(&groups[0].len()), "{lang}: {text:?}");
                prop_assert!(groups[1..].iter().all(|g| g.len() == 3), "{lang}: {text:?}");
            } else {
                prop_assert_eq!(groups.len(), 1, "{}: {:?}", lang, text);
            }
            let read_back: u64 = format!("{digits}{fraction}").parse().expect("digits");
            prop_assert_eq!(read_back, cents.unsigned_abs(), "{}: {:?}", lang, text);
        }
    }
}
