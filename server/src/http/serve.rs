//! The listener loop: hyper's HTTP/1 connections with the limits that
//! `axum::serve` does not expose.
//!
//! - A client must send a request's headers within `header_read_timeout`,
//!   and an idle kept-alive connection is closed after the same time (hyper
//!   starts the header timer again whenever a connection waits for its next
//!   request): a slow-headers attack cannot hold connections open.
//! - At most `max_connections` are served at once, and at most
//!   `max_per_client` from one address (a trusted proxy's connections carry
//!   many clients and count against the total only). Beyond that a
//!   connection gets a short 503 in the JSON envelope and is closed at once,
//!   so the excess costs a file descriptor for microseconds, not until it
//!   gives up: one address opening a thousand slow requests leaves every
//!   other address served.

use std::{future::Future, sync::Arc, time::Duration};

use axum::{
    Router,
    extract::{ConnectInfo, Request},
};
use hyper::body::Incoming;
use hyper_util::{
    rt::{TokioIo, TokioTimer},
    server::graceful::GracefulShutdown,
    service::TowerToHyperService,
};
use tokio::{
    io::{AsyncReadExt, AsyncWriteExt},
    net::TcpListener,
    sync::Semaphore,
};
use tower::ServiceExt;

#[derive(Clone, Debug)]
pub struct ConnectionLimits {
    pub header_read_timeout: Duration,
    pub max_connections: usize,
    /// Connections one address may hold at once.
    pub max_per_client: usize,
    /// Proxies whose connections are not counted per address.
    pub trusted_proxies: Vec<ipnet::IpNet>,
    /// After the shutdown signal, how long connections with requests in flight may stay.
    pub drain: Duration,
}

/// Connections held per client address; an entry goes when its last
/// connection closes.
#[derive(Default)]
struct PerClient(std::sync::Mutex<std::collections::HashMap<std::net::IpAddr, usize>>);

impl PerClient {
    /// Count one more connection from `ip`, unless it holds `max` already.
    fn take(self: &Arc<Self>, ip: std::net::IpAddr, max: usize) -> Option<ClientSlot> {
        let mut held = self.0.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        let count = held.entry(ip).or_insert(0);
        if *count >= max {
            return None;
        }
        *count += 1;
        Some(ClientSlot { clients: self.clone(), ip })
    }
}

/// One counted connection; dropping it gives the slot back.
struct ClientSlot {
    clients: Arc<PerClient>,
    ip: std::net::IpAddr,
}

impl Drop for ClientSlot {
    fn drop(&mut self) {
        let mut held = self.clients.0.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        if let Some(count) = held.get_mut(&self.ip) {
            *count -= 1;
            if *count == 0 {
                held.remove(&self.ip);
            }
        }
    }
}

/// Headers (request line included) larger than this are refused by hyper
/// itself with an empty 431; below it, `limits::request_size` answers 414 and
/// 431 in the JSON envelope for anything over the limits we mean to enforce.
const MAX_HEAD_BYTES: usize = 64 * 1024;

pub async fn serve(
    router: Router,
    listener: TcpListener,
    limits: ConnectionLimits,
    shutdown: impl Future<Output = ()>,
) -> std::io::Result<()> {
    let slots = Arc::new(Semaphore::new(limits.max_connections));
    let per_client = Arc::new(PerClient::default());
    let graceful = GracefulShutdown::new();
    let mut http = hyper::server::conn::http1::Builder::new();
    http.timer(TokioTimer::new())
        .header_read_timeout(limits.header_read_timeout)
        .max_buf_size(MAX_HEAD_BYTES)
        .keep_alive(true);
    // After the signal, what the kernel has already accepted for us is still served (one
    // request each, then closed): closing the listener would reset those connections, and a
    // proxy that had sent a POST on one could not pass it on to another instance.
    let mut last_requests = http.clone();
    last_requests.keep_alive(false);
    tokio::pin!(shutdown);
    let mut draining = false;
    loop {
        let (stream, peer) = if draining {
            match tokio::time::timeout(Duration::ZERO, listener.accept()).await {
                Ok(Ok(pair)) => pair,
                _ => break,
            }
        } else {
            tokio::select! {
                accepted = listener.accept() => match accepted {
                    Ok(pair) => pair,
                    Err(e) => {
                        // Out of file descriptors and the like: back off instead
                        // of spinning; the error is the process's, not a client's.
                        tracing::warn!(error = %e, "accepting a connection failed");
                        tokio::time::sleep(Duration::from_millis(50)).await;
                        continue;
                    }
                },
                () = &mut shutdown => {
                    draining = true;
                    continue;
                }
            }
        };
        let ip = peer.ip().to_canonical();
        let client_slot = if limits.trusted_proxies.iter().any(|proxy| proxy.contains(&ip)) {
            None
        } else {
            let Some(slot) = per_client.take(ip, limits.max_per_client) else {
                tokio::spawn(refuse(stream));
                continue;
            };
            Some(slot)
        };
        let Ok(slot) = slots.clone().try_acquire_owned() else {
            tokio::spawn(refuse(stream));
            continue;
        };
        let _ = stream.set_nodelay(true);
        let service = router.clone().map_request(move |mut request: Request<Incoming>| {
            request.extensions_mut().insert(ConnectInfo(peer));
            request
        });
        let service = TowerToHyperService::new(service);
        let connection: std::pin::Pin<Box<dyn Future<Output = hyper::Result<()>> + Send>> = if draining {
            Box::pin(last_requests.serve_connection(TokioIo::new(stream), service))
        } else {
            Box::pin(graceful.watch(http.serve_connection(TokioIo::new(stream), service)))
        };
        tokio::spawn(async move {
            if let Err(e) = connection.await {
                tracing::debug!(error = %e, %peer, "connection ended with an error");
            }
            drop(slot);
            drop(client_slot);
        });
    }
    drop(listener);
    // Every connection holds a slot until it ends: all slots back means all answered.
    let all_answered = async {
        graceful.shutdown().await;
        let every = u32::try_from(limits.max_connections).unwrap_or(u32::MAX);
        let _ = slots.acquire_many(every).await;
    };
    tokio::select! {
        () = all_answered => {}
        () = tokio::time::sleep(limits.drain) => tracing::warn!("connections still open after the shutdown grace; closing"),
    }
    Ok(())
}

/// Answer a connection over the cap with 503 and close it, without reading
/// its request. Bounded in time, so a peer that does not read cannot hold it.
async fn refuse(mut stream: tokio::net::TcpStream) {
    // Sent before the request is read, so in English; `messageCode` lets a client show its own text.
    const BODY: &str =
        r#"{"message":"The server is busy. Please try again in a moment.","code":"busy","messageCode":"busy"}"#;
    let response = format!(
        "HTTP/1.1 503 Service Unavailable\r\ncontent-type: application/json\r\nretry-after: 1\r\n\
         connection: close\r\ncontent-length: {}\r\n\r\n{BODY}",
        BODY.len()
    );
    // Write, close our side, then read and discard briefly: closing with the
    // request still unread makes the kernel reset the connection, and the
    // client would see a reset instead of the 503.
    let _ = tokio::time::timeout(Duration::from_secs(1), async {
        stream.write_all(response.as_bytes()).await?;
        stream.shutdown().await?;
        let mut sink = [0u8; 1024];
        while stream.read(&mut sink).await? > 0 {}
        Ok::<_, std::io::Error>(())
    })
    .await;
}
