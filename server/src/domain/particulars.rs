//! The particulars a registry keeps besides identifiers: what kind of craft,
//! its hull, its engines and where it is kept. Optional at registration, and
//! the owner may correct them later. Enums refuse unknown values; free text is
//! collapsed and refused with control or direction-changing characters (it is
//! printed on certificates).

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema, strum::EnumString, strum::IntoStaticStr,
)]
#[serde(rename_all = "snake_case")]
#[strum(serialize_all = "snake_case")]
pub enum VesselType {
    Sail,
    Motor,
    Paddle,
    Rowing,
    Other,
}

#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema, strum::EnumString, strum::IntoStaticStr,
)]
#[serde(rename_all = "snake_case")]
#[strum(serialize_all = "snake_case")]
pub enum HullMaterial {
    /// Glass-reinforced plastic (fibreglass).
    Grp,
    Wood,
    Steel,
    Aluminium,
    Polyethylene,
    Inflatable,
    Other,
}

impl VesselType {
    pub fn as_str(self) -> &'static str {
        self.into()
    }
}

impl HullMaterial {
    pub fn as_str(self) -> &'static str {
        self.into()
    }
}

/// One engine as the owner describes it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Engine {
    /// 1 to 60 characters, e.g. `Volvo Penta`.
    #[schema(min_length = 1, max_length = 60)]
    pub make: String,
    /// Up to 60 characters, e.g. `D2-40`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(max_length = 60)]
    pub model: Option<String>,
    /// Power in kW, 0.1 to 10,000, kept to one decimal.
    #[schema(minimum = 0.1, maximum = 10000)]
    pub power_kw: f64,
}

/// At most this many engines per vessel.
pub const MAX_ENGINES: usize = 6;

fn forbidden(c: char) -> bool {
    c.is_control() || matches!(c, '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}' | '\u{200b}'..='\u{200f}')
}

/// Free text of at most `max` characters: trimmed and collapsed; empty is none.
pub fn short_text(raw: &str, max: usize, problem: &'static str) -> Result<Option<String>, &'static str> {
    let text = raw.split_whitespace().collect::<Vec<_>>().join(" ");
    if text.is_empty() {
        return Ok(None);
    }
    if text.chars().count() > max || text.chars().any(forbidden) {
        return Err(problem);
    }
    Ok(Some(text))
}

/// A hull colour as people say it ('white', 'navy blue with a red stripe'), at most 40 characters.
pub fn hull_colour(raw: &str) -> Result<Option<String>, &'static str> {
    short_text(raw, 40, "hull_colour_invalid")
}

/// A home port or marina, at most 80 characters.
pub fn home_port(raw: &str) -> Result<Option<String>, &'static str> {
    short_text(raw, 80, "home_port_invalid")
}

/// The engines as given, checked and tidied: makes and models collapsed,
/// power rounded to one decimal.
pub fn engines(raw: &[Engine]) -> Result<Vec<Engine>, &'static str> {
    if raw.len() > MAX_ENGINES {
        return Err("engines_at_most_six");
    }
    raw.iter()
        .map(|e| {
            let make = short_text(&e.make, 60, "engine_invalid")?.ok_or("engine_invalid")?;
            let model = match &e.model {
                Some(m) => short_text(m, 60, "engine_invalid")?,
                None => None,
            };
            if !e.power_kw.is_finite() || !(0.1..=10_000.0).contains(&e.power_kw) {
                return Err("engine_power_range");
            }
            Ok(Engine { make, model, power_kw: (e.power_kw * 10.0).round() / 10.0 })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn enums_refuse_unknown_values() {
        assert_eq!("sail".parse(), Ok(VesselType::Sail));
        assert!("Sail".parse::<VesselType>().is_err());
        assert_eq!("grp".parse(), Ok(HullMaterial::Grp));
        assert!("carbon".parse::<HullMaterial>().is_err());
        assert_eq!(HullMaterial::Aluminium.as_str(), "aluminium");
    }

    #[test]
    fn engines_are_tidied_and_bounded() {
        let engine = |make: &str, kw: f64| Engine { make: make.into(), model: Some("  D2-40 ".into()), power_kw: kw };
        let tidy = engines(&[engine(" Volvo  Penta ", 29.44)]).unwrap();
        assert_eq!(tidy, vec![Engine { make: "Volvo Penta".into(), model: Some("D2-40".into()), power_kw: 29.4 }]);
        assert_eq!(engines(&[engine("Yamaha", 0.0)]), Err("engine_power_range"));
        assert_eq!(engines(&[engine("Yamaha", f64::NAN)]), Err("engine_power_range"));
        assert_eq!(engines(&[engine("  ", 5.0)]), Err("engine_invalid"));
        assert_eq!(engines(&vec![engine("Yamaha", 5.0); 7]), Err("engines_at_most_six"));
    }

    #[test]
    fn free_text_is_collapsed_and_refuses_direction_marks() {
        assert_eq!(home_port("  Port  Zélande "), Ok(Some("Port Zélande".into())));
        assert_eq!(home_port("   "), Ok(None));
        assert_eq!(hull_colour("white\u{202e}"), Err("hull_colour_invalid"));
        assert_eq!(hull_colour(&"x".repeat(41)), Err("hull_colour_invalid"));
    }
}
