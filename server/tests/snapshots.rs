//! Snapshots of what people read: the JSON bodies of errors, and every email and
//! SMS text in the six languages. A changed wording, a lost placeholder or a
//! changed error shape shows as a diff in review. `INSTA_UPDATE=always cargo test
//! --test snapshots` writes them (`tests/snapshots/`); review them like code.

use std::collections::BTreeSet;

use axum::{http::header, response::IntoResponse as _};
use registry::{
    domain::identifiers::CinError,
    foundation::{
        error::{AppError, FieldErrors},
        i18n::{self, Lang, Msg},
    },
};
use serde_json::{Value, json};

/// Nov 18, 2026, 14:05 UTC: the day every example is on.
const EXAMPLE_MS: i64 = 1_795_000_000_123;

/// One error of each kind a client handles differently, with arguments where the
/// message has placeholders. Made afresh for each language (an `AppError` is not `Clone`).
fn representative_errors() -> Vec<(&'static str, AppError)> {
    vec![
        ("field", AppError::field("cin", CinError::YearMismatch { build_year: 2019 }.message())),
        (
            "fields",
            AppError::fields(FieldErrors::from([
                ("imoNumber".to_owned(), vec![Msg::new("imo_number_7_digits_valid")]),
                ("mmsi".to_owned(), vec![Msg::new("mmsi_9_digits")]),
            ])),
        ),
        ("bad_request_with_a_count", AppError::bad_request("wrong_code", Msg::new("wrong_code").arg("count", 2))),
        ("unauthorized", AppError::Unauthorized("sign_in_required".into())),
        ("forbidden", AppError::Forbidden("vessels_current_owner_download_certificate".into())),
        ("not_found", AppError::NotFound("vessel_not_found".into())),
        ("conflict", AppError::Conflict("certificate_issued_vessel_registry_not".into())),
        ("too_many_requests", AppError::too_many("too_many_contact_messages", 120)),
        (
            "too_many_codes",
            AppError::TooManyRequests {
                code: "too_many_codes",
                message: Msg::new("code_sent_recently").arg("count", 45),
                retry_after_secs: 45,
            },
        ),
        ("internal", AppError::Internal(anyhow::anyhow!("pool timed out: postgres://registry:hunter2@db/registry"))),
    ]
}

/// What a client receives for `error` in a request in `lang`: the status, the
/// `Retry-After` header and the JSON body.
async fn answer(lang: Lang, error: AppError) -> Value {
    let response = i18n::scope(lang, async move { error.into_response() }).await;
    let status = response.status().as_u16();
    let retry_after =
        response.headers().get(header::RETRY_AFTER).map(|v| v.to_str().expect("an ASCII header").to_owned());
    let body = axum::body::to_bytes(response.into_body(), usize::MAX).await.expect("a readable body");
    let body: Value = serde_json::from_slice(&body).expect("a JSON body");
    json!({ "status": status, "retryAfter": retry_after, "body": body })
}

/// The parts of an answer a client keys on, which no language may change.
fn stable_parts(answers: &[Value]) -> Vec<Value> {
    answers
        .iter()
        .map(|a| {
            let body = &a["answer"]["body"];
            json!([
                a["case"],
                a["answer"]["status"],
                body["code"],
                body["messageCode"],
                body["args"],
                body["fieldCodes"]
            ])
        })
        .collect()
}

#[tokio::test]
async fn error_bodies() {
    let mut english = Vec::new();
    for lang in [Lang::En, Lang::De, Lang::Fr] {
        let mut answers = Vec::new();
        for (case, error) in representative_errors() {
            let answered = answer(lang, error).await;
            answers.push(json!({ "case": case, "answer": answered }));
        }
        let document = Value::Array(answers);
        let text = document.to_string();
        assert!(!text.contains("hunter2") && !text.contains("postgres"), "an internal cause leaked: {text}");
        let answers = document.as_array().expect("an array");
        if lang == Lang::En {
            english = stable_parts(answers);
        } else {
            assert_eq!(stable_parts(answers), english, "{lang}: codes, statuses or arguments differ from English");
        }
        let name = format!("error_bodies_{}", lang.code());
        insta::assert_json_snapshot!(name.as_str(), document);
    }
}

/// Each language's catalogue file, as shipped.
fn catalogue(lang: Lang) -> Value {
    let source = match lang {
        Lang::En => include_str!("../messages/en.json"),
        Lang::Nl => include_str!("../messages/nl.json"),
        Lang::De => include_str!("../messages/de.json"),
        Lang::Fr => include_str!("../messages/fr.json"),
        Lang::Es => include_str!("../messages/es.json"),
        Lang::It => include_str!("../messages/it.json"),
    };
    serde_json::from_str(source).expect("a catalogue is JSON")
}

/// The names of `text`'s `{{placeholders}}`.
fn placeholders(text: &str) -> impl Iterator<Item = &str> {
    text.split("{{").skip(1).filter_map(|rest| rest.split_once("}}").map(|(name, _)| name))
}

/// `Msg` takes `'static` keys and names, as the code writes them; these come from the catalogue.
fn leak(text: String) -> &'static str {
    Box::leak(text.into_boxed_str())
}

/// The value a placeholder is filled with in the snapshots: what the code fills it
/// with, for one fixed example. A placeholder without an example shows as `⟦name⟧`.
fn example(lang: Lang, name: &str) -> String {
    match name {
        "amount" => i18n::euros(lang, 2495),
        "brand" => "Visa".to_owned(),
        "card" => Msg::new("mail.receipt_card").arg("brand", "Visa").arg("last4", "4242").render(lang),
        "code" => "482913".to_owned(),
        "dashboard" => "https://registry.example/dashboard".to_owned(),
        "date" => i18n::short_date(lang, EXAMPLE_MS),
        "day" => "18".to_owned(),
        "effect" => Msg::new("mail.refund_registration_effect").render(lang),
        "field" => i18n::text(lang, "pdf.build_year"),
        "last4" => "4242".to_owned(),
        "link" => "https://registry.example/verify-email?token=EXAMPLE".to_owned(),
        "message" => "Is she still for sale?\nBest regards, Anna".to_owned(),
        "month" => "Nov".to_owned(),
        "note" => "The builder's plate shows 2018.".to_owned(),
        "platformId" => "7KQ2-M9XD-4HTB".to_owned(),
        "purpose" => Msg::new("mail.purpose_registration").render(lang),
        "reason" => "Paid twice by mistake.".to_owned(),
        "reference" => "TR-8F3K-2M9Q".to_owned(),
        "replyTo" => "anna@example.org".to_owned(),
        "reset" => "https://registry.example/forgot-password".to_owned(),
        "signIn" => "https://registry.example/login".to_owned(),
        "signUp" => "https://registry.example/signup".to_owned(),
        "value" => "2018".to_owned(),
        "vessel" => "Zeemeeuw".to_owned(),
        "year" => "2026".to_owned(),
        other => format!("⟦{other}⟧"),
    }
}

/// Every `mail.*` text (subjects, bodies, SMS) rendered through `Msg` in each language, with
/// an example for every placeholder: one document per language.
#[test]
fn mail_and_sms_texts() {
    let english = catalogue(Lang::En);
    for lang in Lang::ALL {
        let own = catalogue(lang);
        let mut keys = BTreeSet::new();
        for texts in [&english, &own] {
            keys.extend(texts["mail"].as_object().expect("a mail section").keys().cloned());
        }
        let mut sections = Vec::new();
        for key in keys {
            let names: BTreeSet<&str> = [&own, &english]
                .into_iter()
                .filter_map(|texts| texts["mail"][&key].as_str())
                .flat_map(placeholders)
                .collect();
            let msg = names.into_iter().fold(Msg::new(leak(format!("mail.{key}"))), |msg, name| {
                msg.arg(leak(name.to_owned()), example(lang, name))
            });
            let text = msg.render(lang);
            assert!(!text.contains("{{"), "{lang}: mail.{key} left a placeholder: {text}");
            sections.push(format!("## mail.{key}\n{text}\n"));
        }
        let name = format!("mail_{}", lang.code());
        insta::assert_snapshot!(name.as_str(), sections.join("\n"));
    }
}
