//! The client's address, for per-address limits.
//!
//! It is the socket's peer unless that peer is one of the proxies named in
//! `REGISTRY_TRUSTED_PROXIES`: then `X-Forwarded-For` is read from the right,
//! skipping trusted proxies, and the first address not among them is the
//! client. Entries left of that are whatever the client chose to send and are
//! never believed. Without trusted proxies the header is ignored entirely,
//! since anyone can send it.

use std::net::{IpAddr, SocketAddr};

use axum::{
    extract::{ConnectInfo, FromRequestParts},
    http::{HeaderMap, request::Parts},
};
use ipnet::IpNet;

use crate::{foundation::error::AppError, platform::state::AppState};

pub struct ClientAddr(pub IpAddr);

impl FromRequestParts<AppState> for ClientAddr {
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Self::Rejection> {
        let peer = parts
            .extensions
            .get::<ConnectInfo<SocketAddr>>()
            .map(|ConnectInfo(addr)| addr.ip().to_canonical())
            .ok_or_else(|| anyhow::anyhow!("the connection's peer address is missing"))?;
        Ok(Self(client_addr(peer, &parts.headers, &state.config.trusted_proxies)))
    }
}

fn client_addr(peer: IpAddr, headers: &HeaderMap, trusted: &[IpNet]) -> IpAddr {
    let is_trusted = |ip: &IpAddr| trusted.iter().any(|net| net.contains(ip));
    if !is_trusted(&peer) {
        return peer;
    }
    let forwarded = headers
        .get_all("x-forwarded-for")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .map(str::trim)
        .collect::<Vec<_>>();
    let mut client = peer;
    for hop in forwarded.iter().rev() {
        let Ok(ip) = hop.parse::<IpAddr>().map(|ip| ip.to_canonical()) else { break };
        client = ip;
        if !is_trusted(&ip) {
            break;
        }
    }
    client
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(xff: &str) -> HeaderMap {
        let mut h = HeaderMap::new();
        h.insert("x-forwarded-for", xff.parse().unwrap());
        h
    }

    fn ip(s: &str) -> IpAddr {
        s.parse().unwrap()
    }

    #[test]
    fn without_trusted_proxies_the_header_is_ignored() {
        assert_eq!(client_addr(ip("203.0.113.9"), &headers("198.51.100.1"), &[]), ip("203.0.113.9"));
    }

    #[test]
    fn behind_a_trusted_proxy_the_nearest_untrusted_hop_is_the_client() {
        let trusted = ["10.0.0.0/8".parse().unwrap()];
        let h = headers("1.2.3.4, 198.51.100.7, 10.0.0.3");
        assert_eq!(client_addr(ip("10.0.0.2"), &h, &trusted), ip("198.51.100.7"));
    }

    #[test]
    fn a_spoofed_header_from_an_untrusted_peer_is_not_believed() {
        let trusted = ["10.0.0.0/8".parse().unwrap()];
        assert_eq!(client_addr(ip("198.51.100.7"), &headers("10.0.0.5"), &trusted), ip("198.51.100.7"));
    }

    #[test]
    fn garbage_in_the_header_stops_the_walk_at_the_last_good_hop() {
        let trusted = ["10.0.0.0/8".parse().unwrap()];
        assert_eq!(client_addr(ip("10.0.0.2"), &headers("not-an-ip"), &trusted), ip("10.0.0.2"));
    }
}
