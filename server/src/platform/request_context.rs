//! The request id of the request being served, for code far from HTTP (the
//! audit log) that records which request caused a change. The HTTP edge sets
//! it around each request; work outside a request (workers, sweeps) has none.

tokio::task_local! {
    static REQUEST_ID: String;
}

/// Run `work` with `id` as the current request id.
pub async fn scope<F: Future>(id: String, work: F) -> F::Output {
    REQUEST_ID.scope(id, work).await
}

/// The current request's id, if this task serves one.
pub fn request_id() -> Option<String> {
    REQUEST_ID.try_with(Clone::clone).ok()
}
