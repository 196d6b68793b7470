//! The registry's six languages and the catalogue of what the server says in them.
//!
//! Every message a person can read (an error, a confirmation, an email, an SMS) is
//! a [`Msg`]: a stable key into `server/messages/<lang>.json` with its arguments.
//! An API response renders it in the request's language (`Accept-Language`, set for
//! the request by `http::error_envelope` through [`scope`]); an email or SMS in
//! the recipient's stored language. The web app reads the same files for the
//! `errors` section, so it can show a code's text without the server's help.

use std::{collections::HashMap, fmt, sync::LazyLock};

/// A language of the registry.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, serde::Serialize, serde::Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Lang {
    #[default]
    En,
    Nl,
    De,
    Fr,
    Es,
    It,
}

impl Lang {
    pub const ALL: [Self; 6] = [Self::En, Self::Nl, Self::De, Self::Fr, Self::Es, Self::It];

    pub fn code(self) -> &'static str {
        match self {
            Self::En => "en",
            Self::Nl => "nl",
            Self::De => "de",
            Self::Fr => "fr",
            Self::Es => "es",
            Self::It => "it",
        }
    }

    /// A two-letter code, or a tag such as `de-AT`, case-insensitively.
    pub fn parse(tag: &str) -> Option<Self> {
        let primary = tag.trim().split(['-', '_']).next()?.to_ascii_lowercase();
        Self::ALL.into_iter().find(|l| l.code() == primary)
    }

    /// The first of the header's languages that we have, by preference (`q`)
    /// and then order; English when none is.
    pub fn from_accept_language(header: Option<&str>) -> Self {
        Self::best_of(header, &Self::ALL)
    }

    /// The first of the header's languages among `offered`, by preference (`q`) and then
    /// order; English when none is (what offers fewer than six, such as the PDFs, asks here).
    pub fn best_of(header: Option<&str>, offered: &[Self]) -> Self {
        let mut choices: Vec<(f32, usize, Self)> = header
            .unwrap_or_default()
            .split(',')
            .enumerate()
            .filter_map(|(i, part)| {
                let mut pieces = part.trim().split(';');
                let lang = Self::parse(pieces.next()?).filter(|l| offered.contains(l))?;
                let q =
                    pieces.find_map(|p| p.trim().strip_prefix("q=").and_then(|q| q.parse::<f32>().ok())).unwrap_or(1.0);
                (q > 0.0).then_some((q, i, lang))
            })
            .collect();
        choices.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
        choices.first().map_or(Self::En, |c| c.2)
    }

    /// The CLDR plural category of `n` that our catalogues use (`one` or `other`).
    fn plural(self, n: i64) -> &'static str {
        match self {
            // French counts 0 and 1 as singular.
            Self::Fr if n == 0 || n == 1 => "one",
            _ if n == 1 => "one",
            _ => "other",
        }
    }
}

impl fmt::Display for Lang {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

/// A message: its catalogue key (in the `errors` section unless it names its
/// section, as `mail.reset_subject` does) and its arguments.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Msg {
    key: &'static str,
    args: Vec<(&'static str, String)>,
}

impl Msg {
    pub const fn new(key: &'static str) -> Self {
        Self { key, args: Vec::new() }
    }

    /// Adds `{{name}}`'s value; an argument named `count` also picks the plural form.
    #[must_use]
    pub fn arg(mut self, name: &'static str, value: impl fmt::Display) -> Self {
        self.args.push((name, value.to_string()));
        self
    }

    /// The stable code the API sends beside the text (`messageCode`).
    pub fn key(&self) -> &'static str {
        self.key
    }

    pub fn args(&self) -> &[(&'static str, String)] {
        &self.args
    }

    /// The text in `lang`, falling back to English, and to the key itself for a key
    /// no catalogue has (a test keeps every key the code uses in all six).
    pub fn render(&self, lang: Lang) -> String {
        let full = if self.key.contains('.') { self.key.to_owned() } else { format!("errors.{}", self.key) };
        let count = self.args.iter().find(|(n, _)| *n == "count").and_then(|(_, v)| v.parse::<i64>().ok());
        let template = [lang, Lang::En].into_iter().find_map(|l| {
            let table = &CATALOGUES[l as usize];
            count.and_then(|n| table.get(&format!("{full}_{}", l.plural(n)))).or_else(|| table.get(&full))
        });
        let Some(template) = template else {
            tracing::error!(key = self.key, "a message key is missing from the catalogue");
            return self.key.to_owned();
        };
        fill(template, &self.args)
    }

    /// The text in the language of the request being answered.
    pub fn localized(&self) -> String {
        self.render(current())
    }
}

/// A fixed text (a label, a heading) in `lang`: `section.key` with no arguments.
pub fn text(lang: Lang, key: &'static str) -> String {
    Msg::new(key).render(lang)
}

/// `template` with each `{{name}}` replaced by its argument, in one pass, so that an
/// argument's own text (a vessel named `{{code}}`) is never read as a placeholder.
fn fill(template: &str, args: &[(&'static str, String)]) -> String {
    let mut out = String::with_capacity(template.len());
    let mut rest = template;
    while let Some(start) = rest.find("{{") {
        out.push_str(&rest[..start]);
        let after = &rest[start + 2..];
        let known =
            after.find("}}").and_then(|end| args.iter().find(|(n, _)| *n == &after[..end]).map(|(_, v)| (end, v)));
        if let Some((end, value)) = known {
            out.push_str(value);
            rest = &after[end + 2..];
        } else {
            out.push_str("{{");
            rest = after;
        }
    }
    out.push_str(rest);
    out
}

impl From<&'static str> for Msg {
    fn from(key: &'static str) -> Self {
        Self::new(key)
    }
}

impl fmt::Display for Msg {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.render(Lang::En))
    }
}

const SOURCES: [&str; 6] = [
    include_str!("../../messages/en.json"),
    include_str!("../../messages/nl.json"),
    include_str!("../../messages/de.json"),
    include_str!("../../messages/fr.json"),
    include_str!("../../messages/es.json"),
    include_str!("../../messages/it.json"),
];

/// Each language's catalogue, flattened to `section.key` (in `Lang::ALL`'s order).
static CATALOGUES: LazyLock<Vec<HashMap<String, String>>> =
    LazyLock::new(|| SOURCES.iter().map(|source| flatten(source)).collect());

fn flatten(source: &str) -> HashMap<String, String> {
    let value: serde_json::Value = serde_json::from_str(source).unwrap_or_default();
    let mut out = HashMap::new();
    if let Some(sections) = value.as_object() {
        for (section, entries) in sections {
            for (key, text) in entries.as_object().into_iter().flatten() {
                if let Some(text) = text.as_str() {
                    out.insert(format!("{section}.{key}"), text.to_owned());
                }
            }
        }
    }
    out
}

/// An amount in euros as the web app writes it (`Intl`, with the symbol after the amount in every
/// language but English): `€1,234.50` (en), `1.234,50 €` (nl, de), `1 234,50 €` (fr), `1234,50 €` (es, it).
pub fn euros(lang: Lang, cents: i64) -> String {
    let sign = if cents < 0 { "-" } else { "" };
    let (whole, fraction) = ((cents / 100).unsigned_abs().to_string(), (cents % 100).unsigned_abs());
    let (group, decimal, min_digits) = match lang {
        Lang::En => (",", ".", 4),
        Lang::Fr => ("\u{202f}", ",", 4),
        // Spanish and Italian group only from five digits on (CLDR's minimum grouping digits).
        Lang::Es | Lang::It => (".", ",", 5),
        Lang::Nl | Lang::De => (".", ",", 4),
    };
    let mut grouped = String::with_capacity(whole.len() + whole.len() / 3);
    for (i, digit) in whole.chars().enumerate() {
        if i > 0 && whole.len() >= min_digits && (whole.len() - i) % 3 == 0 {
            grouped.push_str(group);
        }
        grouped.push(digit);
    }
    match lang {
        Lang::En => format!("{sign}€{grouped}{decimal}{fraction:02}"),
        _ => format!("{sign}{grouped}{decimal}{fraction:02}\u{a0}€"),
    }
}

/// A day as the web app shows dates in each language (spec section 9): `Nov 18, 2026`, `18 nov 2026`, ...
pub fn short_date(lang: Lang, ms: i64) -> String {
    let t = time::OffsetDateTime::from_unix_timestamp_nanos(i128::from(ms) * 1_000_000)
        .unwrap_or(time::OffsetDateTime::UNIX_EPOCH);
    let months = Msg::new("mail.months").render(lang);
    let month = months.split(' ').nth(usize::from(u8::from(t.month())) - 1).unwrap_or_default().to_owned();
    Msg::new("mail.date").arg("month", month).arg("day", t.day()).arg("year", t.year()).render(lang)
}

/// A moment as a day and a time in UTC, in `lang`: `Nov 18, 2026, 14:05 UTC`.
pub fn date_time(lang: Lang, ms: i64) -> String {
    let t = time::OffsetDateTime::from_unix_timestamp_nanos(i128::from(ms) * 1_000_000)
        .unwrap_or(time::OffsetDateTime::UNIX_EPOCH);
    format!("{}, {:02}:{:02} UTC", short_date(lang, ms), t.hour(), t.minute())
}

tokio::task_local! {
    static REQUEST_LANG: Lang;
}

/// Runs `future` (a request's handling) with `lang` as its language.
pub async fn scope<F: Future>(lang: Lang, future: F) -> F::Output {
    REQUEST_LANG.scope(lang, future).await
}

/// The language of the request being answered; English outside one.
pub fn current() -> Lang {
    REQUEST_LANG.try_with(|l| *l).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use super::*;

    #[test]
    fn accept_language_picks_the_best_language_we_have() {
        assert_eq!(Lang::from_accept_language(Some("nl-NL,nl;q=0.9,en;q=0.8")), Lang::Nl);
        assert_eq!(Lang::from_accept_language(Some("pt-PT,de;q=0.5,nl;q=0.4")), Lang::De);
        assert_eq!(Lang::from_accept_language(Some("en;q=0.3, fr;q=0.7")), Lang::Fr);
        assert_eq!(Lang::from_accept_language(Some("it;q=0, es")), Lang::Es);
        assert_eq!(Lang::from_accept_language(Some("pt")), Lang::En);
        assert_eq!(Lang::from_accept_language(None), Lang::En);
    }

    #[test]
    fn every_catalogue_has_exactly_the_english_keys_and_placeholders() {
        let placeholders = |text: &str| -> BTreeSet<String> {
            text.split("{{").skip(1).filter_map(|rest| rest.split_once("}}").map(|(name, _)| name.to_owned())).collect()
        };
        let plural_base = |key: &str| key.strip_suffix("_one").or(key.strip_suffix("_other")).unwrap_or(key).to_owned();
        let en = &CATALOGUES[0];
        assert!(en.len() > 100, "the English catalogue did not load");
        for lang in Lang::ALL {
            let table = &CATALOGUES[lang as usize];
            let keys = |t: &HashMap<String, String>| t.keys().map(|k| plural_base(k)).collect::<BTreeSet<_>>();
            assert_eq!(keys(table), keys(en), "{lang} has other keys than English");
            for (key, text) in table {
                let english = en.get(key).or_else(|| en.get(&format!("{}_other", plural_base(key))));
                let english = english.unwrap_or_else(|| panic!("{lang}: {key} has no English"));
                assert_eq!(placeholders(text), placeholders(english), "{lang}: {key} has other placeholders");
                if lang != Lang::En {
                    assert!(!text.trim().is_empty(), "{lang}: {key} is empty");
                }
            }
        }
    }

    #[test]
    fn the_source_uses_only_keys_the_catalogue_has() {
        // A key is written as a literal where a message is made: `Msg::new("key")`,
        // `.into()` on a literal, `AppError::field(name, "key")`, `bad_request(code,
        // "key")`, or a domain parser's `Err("key")`. A literal of that shape that the
        // catalogue lacks would reach a reader as the bare key.
        let en = &CATALOGUES[0];
        let known = |key: &str| {
            let full = if key.contains('.') { key.to_owned() } else { format!("errors.{key}") };
            en.contains_key(&full) || en.contains_key(&format!("{full}_other"))
        };
        let is_key = |s: &str| {
            !s.is_empty() && s.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || "_.".contains(c))
        };
        // What precedes the key's literal; a comma stands for a first argument of any kind.
        let forms = [
            "Msg::new(\"",
            "Err(\"",
            "message: \"",
            "Conflict(\"",
            "NotFound(\"",
            "Forbidden(\"",
            "Unauthorized(\"",
            "MessageResponse::new(\"",
            "AppError::field(,\"",
            "bad_request(,\"",
            "i18n::text(,\"",
        ];
        let mut missing = Vec::new();
        visit(std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/src")), &mut |path, source| {
            if path.ends_with("i18n.rs") {
                return;
            }
            for (n, line) in source.lines().enumerate() {
                for form in forms {
                    let (call, second) = form.split_once(',').map_or((form, false), |(c, _)| (c, true));
                    for piece in line.split(call).skip(1) {
                        let piece = if second { piece.split_once(", \"").map_or("", |(_, rest)| rest) } else { piece };
                        let literal = piece.split('"').next();
                        if let Some(key) = literal.filter(|k| is_key(k))
                            && !known(key)
                        {
                            missing.push(format!("{}:{}: {key}", path.display(), n + 1));
                        }
                    }
                }
            }
        });
        assert!(missing.is_empty(), "keys missing from messages/en.json:\n{}", missing.join("\n"));
    }

    fn visit(dir: &std::path::Path, f: &mut dyn FnMut(&std::path::Path, &str)) {
        for entry in std::fs::read_dir(dir).expect("src is readable").flatten() {
            let path = entry.path();
            if path.is_dir() {
                visit(&path, f);
            } else if path.extension().is_some_and(|e| e == "rs") {
                f(&path, &std::fs::read_to_string(&path).expect("a source file is readable"));
            }
        }
    }

    #[test]
    fn money_and_dates_read_as_the_web_app_writes_them() {
        assert_eq!(euros(Lang::En, 2495), "€24.95");
        assert_eq!(euros(Lang::Nl, 995), "9,95\u{a0}€");
        assert_eq!(euros(Lang::De, 2495), "24,95\u{a0}€");
        assert_eq!(euros(Lang::En, 123_456_789), "€1,234,567.89");
        assert_eq!(euros(Lang::It, -123_456_789), "-1.234.567,89\u{a0}€");
        assert_eq!(euros(Lang::Fr, 100_000), "1\u{202f}000,00\u{a0}€");
        assert_eq!(euros(Lang::Es, 100_000), "1000,00\u{a0}€");
        assert_eq!(euros(Lang::Es, 1_000_000), "10.000,00\u{a0}€");
        assert_eq!(short_date(Lang::En, 1_795_000_000_123), "Nov 18, 2026");
        for lang in Lang::ALL {
            assert!(short_date(lang, 1_795_000_000_123).contains("18"), "{lang}");
            assert_eq!(Msg::new("mail.months").render(lang).split(' ').count(), 12, "{lang}");
        }
    }

    #[test]
    fn messages_render_arguments_and_plurals_per_language() {
        let wrong = |n: i64| Msg::new("wrong_code").arg("count", n);
        assert_eq!(wrong(1).render(Lang::En), "That code is not right. 1 attempt left.");
        assert_eq!(wrong(3).render(Lang::En), "That code is not right. 3 attempts left.");
        assert_ne!(wrong(3).render(Lang::De), wrong(3).render(Lang::En));
        assert!(wrong(3).render(Lang::Nl).contains('3'));
        assert_eq!(Msg::new("no_such_key_anywhere").render(Lang::Fr), "no_such_key_anywhere");
        // An argument's text is never read as a placeholder.
        let sms = Msg::new("mail.transfer_new_code_sms")
            .arg("vessel", "{{code}}")
            .arg("platformId", "P")
            .arg("code", "123456");
        let text = sms.render(Lang::En);
        assert!(text.contains("{{code}} (P)") && text.contains("123456"), "{text}");
    }
}

#[cfg(test)]
mod properties {
    use std::collections::BTreeSet;

    use proptest::prelude::*;

    use super::*;

    /// Every text of every catalogue, as (language, `section.key`, template); a plural form is
    /// a key of its own (`errors.wrong_code_one`).
    fn entries() -> Vec<(Lang, &'static str, &'static str)> {
        let mut all = Vec::new();
        for lang in Lang::ALL {
            let table: &'static HashMap<String, String> = &CATALOGUES[lang as usize];
            let mut texts: Vec<_> = table.iter().map(|(key, text)| (lang, key.as_str(), text.as_str())).collect();
            texts.sort_unstable_by_key(|(_, key, _)| *key);
            all.extend(texts);
        }
        all
    }

    /// The names of `text`'s `{{placeholders}}`.
    fn placeholders(text: &'static str) -> Vec<&'static str> {
        let names: BTreeSet<&'static str> =
            text.split("{{").skip(1).filter_map(|rest| rest.split_once("}}").map(|(name, _)| name)).collect();
        names.into_iter().collect()
    }

    /// `key` rendered in `lang` with the i-th placeholder given the i-th value (cycling).
    fn render_with(lang: Lang, key: &'static str, names: &[&'static str], values: &[String]) -> String {
        names
            .iter()
            .zip(values.iter().cycle())
            .fold(Msg::new(key), |msg, (&name, value)| msg.arg(name, value))
            .render(lang)
    }

    /// A text no catalogue holds and no argument below can contain (private-use characters).
    fn marker(i: usize) -> String {
        format!("\u{e000}{i}\u{e001}")
    }

    /// An argument that tries to look like a template: braces, placeholders' names, and any
    /// printable text.
    fn argument() -> impl Strategy<Value = String> {
        let piece = prop_oneof![
            Just("{{".to_owned()),
            Just("}}".to_owned()),
            Just("{".to_owned()),
            Just("{{count}}".to_owned()),
            Just("{{vessel}}".to_owned()),
            Just("{{code}}".to_owned()),
            Just("{{amount}}".to_owned()),
            Just("{{name}}".to_owned()),
            "\\PC{0,6}",
        ];
        proptest::collection::vec(piece, 0..6).prop_map(|pieces| pieces.concat())
    }

    /// A piece of a template for `fill`: literal text (no braces) or a placeholder.
    #[derive(Clone, Debug)]
    enum Piece {
        Text(String),
        Slot(&'static str),
    }

    /// Placeholder names for generated templates; `missing` is never given an argument.
    const NAMES: [&str; 4] = ["a", "vessel", "count", "missing"];

    #[test]
    fn every_text_renders_in_every_language_with_no_placeholder_left_when_all_are_given() {
        for (lang, key, text) in entries() {
            let names = placeholders(text);
            let markers: Vec<String> = (0..names.len()).map(marker).collect();
            let rendered = render_with(lang, key, &names, &markers);
            assert!(
                !rendered.contains("{{") && !rendered.contains("}}"),
                "{lang}: {key} left a placeholder: {rendered}"
            );
            for (name, mark) in names.iter().zip(&markers) {
                let wanted = text.matches(&format!("{{{{{name}}}}}")).count();
                assert_eq!(rendered.matches(mark.as_str()).count(), wanted, "{lang}: {key}: {{{{{name}}}}}");
            }
        }
    }

    proptest! {
        /// Whatever an argument holds, it lands verbatim where its placeholder was, once per
        /// placeholder, and is never read again as a template: rendering with the arguments is
        /// rendering with unique markers and then putting each argument in its marker's place.
        #[test]
        fn any_argument_is_inserted_verbatim_and_never_re_read(
            (lang, key, text) in proptest::sample::select(entries()),
            values in proptest::collection::vec(argument(), 1..8),
        ) {
            let names = placeholders(text);
            let markers: Vec<String> = (0..names.len()).map(marker).collect();
            let marked = render_with(lang, key, &names, &markers);
            let expected = markers
                .iter()
                .zip(values.iter().cycle())
                .fold(marked, |out, (mark, value)| out.replace(mark.as_str(), value));
            prop_assert_eq!(render_with(lang, key, &names, &values), expected);
        }

        /// `fill` against a model: literal text stays, a placeholder with an argument becomes
        /// the argument, one without stays as written.
        #[test]
        fn fill_replaces_exactly_the_placeholders_it_has_arguments_for(
            pieces in proptest::collection::vec(
                prop_oneof![
                    "[^{}]{0,8}".prop_map(Piece::Text),
                    proptest::sample::select(NAMES.to_vec()).prop_map(Piece::Slot),
                ],
                0..8,
            ),
            values in proptest::collection::vec(argument(), 3),
        ) {
            let args: Vec<(&'static str, String)> = NAMES[..3].iter().copied().zip(values).collect();
            let mut template = String::new();
            let mut expected = String::new();
            for piece in &pieces {
                match piece {
                    Piece::Text(text) => {
                        template.push_str(text);
                        expected.push_str(text);
                    }
                    Piece::Slot(name) => {
                        let slot = format!("{{{{{name}}}}}");
                        template.push_str(&slot);
                        match args.iter().find(|(n, _)| n == name) {
                            Some((_, value)) => expected.push_str(value),
                            None => expected.push_str(&slot),
                        }
                    }
                }
            }
            prop_assert_eq!(fill(&template, &args), expected);
        }
    }
}
