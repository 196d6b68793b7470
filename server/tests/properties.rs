//! Properties of the parsers that every request goes through, over many
//! generated inputs rather than a handful of examples.

use proptest::prelude::*;
use registry::domain::{
    Email, PlatformId, PlatformIdError,
    platform_id::{ALPHABET, DATA_LEN, check_value},
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
