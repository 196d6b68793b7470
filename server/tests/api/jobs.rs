//! Background work shared by several processes: each periodic job runs in one
//! process at a time (the holder of its lease), a stopping process lets its
//! leases go, and a process told to stop (SIGTERM) finishes the requests in
//! flight, refuses new connections and exits 0.

use std::{
    io::{Read, Write},
    net::TcpStream,
    process::Command,
    time::{Duration, Instant},
};

use registry::{
    app::jobs::{self, Job},
    platform::lease::Holder,
};

use crate::{
    helpers::TestApp,
    process::{ServerProcess, count},
};

/// Three processes ask for one lease at once, round after round: exactly one
/// gets it each time, the holder keeps it by renewing, and once it lapses one
/// of the others takes it over. On SQLite and on PostgreSQL.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn three_processes_hold_a_jobs_lease_one_at_a_time() {
    let app = TestApp::spawn_without_outbox_worker().await;
    let holders = [Holder::new(), Holder::new(), Holder::new()];
    let ask_all = |ttl_ms: i64| {
        let asks = holders.iter().map(|h| {
            let (db, h) = (app.db.clone(), h.clone());
            tokio::spawn(async move { h.take(&db, "test_job", ttl_ms).await.expect("the lease statement") })
        });
        futures_util::future::join_all(asks)
    };
    let first: Vec<bool> = ask_all(60_000).await.into_iter().map(Result::unwrap).collect();
    assert_eq!(first.iter().filter(|t| **t).count(), 1, "one holder of three: {first:?}");
    let leader = first.iter().position(|t| *t).unwrap();
    for round in 0..10 {
        let again: Vec<bool> = ask_all(60_000).await.into_iter().map(Result::unwrap).collect();
        assert_eq!(again.iter().filter(|t| **t).count(), 1, "round {round}: {again:?}");
        assert!(again[leader], "round {round}: the holder renews its own lease: {again:?}");
    }
    // A lease that lapses (its holder stopped renewing it) goes to exactly one of the others.
    assert!(holders[leader].take(&app.db, "test_job", 1).await.unwrap());
    tokio::time::sleep(Duration::from_millis(20)).await;
    let others: Vec<&Holder> = holders.iter().enumerate().filter(|(i, _)| *i != leader).map(|(_, h)| h).collect();
    let taken = futures_util::future::join_all(others.iter().map(|h| h.take(&app.db, "test_job", 60_000))).await;
    let taken: Vec<bool> = taken.into_iter().map(Result::unwrap).collect();
    assert_eq!(taken.iter().filter(|t| **t).count(), 1, "one successor: {taken:?}");
    assert_eq!(app.scalar("SELECT COUNT(*) FROM job_leases WHERE job = 'test_job'").await, 1);
}

/// A process that stops lets its jobs' leases go: another takes them at once,
/// not when they would have lapsed.
#[tokio::test]
async fn a_stopping_process_lets_its_jobs_go_to_another_at_once() {
    let app = TestApp::spawn_without_outbox_worker().await;
    let running = jobs::start(&app.state, None, &[Job::Transfers]);
    let holder = running.holder().to_owned();
    let deadline = Instant::now() + Duration::from_secs(10);
    while app.scalar(&format!("SELECT COUNT(*) FROM job_leases WHERE job = 'transfers' AND holder = '{holder}'")).await
        == 0
    {
        assert!(Instant::now() < deadline, "the first run takes the lease at once");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let other = Holder::new();
    assert!(!other.take(&app.db, Job::Transfers.name(), 120_000).await.unwrap(), "held for two minutes");
    let started = Instant::now();
    running.stop(Duration::from_secs(5)).await;
    assert!(started.elapsed() < Duration::from_secs(5), "the loop stops between runs, without waiting its minute");
    assert!(other.take(&app.db, Job::Transfers.name(), 120_000).await.unwrap(), "let go: taken over at once");
}

/// The real server process, told to stop with SIGTERM while a request's body
/// is still arriving: it refuses new connections, answers the request in
/// flight, lets its leases go and exits 0 within the grace.
#[tokio::test]
async fn sigterm_finishes_the_requests_in_flight_and_exits_zero() {
    let server = ServerProcess::start(&[("REGISTRY_SHUTDOWN_GRACE_SECS", "5")]);
    let (port, url) = (server.port, server.database_url.clone());
    let ready = Instant::now() + Duration::from_secs(30);
    assert_eq!(server.readyz().0, 200);
    // The background jobs take their leases at start.
    while count(&url, "SELECT COUNT(*) FROM job_leases WHERE until_ms > 0").await == 0 {
        assert!(Instant::now() < ready, "the jobs take their leases at start");
        std::thread::sleep(Duration::from_millis(50));
    }

    let body = br#"{"email":"someone@example.nl","password":"not the password"}"#;
    let mut in_flight = TcpStream::connect(("127.0.0.1", port)).unwrap();
    in_flight.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
    let head = format!(
        "POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n",
        body.len()
    );
    in_flight.write_all(head.as_bytes()).unwrap();
    in_flight.write_all(&body[..10]).unwrap();
    std::thread::sleep(Duration::from_millis(200));

    let mut server = server;
    let pid = server.child.id().to_string();
    assert!(Command::new("kill").args(["-TERM", &pid]).status().unwrap().success());
    // New connections are refused once the listener is closed.
    let refused = Instant::now() + Duration::from_secs(3);
    while TcpStream::connect(("127.0.0.1", port)).is_ok() {
        assert!(Instant::now() < refused, "the listener closes on SIGTERM");
        std::thread::sleep(Duration::from_millis(20));
    }
    assert!(server.child.try_wait().unwrap().is_none(), "still running: a request is in flight");

    in_flight.write_all(&body[10..]).unwrap();
    let mut answer = String::new();
    in_flight.read_to_string(&mut answer).unwrap();
    assert!(answer.starts_with("HTTP/1.1 401"), "the request in flight is answered: {answer}");
    assert!(answer.contains(r#""messageCode":"#), "{answer}");

    let exited = Instant::now() + Duration::from_secs(10);
    let status = loop {
        if let Some(status) = server.child.try_wait().unwrap() {
            break status;
        }
        assert!(Instant::now() < exited, "the server exits within its grace");
        std::thread::sleep(Duration::from_millis(50));
    };
    assert!(status.success(), "exit status {status:?}");
    assert_eq!(count(&url, "SELECT COUNT(*) FROM job_leases WHERE until_ms > 0").await, 0, "every lease let go");
}
