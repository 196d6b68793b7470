//! One-time codes: limits that hold under parallel requests, on both databases.

use registry::{
    error::AppError,
    otp::{self, Purpose, Refusal},
};

use crate::helpers::{TestApp, parts};

fn code_of(raw: &str) -> registry::domain::OtpCode {
    registry::domain::OtpCode::parse(raw).unwrap()
}

async fn send(app: &TestApp, subject: &str) -> Result<String, AppError> {
    let slot = otp::reserve_send(&app.db, Purpose::Transfer, subject, "+31600000001").await?;
    let mut tx = app.state.begin().await.unwrap();
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
            let db = app.db.clone();
            tokio::spawn(async move { otp::reserve_send(&db, Purpose::Phone, "user-1", "+31600000002").await.is_ok() })
        })
        .collect();
    let mut granted = 0;
    for s in sends {
        granted += usize::from(s.await.unwrap());
    }
    assert_eq!(granted, 1);
    let refused = otp::reserve_send(&app.db, Purpose::Phone, "user-1", "+31600000002").await.err().unwrap();
    assert!(
        matches!(refused, AppError::TooManyRequests { retry_after_secs, .. } if (1..=60).contains(&retry_after_secs))
    );
    // Another subject is not held back.
    assert!(otp::reserve_send(&app.db, Purpose::Phone, "user-2", "+31600000003").await.is_ok());
}

#[tokio::test]
async fn at_most_four_codes_an_hour_per_subject() {
    let app = TestApp::spawn().await;
    for sent in 0..5 {
        // Step past the minute's spacing without waiting a minute.
        sqlx::query("UPDATE throttle SET window_start = window_start - 61000 WHERE bucket = 'otp:phone:user-1'")
            .execute(&app.db)
            .await
            .unwrap();
        let result = otp::reserve_send(&app.db, Purpose::Phone, "user-1", "+31600000004").await;
        assert_eq!(result.is_ok(), sent < 4, "send {sent}");
    }
}

/// Many subjects, one destination: at most eight codes an hour reach a number.
#[tokio::test]
async fn one_number_gets_at_most_eight_codes_an_hour_whoever_asks() {
    let app = TestApp::spawn().await;
    for subject in 0..9 {
        let result = otp::reserve_send(&app.db, Purpose::Transfer, &format!("t-{subject}"), "+31699999999").await;
        assert_eq!(result.is_ok(), subject < 8, "code {subject}");
    }
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
