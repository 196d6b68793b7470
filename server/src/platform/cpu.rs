//! A small pool of threads for CPU- and memory-heavy work (argon2 password
//! hashing, drawing PDFs), with a bounded queue in front.
//!
//! On tokio's blocking pool a burst of sign-ins ran hundreds of hashes at
//! once, each ~19 MiB, on hundreds of threads whose malloc arenas kept the
//! memory afterwards. Here at most one job runs per core, a bounded queue
//! waits behind them, and a job that finds the queue full is refused at once
//! (`Busy`), so the caller can answer 503 with `Retry-After` instead of
//! queueing without end. Memory is bounded by construction.

use crate::platform::telemetry::{CPU_QUEUED, CPU_REFUSED};
use std::sync::{
    Arc, Mutex,
    mpsc::{Receiver, SyncSender, TrySendError, sync_channel},
};

type Job = Box<dyn FnOnce() + Send>;

/// Jobs waiting per thread before new ones are refused. At roughly 25 ms a
/// hash, a full queue drains in well under a second.
const QUEUE_PER_THREAD: usize = 16;

#[derive(Clone)]
pub struct CpuPool {
    jobs: SyncSender<Job>,
}

#[derive(Debug, thiserror::Error)]
pub enum CpuError {
    #[error("the queue of CPU-heavy work is full")]
    Busy,
    #[error("the worker threads are gone")]
    Gone,
}

/// The cores this process may run on (two when the system does not say).
pub fn cores() -> usize {
    std::thread::available_parallelism().map_or(2, std::num::NonZero::get)
}

impl CpuPool {
    /// One thread per core. The threads end when the last handle is dropped.
    pub fn new() -> Self {
        let threads = cores();
        let (jobs, queue) = sync_channel::<Job>(threads * QUEUE_PER_THREAD);
        let queue = Arc::new(Mutex::new(queue));
        for n in 0..threads {
            let queue = queue.clone();
            let spawned = std::thread::Builder::new().name(format!("cpu-{n}")).spawn(move || work(&queue));
            if let Err(e) = spawned {
                tracing::error!(error = %e, "could not start a CPU worker thread");
            }
        }
        Self { jobs }
    }

    /// Run `job` on the pool and wait for its result, or refuse at once when
    /// the queue is full.
    pub async fn run<T: Send + 'static>(&self, job: impl FnOnce() -> T + Send + 'static) -> Result<T, CpuError> {
        let (done, result) = tokio::sync::oneshot::channel();
        let job: Job = Box::new(move || {
            metrics::gauge!(CPU_QUEUED).decrement(1.0);
            // The requester may have gone (its connection closed); the result
            // is then dropped.
            let _ = done.send(job());
        });
        metrics::gauge!(CPU_QUEUED).increment(1.0);
        match self.jobs.try_send(job) {
            Ok(()) => result.await.map_err(|_| CpuError::Gone),
            Err(TrySendError::Full(_)) => {
                metrics::gauge!(CPU_QUEUED).decrement(1.0);
                metrics::counter!(CPU_REFUSED).increment(1);
                Err(CpuError::Busy)
            }
            Err(TrySendError::Disconnected(_)) => {
                metrics::gauge!(CPU_QUEUED).decrement(1.0);
                Err(CpuError::Gone)
            }
        }
    }
}

impl CpuPool {
    /// [`run`](Self::run) for a request: a full queue is 503 `busy` with
    /// `Retry-After`, the answer a client retries.
    pub async fn run_or_busy<T: Send + 'static>(
        &self,
        job: impl FnOnce() -> T + Send + 'static,
    ) -> crate::foundation::error::AppResult<T> {
        self.run(job).await.map_err(|e| match e {
            CpuError::Busy => busy(),
            CpuError::Gone => crate::foundation::error::AppError::Internal(e.into()),
        })
    }
}

/// The answer when the queue of CPU-heavy work is full.
pub fn busy() -> crate::foundation::error::AppError {
    crate::foundation::error::AppError::Unavailable { code: "busy", message: "busy".into(), retry_after_secs: 2 }
}

impl Default for CpuPool {
    fn default() -> Self {
        Self::new()
    }
}

fn work(queue: &Mutex<Receiver<Job>>) {
    loop {
        // The lock is held while waiting for a job, not while running it.
        let next = match queue.lock() {
            Ok(q) => q.recv(),
            Err(poisoned) => poisoned.into_inner().recv(),
        };
        match next {
            Ok(job) => job(),
            Err(_) => return,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_full_queue_refuses_at_once_and_drains_afterwards() {
        let pool = CpuPool::new();
        let threads = cores();
        // Occupy every thread and wait until each has really started...
        let (started, started_rx) = std::sync::mpsc::channel::<()>();
        let (release, blocked) = std::sync::mpsc::channel::<()>();
        let blocked = Arc::new(Mutex::new(blocked));
        for _ in 0..threads {
            let (started, blocked) = (started.clone(), blocked.clone());
            let job: Job = Box::new(move || {
                started.send(()).unwrap();
                let _ = blocked.lock().unwrap().recv();
            });
            assert!(pool.jobs.try_send(job).is_ok());
        }
        for _ in 0..threads {
            started_rx.recv_timeout(std::time::Duration::from_secs(5)).unwrap();
        }
        // ...then fill the queue behind them.
        for _ in 0..threads * QUEUE_PER_THREAD {
            assert!(pool.jobs.try_send(Box::new(|| ())).is_ok());
        }
        assert!(matches!(pool.run(|| ()).await, Err(CpuError::Busy)));
        for _ in 0..threads {
            release.send(()).unwrap();
        }
        // The queue drains once the threads are free.
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(5);
        loop {
            match pool.run(|| 6 * 7).await {
                Ok(answer) => break assert_eq!(answer, 42),
                Err(CpuError::Busy) if std::time::Instant::now() < deadline => tokio::task::yield_now().await,
                Err(e) => panic!("{e}"),
            }
        }
    }
}
