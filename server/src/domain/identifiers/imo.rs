//! IMO ship identification number: seven digits, the last a check digit
//! (weights 7 to 2 over the first six, sum modulo 10).

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ImoNumber(String);

pub const INVALID_IMO: &str = "imo_number_7_digits_valid";

impl ImoNumber {
    pub fn parse(raw: &str) -> Result<Self, &'static str> {
        let s = raw.trim();
        let s = s.strip_prefix("IMO").or_else(|| s.strip_prefix("imo")).unwrap_or(s).trim();
        let digits: Vec<u32> = s.chars().map(|c| c.to_digit(10)).collect::<Option<_>>().ok_or(INVALID_IMO)?;
        if digits.len() != 7 {
            return Err(INVALID_IMO);
        }
        let sum: u32 = digits[..6].iter().zip((2..=7).rev()).map(|(d, w)| d * w).sum();
        if sum % 10 != digits[6] {
            return Err(INVALID_IMO);
        }
        Ok(Self(s.to_owned()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn real_imo_numbers_pass_their_check() {
        // 9074729: 9·7 + 0·6 + 7·5 + 4·4 + 7·3 + 2·2 = 139, check digit 9.
        for ok in ["9074729", "IMO 9074729", "8814275"] {
            assert!(ImoNumber::parse(ok).is_ok(), "{ok}");
        }
    }

    #[test]
    fn a_wrong_check_digit_or_length_is_rejected() {
        for bad in ["9074728", "907472", "90747290", "907472X"] {
            assert_eq!(ImoNumber::parse(bad), Err(INVALID_IMO), "{bad}");
        }
    }
}
