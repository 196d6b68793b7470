//! What code far from HTTP needs to know of the request being served: its
//! id (the audit log records which request caused a change), and whether
//! its client wrote a moment ago (such a client reads from the primary,
//! `AppState::public_source`). The HTTP edge sets both around each request;
//! work outside a request (workers, sweeps) has neither.

tokio::task_local! {
    static REQUEST_ID: String;
    static OWN_WRITES: bool;
}

/// Run `work` with `id` as the current request id; `own_writes`: its client
/// wrote recently and must see what it wrote.
pub async fn scope<F: Future>(id: String, own_writes: bool, work: F) -> F::Output {
    REQUEST_ID.scope(id, OWN_WRITES.scope(own_writes, work)).await
}

/// The current request's id, if this task serves one.
pub fn request_id() -> Option<String> {
    REQUEST_ID.try_with(Clone::clone).ok()
}

/// The current request's client wrote within the last few seconds.
pub fn reads_own_writes() -> bool {
    OWN_WRITES.try_with(|w| *w).unwrap_or(false)
}
