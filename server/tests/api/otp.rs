//! One-time codes: limits that hold under parallel requests, on both databases.

use registry::{
    foundation::error::AppError,
    platform::otp::{self, Purpose, Refusal},
};

use crate::helpers::{TestApp, parts};

fn code_of(raw: &str) -> registry::domain::OtpCode {
    registry::domain::OtpCode::parse(raw).unwrap()
}

/// A sender: account `account` at client address 10.0.0.`host`.
fn sender(account: &str, host: u8, own_number: bool) -> otp::Sender<'_> {
    let budgets = registry::platform::config::CodeBudgets {
        per_account_per_day: 10,
        numbers_per_account_per_day: 3,
        per_client_per_hour: 20,
    };
    otp::Sender { account, client: std::net::IpAddr::from([10, 0, 0, host]), own_number, budgets }
}

/// A Dutch mobile number, the `n`th.
fn mobile(n: u32) -> registry::domain::PhoneE164 {
    registry::domain::PhoneE164::parse(&format!("+3161{n:07}")).unwrap()
}

/// Reserve a send in a transaction of its own, committed when granted.
async fn reserve_in(
    state: &registry::platform::state::AppState,
    purpose: Purpose,
    subject: &str,
    to: u32,
    from: &otp::Sender<'_>,
) -> Result<(), AppError> {
    account(state, from.account).await;
    let mut tx = state.begin().await.unwrap();
    otp::reserve_send(&mut tx, purpose, subject, &mobile(to), from).await?;
    tx.commit().await.unwrap();
    Ok(())
}

/// The sender's account row: the daily budgets are counted under its lock.
/// Created by whichever parallel send comes first; a conflict on any unique
/// key (PostgreSQL checks the e-mail's before the id's when two inserts race)
/// means the row is there.
async fn account(state: &registry::platform::state::AppState, id: &str) {
    sqlx::query(
        "INSERT INTO users (id, email, password_hash, created_at) VALUES ($1, $2, '', 0) ON CONFLICT DO NOTHING",
    )
    .bind(id)
    .bind(format!("{id}@example.test"))
    .execute(&state.db)
    .await
    .unwrap();
}

async fn reserve(
    app: &TestApp,
    purpose: Purpose,
    subject: &str,
    to: u32,
    from: &otp::Sender<'_>,
) -> Result<(), AppError> {
    reserve_in(&app.state, purpose, subject, to, from).await
}

async fn send(app: &TestApp, subject: &str) -> Result<String, AppError> {
    account(&app.state, "seller").await;
    let mut tx = app.state.begin().await.unwrap();
    let slot = otp::reserve_send(&mut tx, Purpose::Transfer, subject, &mobile(1), &sender("seller", 1, false)).await?;
    let code = slot.issue(&mut tx).await?;
    tx.commit().await.unwrap();
    Ok(code.expose().to_owned())
}

#[tokio::test]
async fn a_code_is_six_digits_stored_hashed_and_works_once() {
    let app = TestApp::spawn().await;
    let code = send(&app, "t-1").await.unwrap();
    assert!(code.len() == 6 && code.bytes().all(|b| b.is_ascii_digit()), "{code}");
    assert_eq!(app.scalar(&format!("SELECT COUNT(*) FROM one_time_codes WHERE code_hash LIKE '%{code}%'")).await, 0);
    let matched = otp::check(&app.db, Purpose::Transfer, "t-1", &code_of(&code))
        .await
        .unwrap()
        .unwrap_or_else(|r| panic!("{r:?}"));
    let mut tx = app.state.begin().await.unwrap();
    assert!(matched.consume(&mut tx).await.unwrap());
    tx.commit().await.unwrap();
    let again = otp::check(&app.db, Purpose::Transfer, "t-1", &code_of(&code)).await.unwrap();
    assert!(matches!(again, Err(Refusal::NeedNewCode)), "single use");
    // Bound to its purpose and subject.
    let other = send(&app, "t-2").await.unwrap();
    assert!(matches!(
        otp::check(&app.db, Purpose::Phone, "t-2", &code_of(&other)).await.unwrap(),
        Err(Refusal::NeedNewCode)
    ));
    assert!(otp::check(&app.db, Purpose::Transfer, "t-3", &code_of(&other)).await.unwrap().is_err());
}

/// 50 parallel wrong guesses: exactly five are compared, and then even the
/// right code is refused until a new one is sent.
#[tokio::test]
async fn parallel_guesses_get_five_attempts_and_then_the_code_is_dead() {
    let app = TestApp::spawn().await;
    let code = send(&app, "t-1").await.unwrap();
    let wrong = if code == "000000" { "000001" } else { "000000" };
    let guesses: Vec<_> = (0..50)
        .map(|_| {
            let db = app.db.clone();
            tokio::spawn(async move { otp::check(&db, Purpose::Transfer, "t-1", &code_of(wrong)).await.unwrap() })
        })
        .collect();
    let mut compared = 0;
    let mut dead = 0;
    for guess in guesses {
        match guess.await.unwrap() {
            Err(Refusal::Wrong { .. }) => compared += 1,
            Err(Refusal::NeedNewCode) => dead += 1,
            Ok(_) => panic!("a wrong code matched"),
        }
    }
    // The fifth wrong guess is told a new code is needed, not 'attempts left'.
    assert_eq!((compared, dead), (4, 46));
    assert_eq!(app.scalar("SELECT attempts FROM one_time_codes").await, 5);
    assert!(matches!(
        otp::check(&app.db, Purpose::Transfer, "t-1", &code_of(&code)).await.unwrap(),
        Err(Refusal::NeedNewCode)
    ));
}

#[tokio::test]
async fn wrong_guesses_say_how_many_attempts_are_left() {
    let app = TestApp::spawn().await;
    let code = send(&app, "t-1").await.unwrap();
    let wrong = if code == "999999" { "999998" } else { "999999" };
    for left in (1..=4).rev() {
        let refusal = otp::check(&app.db, Purpose::Transfer, "t-1", &code_of(wrong)).await.unwrap().err().unwrap();
        assert_eq!(refusal, Refusal::Wrong { attempts_left: left });
    }
    let message = AppError::from(Refusal::Wrong { attempts_left: 1 }).to_string();
    assert_eq!(message, "That code is not right. 1 attempt left.");
}

/// Parallel resend requests: one code a minute, whatever the parallelism.
#[tokio::test]
async fn a_new_code_waits_a_minute_even_when_asked_for_in_parallel() {
    let app = TestApp::spawn().await;
    let sends: Vec<_> = (0..20)
        .map(|_| {
            let state = app.state.clone();
            tokio::spawn(async move {
                reserve_in(&state, Purpose::Phone, "user-1", 2, &sender("user-1", 1, true)).await.is_ok()
            })
        })
        .collect();
    let mut granted = 0;
    for s in sends {
        granted += usize::from(s.await.unwrap());
    }
    assert_eq!(granted, 1);
    let refused = reserve(&app, Purpose::Phone, "user-1", 2, &sender("user-1", 1, true)).await.err().unwrap();
    assert!(
        matches!(refused, AppError::TooManyRequests { code: "too_many_codes", retry_after_secs, .. } if (1..=60).contains(&retry_after_secs))
    );
    // Another subject is not held back.
    assert!(reserve(&app, Purpose::Phone, "user-2", 3, &sender("user-2", 2, true)).await.is_ok());
}

/// Step past the minute's spacing of every subject without waiting a minute.
async fn a_minute_later(app: &TestApp) {
    sqlx::query("UPDATE throttle SET window_start = window_start - 61000 WHERE bucket LIKE 'otp:%'")
        .execute(&app.db)
        .await
        .unwrap();
}

#[tokio::test]
async fn at_most_four_codes_an_hour_per_subject() {
    let app = TestApp::spawn().await;
    for sent in 0..5 {
        a_minute_later(&app).await;
        let result = reserve(&app, Purpose::Phone, "user-1", 4, &sender("user-1", 1, true)).await;
        assert_eq!(result.is_ok(), sent < 4, "send {sent}");
    }
}

/// One account: codes to at most 3 distinct numbers a day, and 10 codes in
/// all; asked for in parallel, the budget still holds exactly.
#[tokio::test]
async fn an_account_texts_at_most_three_numbers_and_ten_codes_a_day() {
    let app = TestApp::spawn().await;
    let sends: Vec<_> = (0..20)
        .map(|n| {
            let state = app.state.clone();
            tokio::spawn(async move {
                let from = sender("pumper", u8::try_from(n).unwrap(), false);
                reserve_in(&state, Purpose::Transfer, &format!("t-{n}"), 100 + n, &from).await.is_ok()
            })
        })
        .collect();
    let mut granted = 0;
    for s in sends {
        granted += usize::from(s.await.unwrap());
    }
    assert_eq!(granted, 3, "three distinct numbers a day");
    assert_eq!(app.scalar("SELECT COUNT(DISTINCT phone) FROM otp_sends WHERE account_id = 'pumper'").await, 3);
    let numbers: Vec<u32> = {
        let rows =
            sqlx::query("SELECT phone FROM otp_sends WHERE account_id = 'pumper'").fetch_all(&app.db).await.unwrap();
        rows.iter().map(|r| sqlx::Row::get::<String, _>(r, 0)[5..].parse().unwrap()).collect()
    };
    // More codes to those three numbers, until ten in all (new subjects, other addresses).
    let mut more = 0;
    for round in 0..4u32 {
        for (i, n) in numbers.iter().enumerate() {
            let from = sender("pumper", u8::try_from(50 + round * 3 + u32::try_from(i).unwrap()).unwrap(), false);
            if reserve(&app, Purpose::Transfer, &format!("more-{round}-{i}"), *n, &from).await.is_ok() {
                more += 1;
            }
        }
    }
    assert_eq!(more, 7, "ten codes a day in all");
    let refused = reserve(&app, Purpose::Transfer, "over", numbers[1], &sender("pumper", 99, false)).await.unwrap_err();
    assert!(
        matches!(refused, AppError::TooManyRequests { code: "too_many_codes", retry_after_secs, .. } if retry_after_secs > 3600),
        "{refused:?}"
    );
}

/// Strangers sending codes to one number use up their own budgets, not the
/// number's: the holder's own verification still gets its code.
#[tokio::test]
async fn strangers_cannot_silence_a_number_for_its_holder() {
    let app = TestApp::spawn().await;
    let victim = 777;
    let mut refused_strangers = 0;
    for stranger in 0..60u8 {
        let account = format!("stranger-{stranger}");
        for attempt in 0..5 {
            a_minute_later(&app).await;
            let from = sender(&account, stranger, false);
            if reserve(&app, Purpose::Transfer, &format!("t-{stranger}-{attempt}"), victim, &from).await.is_err() {
                refused_strangers += 1;
            }
        }
    }
    assert!(refused_strangers > 0, "the per-sender and per-number budgets stop strangers");
    assert!(app.scalar("SELECT COUNT(*) FROM otp_sends").await <= 40, "the number's hourly ceiling holds");
    // The holder verifies their own number: not counted against the ceiling.
    assert!(reserve(&app, Purpose::Phone, "holder", victim, &sender("holder", 200, true)).await.is_ok());
}

/// One client address asks for at most 20 codes an hour, whatever the accounts.
#[tokio::test]
async fn a_client_address_has_an_hourly_budget() {
    let app = TestApp::spawn().await;
    let mut granted = 0;
    for n in 0..25u32 {
        let account = format!("acct-{n}");
        if reserve(&app, Purpose::Transfer, &format!("t-{n}"), 300 + n, &sender(&account, 1, false)).await.is_ok() {
            granted += 1;
        }
    }
    assert_eq!(granted, 20);
}

/// A code that is not six digits (spaces around it, five digits) is a 422
/// and costs no attempt; the right code still works afterwards.
#[tokio::test]
async fn a_malformed_code_is_refused_without_using_an_attempt() {
    let app = TestApp::spawn().await;
    let vessel = app.owner_with_active_vessel("seller@example.nl").await;
    let (_, started) = crate::transfers::initiate(&app, &vessel).await;
    let id = started["transferId"].as_str().unwrap().to_owned();
    let code = crate::transfers::code_sent(&app).await;
    for bad in [format!(" {code} "), code[..5].to_owned(), format!("{code}0"), "12345a".to_owned()] {
        let (status, body) =
            parts(app.post(&format!("/api/transfers/{id}/verify-otp"), serde_json::json!({"otp": bad})).await).await;
        assert_eq!(status, reqwest::StatusCode::UNPROCESSABLE_ENTITY, "{bad:?}: {body}");
        assert_eq!(body["fieldCodes"]["otp"][0], "code_six_digits", "{body}");
    }
    assert_eq!(app.scalar("SELECT attempts FROM one_time_codes WHERE used_at IS NULL").await, 0, "no attempt used");
    let (status, _) =
        parts(app.post(&format!("/api/transfers/{id}/verify-otp"), serde_json::json!({"otp": code})).await).await;
    assert_eq!(status, reqwest::StatusCode::OK);
    // The mobile number's code is parsed the same way.
    crate::phone::verify_number(&app, "+31611111111").await;
    let (status, _) = parts(app.post("/api/profile/phone/verify", serde_json::json!({"otp": " 123456"})).await).await;
    assert_eq!(status, reqwest::StatusCode::UNPROCESSABLE_ENTITY);
}

/// Through the API: an account whose email is not verified has no code
/// texted; premium, satellite and foreign numbers and a number too short for
/// its country are refused; over budget is 429 `too_many_codes` with Retry-After.
#[tokio::test]
async fn codes_are_texted_only_for_verified_accounts_to_supported_mobile_numbers() {
    let app = TestApp::spawn().await;
    assert_eq!(app.register("fresh@example.nl").await.status(), reqwest::StatusCode::CREATED);
    assert_eq!(app.login("fresh@example.nl", crate::helpers::PASSWORD).await.status(), reqwest::StatusCode::OK);
    let (status, _) =
        parts(app.post("/api/profile/phone", serde_json::json!({"phoneE164": "+31611223344"})).await).await;
    assert_eq!(status, reqwest::StatusCode::OK);
    let (status, body) = parts(app.post("/api/profile/phone/send-code", serde_json::json!({})).await).await;
    assert_eq!(
        (status, body["messageCode"].as_str()),
        (reqwest::StatusCode::FORBIDDEN, Some("verify_email_before_codes"))
    );
    assert_eq!(app.scalar("SELECT COUNT(*) FROM outbox WHERE channel = 'sms'").await, 0);

    let seller = app.second_browser();
    let vessel = seller.owner_with_active_vessel("seller@example.nl").await;
    for (number, code) in [
        ("+882123456789", "invalid_phone_number_format"),
        ("+97912345678", "invalid_phone_number_format"),
        ("+19005550123", "phone_not_supported_mobile"),
        ("+447400123456", "phone_not_supported_mobile"),
        ("+31201234567", "phone_not_supported_mobile"),
        ("+316", "invalid_phone_number_format"),
    ] {
        let start = serde_json::json!({"vesselId": vessel["id"], "toPhoneE164": number});
        let (status, body) = parts(seller.post("/api/transfers/initiate", start).await).await;
        assert_eq!(status, reqwest::StatusCode::UNPROCESSABLE_ENTITY, "{number}: {body}");
        let codes = body["fieldCodes"]["toPhoneE164"].as_array().cloned().unwrap_or_default();
        let premium_or_satellite = number.starts_with("+882") || number.starts_with("+979");
        assert!(
            codes.iter().any(|c| c == code)
                || (premium_or_satellite && codes.iter().any(|c| c == "phone_not_supported_mobile")),
            "{number}: {body}"
        );
    }
    // The vessel registration's phone is checked against the numbering plan too.
    let mut boat = crate::helpers::sailboat();
    boat["phoneE164"] = serde_json::json!("+316");
    boat["cin"] = serde_json::json!("unknown");
    boat["mmsi"] = serde_json::Value::Null;
    let (status, body) = parts(seller.post("/api/vessels", boat).await).await;
    assert_eq!(status, reqwest::StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert!(body["fieldCodes"]["phoneE164"].is_array(), "{body}");

    // Over the seller's budget of three numbers a day: 429 too_many_codes with Retry-After.
    let mut last = None;
    for n in 0..4 {
        sqlx::query("UPDATE vessels SET status = 'active'").execute(&app.db).await.unwrap();
        sqlx::query("UPDATE transfers SET status = 'canceled'").execute(&app.db).await.unwrap();
        let start = serde_json::json!({"vesselId": vessel["id"], "toPhoneE164": format!("+3165555000{n}")});
        last = Some(seller.post("/api/transfers/initiate", start).await);
        let status = last.as_ref().unwrap().status();
        assert_eq!(status.is_success(), n < 3, "{n}: {status}");
    }
    let last = last.unwrap();
    assert!(last.headers().contains_key(reqwest::header::RETRY_AFTER));
    let (_, body) = parts(last).await;
    assert_eq!(body["code"], "too_many_codes", "{body}");
}

/// The daily budgets are counted under the sender's row lock, so a sender
/// without an account row is refused rather than counted without a lock.
#[tokio::test]
async fn a_sender_without_an_account_is_refused() {
    let app = TestApp::spawn().await;
    let mut tx = app.state.begin().await.unwrap();
    let refused = otp::reserve_send(&mut tx, Purpose::Transfer, "t-1", &mobile(1), &sender("nobody", 1, false))
        .await
        .err()
        .unwrap();
    assert!(matches!(refused, AppError::Unauthorized(_)), "{refused:?}");
}
