use std::sync::{
    Arc,
    atomic::{AtomicUsize, Ordering},
};

use registry::features::outbox::{Delivery, Message, worker::Worker};
use tokio::sync::Notify;

use crate::helpers::TestApp;

/// Counts deliveries; fails every one when `fail` is set.
struct Counting {
    calls: AtomicUsize,
    fail: bool,
}

#[async_trait::async_trait]
impl Delivery for Counting {
    async fn deliver(&self, _id: &str, _m: &Message) -> anyhow::Result<()> {
        self.calls.fetch_add(1, Ordering::SeqCst);
        tokio::task::yield_now().await;
        if self.fail {
            anyhow::bail!("mail server down")
        }
        Ok(())
    }
}

async fn enqueue(app: &TestApp, n: usize) {
    let mut tx = app.db.begin().await.unwrap();
    for i in 0..n {
        registry::features::outbox::enqueue(&mut tx, &Message::email(&format!("r{i}@example.nl"), "s", "b"))
            .await
            .unwrap();
    }
    tx.commit().await.unwrap();
}

fn worker(app: &TestApp, delivery: Arc<Counting>) -> Arc<Worker> {
    Arc::new(Worker::new(app.db.clone(), delivery, Arc::new(Notify::new())))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn racing_workers_deliver_each_message_exactly_once() {
    let app = TestApp::spawn_without_outbox_worker().await;
    enqueue(&app, 40).await;
    let delivery = Arc::new(Counting { calls: AtomicUsize::new(0), fail: false });
    let tasks: Vec<_> = (0..4)
        .map(|_| {
            let w = worker(&app, delivery.clone());
            tokio::spawn(async move {
                let mut total = 0;
                loop {
                    match w.run_once().await.unwrap() {
                        0 => return total,
                        n => total += n,
                    }
                }
            })
        })
        .collect();
    let mut handled = 0;
    for t in tasks {
        handled += t.await.unwrap();
    }
    assert_eq!(handled, 40);
    assert_eq!(delivery.calls.load(Ordering::SeqCst), 40, "no message is delivered twice");
    assert_eq!(app.scalar("SELECT COUNT(*) FROM outbox WHERE delivered_at IS NOT NULL").await, 40);
    assert_eq!(app.scalar("SELECT MAX(attempts) FROM outbox").await, 1);
}

#[tokio::test]
async fn a_failed_delivery_is_retried_after_a_backoff_with_the_error_recorded() {
    let app = TestApp::spawn_without_outbox_worker().await;
    enqueue(&app, 1).await;
    let w = worker(&app, Arc::new(Counting { calls: AtomicUsize::new(0), fail: true }));
    assert_eq!(w.run_once().await.unwrap(), 1);
    assert_eq!(
        app.scalar("SELECT COUNT(*) FROM outbox WHERE delivered_at IS NULL AND failed_at IS NULL AND last_error = 'mail server down'").await,
        1
    );
    assert_eq!(w.run_once().await.unwrap(), 0, "not due again until the backoff passes");
    sqlx::query("UPDATE outbox SET next_attempt_at = 0").execute(&app.db).await.unwrap();
    let ok = worker(&app, Arc::new(Counting { calls: AtomicUsize::new(0), fail: false }));
    assert_eq!(ok.run_once().await.unwrap(), 1);
    assert_eq!(app.scalar("SELECT attempts FROM outbox WHERE delivered_at IS NOT NULL").await, 2);
}

#[tokio::test]
async fn the_running_server_delivers_what_it_queues() {
    let app = TestApp::spawn().await;
    app.register("live@example.nl").await;
    for _ in 0..50 {
        if app.scalar("SELECT COUNT(*) FROM outbox WHERE delivered_at IS NOT NULL").await == 1 {
            return;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    panic!("the outbox worker did not deliver the verification email");
}
