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

#[cfg(test)]
mod properties {
    use std::net::{Ipv4Addr, Ipv6Addr};

    use axum::http::HeaderValue;
    use proptest::prelude::*;

    use super::*;

    /// The proxies these properties trust: a private IPv4 and a private IPv6 range.
    fn trusted() -> Vec<IpNet> {
        vec!["10.0.0.0/8".parse().expect("a network"), "fd00::/8".parse().expect("a network")]
    }

    fn is_trusted(ip: &IpAddr) -> bool {
        trusted().iter().any(|net| net.contains(ip))
    }

    /// An address inside the trusted ranges, in its canonical form.
    fn trusted_ip() -> impl Strategy<Value = IpAddr> {
        prop_oneof![
            any::<u32>().prop_map(|n| IpAddr::V4(Ipv4Addr::from((n & 0x00ff_ffff) | 0x0a00_0000))),
            any::<u128>().prop_map(|n| IpAddr::V6(Ipv6Addr::from((n & (u128::MAX >> 8)) | (0xfd << 120)))),
        ]
    }

    /// Any address whose canonical form is outside the trusted ranges.
    fn untrusted_ip() -> impl Strategy<Value = IpAddr> {
        any::<IpAddr>().prop_filter("outside the trusted ranges", |ip| !is_trusted(&ip.to_canonical()))
    }

    /// How a proxy may write `ip` in the header: as it is, or an IPv4 address as IPv4-mapped IPv6.
    fn written(ip: IpAddr) -> impl Strategy<Value = String> {
        let mapped = match ip {
            IpAddr::V4(v4) => v4.to_ipv6_mapped().to_string(),
            IpAddr::V6(_) => ip.to_string(),
        };
        prop_oneof![Just(ip.to_string()), Just(mapped)]
    }

    /// Entries a client may put left of the first hop we see: anything printable, even garbage.
    fn client_chosen() -> impl Strategy<Value = Vec<String>> {
        proptest::collection::vec(prop_oneof!["[!-+\\--~]{0,16}", any::<IpAddr>().prop_map(|ip| ip.to_string())], 0..4)
    }

    /// An entry that is no address: the walk stops there.
    fn garbage() -> impl Strategy<Value = String> {
        prop_oneof![
            Just(String::new()),
            Just("unknown".to_owned()),
            Just("10.0.0.1:8080".to_owned()),
            Just("[fd00::1]".to_owned()),
            Just("10.0.0".to_owned()),
            "[g-z_]{1,12}",
        ]
    }

    /// `entries` as `X-Forwarded-For` headers: joined with commas and any spacing, and split
    /// over several header lines where `breaks` says (a proxy may append its own line).
    fn headers(entries: &[String], separators: &[&str], breaks: &[bool]) -> HeaderMap {
        let mut lines: Vec<String> = Vec::new();
        for (i, entry) in entries.iter().enumerate() {
            if i > 0 && !breaks[i % breaks.len()] {
                let line = lines.last_mut().expect("a line to join");
                line.push_str(separators[i % separators.len()]);
                line.push_str(entry);
            } else {
                lines.push(entry.clone());
            }
        }
        let mut h = HeaderMap::new();
        for line in lines {
            h.append("x-forwarded-for", HeaderValue::from_str(&line).expect("printable ASCII"));
        }
        h
    }

    fn separators() -> impl Strategy<Value = Vec<&'static str>> {
        proptest::collection::vec(prop_oneof![Just(","), Just(", "), Just(" , "), Just(",\t")], 1..6)
    }

    fn breaks() -> impl Strategy<Value = Vec<bool>> {
        proptest::collection::vec(any::<bool>(), 1..6)
    }

    proptest! {
        #[test]
        fn any_header_and_any_proxies_are_answered_without_a_panic(
            peer in any::<IpAddr>(),
            lines in proptest::collection::vec(proptest::collection::vec(any::<u8>(), 0..40), 0..4),
            nets in proptest::collection::vec((any::<IpAddr>(), 0u8..=128), 0..4),
        ) {
            let trusted: Vec<IpNet> = nets
                .into_iter()
                .filter_map(|(ip, prefix)| IpNet::new(ip, prefix).ok())
                .chain([IpNet::from(peer)])
                .collect();
            let mut h = HeaderMap::new();
            for line in lines {
                if let Ok(value) = HeaderValue::from_bytes(&line) {
                    h.append("x-forwarded-for", value);
                }
            }
            let _ = client_addr(peer, &h, &trusted);
        }

        #[test]
        fn without_trusted_proxies_the_peer_is_the_client(
            peer in any::<IpAddr>(),
            entries in client_chosen(),
            seps in separators(),
            br in breaks(),
        ) {
            prop_assert_eq!(client_addr(peer, &headers(&entries, &seps, &br), &[]), peer);
        }

        #[test]
        fn an_untrusted_peer_is_the_client_whatever_it_forwards(
            peer in untrusted_ip().prop_map(|ip| ip.to_canonical()),
            entries in client_chosen(),
            hops in proptest::collection::vec(trusted_ip(), 0..3),
            seps in separators(),
            br in breaks(),
        ) {
            let mut entries = entries;
            entries.extend(hops.iter().map(ToString::to_string));
            prop_assert_eq!(client_addr(peer, &headers(&entries, &seps, &br), &trusted()), peer);
        }

        /// Read from the right, trusted proxies are skipped and the first address not among
        /// them is the client; what the client wrote left of it is never read.
        #[test]
        fn behind_trusted_proxies_the_right_most_untrusted_hop_is_the_client(
            peer in trusted_ip(),
            left in client_chosen(),
            (client, client_written) in untrusted_ip().prop_flat_map(|ip| (Just(ip), written(ip))),
            hops in proptest::collection::vec(trusted_ip().prop_flat_map(written), 0..4),
            seps in separators(),
            br in breaks(),
        ) {
            let mut entries = left;
            entries.push(client_written);
            entries.extend(hops);
            prop_assert_eq!(client_addr(peer, &headers(&entries, &seps, &br), &trusted()), client.to_canonical());
        }

        /// When every hop is a trusted proxy, or the walk from the right meets an entry that is
        /// no address, the last address read (the left-most good hop, or the peer) is the client.
        #[test]
        fn the_walk_stops_at_the_last_good_hop(
            peer in trusted_ip(),
            left in client_chosen(),
            stop in proptest::option::of(garbage()),
            hops in proptest::collection::vec(trusted_ip().prop_flat_map(|ip| (Just(ip), written(ip))), 0..4),
            seps in separators(),
            br in breaks(),
        ) {
            let expected = hops.first().map_or(peer, |(ip, _)| *ip);
            let mut entries = Vec::new();
            if let Some(stop) = stop {
                entries.extend(left);
                entries.push(stop);
            }
            entries.extend(hops.into_iter().map(|(_, text)| text));
            prop_assert_eq!(client_addr(peer, &headers(&entries, &seps, &br), &trusted()), expected);
        }
    }
}
