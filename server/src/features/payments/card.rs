//! Card details for the offline processor, parsed once. The full number and
//! the CVC never outlive [`Card::parse`]: what remains is the brand, the last
//! four digits and what the card provider's test mode would do with it.

/// What the provider's test mode does with a card (its documented test cards).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    Succeeds,
    Declined(&'static str),
    RequiresAuthentication,
}

/// Why card details are refused before any charge is attempted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CardError {
    InvalidNumber,
    InvalidExpiryMonth,
    ExpiryInPast,
    /// More than 50 years ahead: no card is issued for that long.
    InvalidExpiryYear,
    InvalidCvc,
}

/// The furthest ahead an expiry year may lie.
const MAX_YEARS_AHEAD: i64 = 50;

impl CardError {
    /// The provider's error code.
    pub fn code(self) -> &'static str {
        match self {
            Self::InvalidNumber => "incorrect_number",
            Self::InvalidExpiryMonth => "invalid_expiry_month",
            Self::ExpiryInPast => "expired_card",
            Self::InvalidExpiryYear => "invalid_expiry_year",
            Self::InvalidCvc => "invalid_cvc",
        }
    }

    /// The provider's message, for the payer.
    pub fn message(self) -> &'static str {
        match self {
            Self::InvalidNumber => "card_number_invalid",
            Self::InvalidExpiryMonth => "cards_expiration_month_invalid",
            Self::ExpiryInPast => "card_expired",
            Self::InvalidExpiryYear => "cards_expiration_year_invalid",
            Self::InvalidCvc => "cards_security_code_invalid",
        }
    }
}

pub const DECLINED: &str = "card_declined";
const NOT_A_TEST_CARD: &str = "not_a_test_card";

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Card {
    pub brand: &'static str,
    pub last4: String,
    pub outcome: Outcome,
}

impl Card {
    /// `today` is (year, month); an expiry in the current month is still valid.
    pub fn parse(number: &str, exp_month: i64, exp_year: i64, cvc: &str, today: (i64, i64)) -> Result<Self, CardError> {
        let digits: String = number.chars().filter(|c| !matches!(c, ' ' | '-')).collect();
        if !(12..=19).contains(&digits.len()) || !digits.bytes().all(|b| b.is_ascii_digit()) || !luhn(&digits) {
            return Err(CardError::InvalidNumber);
        }
        if !(1..=12).contains(&exp_month) {
            return Err(CardError::InvalidExpiryMonth);
        }
        let exp_year = if (0..100).contains(&exp_year) { 2000 + exp_year } else { exp_year };
        if (exp_year, exp_month) < today {
            return Err(CardError::ExpiryInPast);
        }
        if exp_year > today.0 + MAX_YEARS_AHEAD {
            return Err(CardError::InvalidExpiryYear);
        }
        if cvc.len() != 3 || !cvc.bytes().all(|b| b.is_ascii_digit()) {
            return Err(CardError::InvalidCvc);
        }
        Ok(Self { brand: brand(&digits), last4: digits[digits.len() - 4..].to_owned(), outcome: outcome(&digits) })
    }
}

fn luhn(digits: &str) -> bool {
    let sum: u32 = digits
        .bytes()
        .rev()
        .enumerate()
        .map(|(i, b)| {
            let d = u32::from(b - b'0');
            if i % 2 == 1 { if d * 2 > 9 { d * 2 - 9 } else { d * 2 } } else { d }
        })
        .sum();
    sum.is_multiple_of(10)
}

fn brand(digits: &str) -> &'static str {
    let prefix2: u32 = digits[..2].parse().unwrap_or(0);
    let prefix4: u32 = digits[..4].parse().unwrap_or(0);
    if digits.starts_with('4') {
        "visa"
    } else if (51..=55).contains(&prefix2) || (2221..=2720).contains(&prefix4) {
        "mastercard"
    } else if prefix2 == 34 || prefix2 == 37 {
        "amex"
    } else {
        "unknown"
    }
}

/// The provider's documented test cards; any other number is declined, as
/// the provider's test mode declines real cards.
fn outcome(digits: &str) -> Outcome {
    match digits {
        "4242424242424242" | "4000056655665556" | "5555555555554444" | "2223003122003222" => Outcome::Succeeds,
        "4000002500003155" | "4000002760003184" => Outcome::RequiresAuthentication,
        "4000000000000002" => Outcome::Declined(DECLINED),
        "4000000000009995" => Outcome::Declined("card_insufficient_funds"),
        "4000000000000069" => Outcome::Declined("card_expired"),
        "4000000000000127" => Outcome::Declined("cards_security_code_incorrect"),
        _ => Outcome::Declined(NOT_A_TEST_CARD),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const TODAY: (i64, i64) = (2026, 11);

    fn card(number: &str) -> Result<Card, CardError> {
        Card::parse(number, 12, 2030, "123", TODAY)
    }

    #[test]
    fn the_providers_test_cards_have_their_documented_outcomes() {
        assert_eq!(card("4242 4242 4242 4242").unwrap().outcome, Outcome::Succeeds);
        assert_eq!(card("4000 0000 0000 0002").unwrap().outcome, Outcome::Declined("card_declined"));
        assert_eq!(card("4000-0000-0000-9995").unwrap().outcome, Outcome::Declined("card_insufficient_funds"));
        assert_eq!(card("4000002500003155").unwrap().outcome, Outcome::RequiresAuthentication);
    }

    #[test]
    fn only_the_brand_and_last_four_digits_are_kept() {
        let c = card("4242 4242 4242 4242").unwrap();
        assert_eq!((c.brand, c.last4.as_str()), ("visa", "4242"));
        assert!(!format!("{c:?}").contains("42424242"));
        assert_eq!(card("5555555555554444").unwrap().brand, "mastercard");
    }

    #[test]
    fn a_number_failing_the_luhn_check_is_invalid() {
        assert_eq!(card("4242 4242 4242 4241"), Err(CardError::InvalidNumber));
        assert_eq!(card("1234"), Err(CardError::InvalidNumber));
        assert_eq!(card("4242 4242 4242 424x"), Err(CardError::InvalidNumber));
    }

    #[test]
    fn a_valid_number_that_is_no_test_card_is_declined_as_test_mode_does() {
        // 4111 1111 1111 1111 passes the Luhn check but is not one of the test cards above.
        assert!(matches!(card("4111111111111111").unwrap().outcome, Outcome::Declined(m)
            if crate::foundation::i18n::Msg::new(m).render(crate::foundation::i18n::Lang::En).contains("test mode")));
    }

    #[test]
    fn an_expiry_in_the_past_is_refused_and_this_month_is_still_valid() {
        assert_eq!(Card::parse("4242424242424242", 10, 2026, "123", TODAY), Err(CardError::ExpiryInPast));
        assert_eq!(Card::parse("4242424242424242", 12, 25, "123", TODAY), Err(CardError::ExpiryInPast));
        assert!(Card::parse("4242424242424242", 11, 26, "123", TODAY).is_ok());
        assert_eq!(Card::parse("4242424242424242", 13, 2030, "123", TODAY), Err(CardError::InvalidExpiryMonth));
    }

    #[test]
    fn a_cvc_must_be_three_digits() {
        for cvc in ["12", "1234", "12a", ""] {
            assert_eq!(Card::parse("4242424242424242", 12, 2030, cvc, TODAY), Err(CardError::InvalidCvc), "{cvc}");
        }
    }
}
