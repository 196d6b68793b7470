//! Platform IDs: 11 random Crockford base32 characters and one check
//! character, shown as `XXXX-XXXX-XXXC`. See docs/PLATFORM-ID.md.
//!
//! The check is the Damm algorithm over the quasigroup `x ∘ y = 2·x + y` in
//! GF(32) (polynomial x⁵ + x² + 1). That operation is totally
//! anti-symmetric, so the check catches every single-character substitution
//! and every transposition of two adjacent characters.

use std::fmt;

use rand::{Rng, rngs::OsRng};

pub const ALPHABET: &[u8; 32] = b"0123456789ABCDEFGHJKMNPQRSTVWXYZ";
pub const DATA_LEN: usize = 11;
pub const LEN: usize = DATA_LEN + 1;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PlatformId([u8; LEN]);

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlatformIdError {
    /// Wrong length or a character outside the alphabet.
    Malformed,
    /// Well-formed, but the check character does not match: a typo.
    CheckFailed,
}

impl PlatformIdError {
    pub fn message(self) -> &'static str {
        match self {
            Self::Malformed => "not_a_platform_id",
            Self::CheckFailed => "platform_id_typo",
        }
    }
}

/// Multiply in GF(32) with the reduction polynomial x⁵ + x² + 1.
const fn gf_mul(mut a: u8, mut b: u8) -> u8 {
    let mut product = 0;
    while b != 0 {
        if b & 1 != 0 {
            product ^= a;
        }
        b >>= 1;
        a <<= 1;
        if a & 0b10_0000 != 0 {
            a ^= 0b10_0101;
        }
    }
    product
}

/// The quasigroup operation of the check: `x ∘ y = 2·x + y`.
pub const fn op(x: u8, y: u8) -> u8 {
    gf_mul(2, x) ^ y
}

/// The Damm interim value after feeding `digits` (values 0..32).
pub fn interim(digits: &[u8]) -> u8 {
    digits.iter().fold(0, |acc, &d| op(acc, d))
}

/// The check value `c` with `interim ∘ c = 0`, i.e. `c = 2·interim`.
pub fn check_value(data: &[u8]) -> u8 {
    gf_mul(2, interim(data))
}

/// The value of one character, reading `O` as 0 and `I`/`L` as 1 as
/// Crockford's base32 does, so a misread letter still finds the vessel.
fn value_of(c: u8) -> Option<u8> {
    let c = match c.to_ascii_uppercase() {
        b'O' => b'0',
        b'I' | b'L' => b'1',
        other => other,
    };
    ALPHABET.iter().position(|&a| a == c).and_then(|p| u8::try_from(p).ok())
}

impl PlatformId {
    pub fn generate() -> Self {
        Self::generate_with(&mut OsRng)
    }

    /// From a given source: a seeded one makes a bulk load reproducible
    /// (`registry seed --rng-seed`), so that two benchmark runs search the
    /// same data.
    pub fn generate_with(rng: &mut impl Rng) -> Self {
        let mut values = [0u8; LEN];
        for v in values.iter_mut().take(DATA_LEN) {
            *v = rng.gen_range(0..32);
        }
        values[DATA_LEN] = check_value(&values[..DATA_LEN]);
        Self(values.map(|v| ALPHABET[v as usize]))
    }

    /// Any case, with or without hyphens, spaces around or between groups.
    pub fn parse(raw: &str) -> Result<Self, PlatformIdError> {
        let values: Vec<u8> = raw
            .bytes()
            .filter(|b| !matches!(b, b'-' | b' ' | b'\t'))
            .map(|b| value_of(b).ok_or(PlatformIdError::Malformed))
            .collect::<Result<_, _>>()?;
        if values.len() != LEN {
            return Err(PlatformIdError::Malformed);
        }
        if interim(&values) != 0 {
            return Err(PlatformIdError::CheckFailed);
        }
        let mut chars = [0u8; LEN];
        for (c, v) in chars.iter_mut().zip(&values) {
            *c = ALPHABET[*v as usize];
        }
        Ok(Self(chars))
    }

    /// The 12 characters without hyphens, as stored.
    pub fn compact(&self) -> &str {
        std::str::from_utf8(&self.0).expect("alphabet is ASCII")
    }
}

impl PlatformId {
    /// A stored (compact) ID grouped for people; a value that somehow does not
    /// parse is shown as stored rather than hidden.
    pub fn display_stored(compact: String) -> String {
        Self::parse(&compact).map(|p| p.to_string()).unwrap_or(compact)
    }
}

/// Grouped for people: `7KQ2-M9XD-4HTB`.
impl fmt::Display for PlatformId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let s = self.compact();
        write!(f, "{}-{}-{}", &s[0..4], &s[4..8], &s[8..12])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_example_an_error_message_gives_is_itself_valid() {
        for lang in crate::foundation::i18n::Lang::ALL {
            let message = crate::foundation::i18n::Msg::new(PlatformIdError::Malformed.message()).render(lang);
            let example = message.rsplit(' ').next().unwrap().trim_end_matches('.');
            assert_eq!(PlatformId::parse(example).map(|id| id.to_string()), Ok(example.to_owned()), "{lang}");
        }
    }

    fn values(id: &PlatformId) -> Vec<u8> {
        id.compact().bytes().map(|b| value_of(b).unwrap()).collect()
    }

    fn from_values(v: &[u8]) -> String {
        v.iter().map(|&d| ALPHABET[d as usize] as char).collect()
    }

    #[test]
    fn the_operation_is_a_totally_anti_symmetric_quasigroup() {
        // Exhaustive over GF(32): this is what makes the two proofs below hold
        // for every ID, not only for the ones sampled.
        for x in 0..32u8 {
            let row: std::collections::HashSet<u8> = (0..32).map(|y| op(x, y)).collect();
            let col: std::collections::HashSet<u8> = (0..32).map(|y| op(y, x)).collect();
            assert_eq!((row.len(), col.len()), (32, 32), "Latin square");
            for y in 0..32u8 {
                if x != y {
                    assert_ne!(op(x, y), op(y, x));
                    for c in 0..32u8 {
                        assert_ne!(op(op(c, x), y), op(op(c, y), x), "c={c} x={x} y={y}");
                    }
                }
            }
        }
    }

    #[test]
    fn every_single_substitution_is_caught() {
        for _ in 0..200 {
            let id = PlatformId::generate();
            let v = values(&id);
            for pos in 0..LEN {
                for replacement in 0..32u8 {
                    if replacement == v[pos] {
                        continue;
                    }
                    let mut typo = v.clone();
                    typo[pos] = replacement;
                    assert_eq!(PlatformId::parse(&from_values(&typo)), Err(PlatformIdError::CheckFailed));
                }
            }
        }
    }

    #[test]
    fn every_adjacent_transposition_is_caught() {
        // Every ordered pair of different characters at every pair of data
        // positions, with random surroundings...
        for pos in 0..DATA_LEN - 1 {
            for a in 0..32u8 {
                for b in (0..32u8).filter(|&b| b != a) {
                    let mut v = values(&PlatformId::generate())[..DATA_LEN].to_vec();
                    v[pos] = a;
                    v[pos + 1] = b;
                    v.push(check_value(&v));
                    v.swap(pos, pos + 1);
                    assert_eq!(PlatformId::parse(&from_values(&v)), Err(PlatformIdError::CheckFailed));
                }
            }
        }
        // ...and the last data character swapped with the check character.
        for _ in 0..20_000 {
            let mut v = values(&PlatformId::generate());
            if v[DATA_LEN - 1] != v[DATA_LEN] {
                v.swap(DATA_LEN - 1, DATA_LEN);
                assert_eq!(PlatformId::parse(&from_values(&v)), Err(PlatformIdError::CheckFailed));
            }
        }
    }

    #[test]
    fn ids_are_accepted_in_any_case_with_or_without_hyphens() {
        let id = PlatformId::generate();
        let shown = id.to_string();
        assert_eq!(shown.len(), 14);
        for form in [
            shown.clone(),
            shown.to_lowercase(),
            id.compact().to_owned(),
            format!("  {shown} "),
            shown.replace('-', " "),
        ] {
            assert_eq!(PlatformId::parse(&form), Ok(id), "{form}");
        }
    }

    #[test]
    fn misread_letters_are_read_as_digits() {
        let id = PlatformId::parse("0000-0000-0000").unwrap();
        assert_eq!(PlatformId::parse("oooo-OOOO-oooo"), Ok(id));
    }

    #[test]
    fn wrong_lengths_and_foreign_characters_are_malformed() {
        for bad in ["", "ABC", "0000-0000-00000", "0000-0000-000U", "0000_0000_0000"] {
            assert_eq!(PlatformId::parse(bad), Err(PlatformIdError::Malformed), "{bad}");
        }
    }

    #[test]
    fn generated_ids_differ() {
        let ids: std::collections::HashSet<_> = (0..10_000).map(|_| PlatformId::generate()).collect();
        assert_eq!(ids.len(), 10_000);
    }
}
