//! Typed configuration: defaults, then an optional TOML file (`REGISTRY_CONFIG`),
//! then `REGISTRY_*` environment variables. Every problem is collected and
//! reported at start-up, so an operator fixes them all in one go.

use std::{collections::BTreeMap, fmt, net::SocketAddr, path::PathBuf};

use serde::Deserialize;

/// A value that must never reach a log line or an error message.
#[derive(Clone, Default, PartialEq, Eq)]
pub struct Secret(String);

impl Secret {
    pub fn new(value: impl Into<String>) -> Self {
        Self(value.into())
    }
    pub fn expose(&self) -> &str {
        &self.0
    }
}

impl fmt::Debug for Secret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("[redacted]")
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    Dev,
    Prod,
}

#[derive(Clone, Debug)]
pub enum EmailProvider {
    /// Messages are only recorded in the outbox (and visible in the dev mailbox).
    Outbox,
    Smtp {
        url: Secret,
    },
}

/// Who sends SMS (one-time codes, transfer notices).
#[derive(Clone, Debug)]
pub enum SmsProvider {
    /// Messages are only recorded in the outbox (the dev mailbox shows them).
    Outbox,
    /// Twilio's Messages REST API.
    Twilio {
        account_sid: String,
        auth_token: Secret,
        from: String,
        /// `https://api.twilio.com/` unless a test points it at a fake.
        api_base: url::Url,
    },
}

/// Who takes card payments.
#[derive(Clone, Debug)]
pub enum PaymentsProvider {
    /// The offline processor built into the server (test-mode behaviour, no network).
    Local,
    /// Stripe's API, in test mode.
    Stripe {
        secret_key: Secret,
        publishable_key: String,
        webhook_secret: Secret,
        /// `https://api.stripe.com` unless a test points it at a fake.
        api_base: url::Url,
    },
}

/// Who checks identity documents.
#[derive(Clone, Debug)]
pub enum IdentityProviderConfig {
    /// A hosted page served by this server that behaves like the provider's
    /// test mode (the tester chooses the outcome).
    Local,
    /// Stripe Identity's `VerificationSessions`, in test mode.
    Stripe { secret_key: Secret, webhook_secret: Secret, api_base: url::Url },
}

#[derive(Clone, Debug)]
pub struct Config {
    pub database_url: Secret,
    /// A streaming replica of the PostgreSQL primary for the public reads
    /// (`REGISTRY_DATABASE_READ_URL`; none when unset).
    pub database_read_url: Option<Secret>,
    /// A replica behind by more than this is left out until it catches up
    /// (`REGISTRY_REPLICA_MAX_LAG_SECS`, 5).
    pub replica_max_lag: std::time::Duration,
    /// How often a signed tree head of the transparency log is published
    /// (`REGISTRY_TRANSPARENCY_PERIOD`, seconds, 3600).
    pub transparency_period: std::time::Duration,
    pub addr: SocketAddr,
    pub data_dir: PathBuf,
    pub web_dir: PathBuf,
    pub public_url: url::Url,
    pub mode: Mode,
    pub email: EmailProvider,
    pub sms: SmsProvider,
    /// How many search totals to keep (0: count every time).
    pub search_count_cache: usize,
    pub payments: PaymentsProvider,
    /// Identity checks (`REGISTRY_IDENTITY`).
    pub identity: IdentityProviderConfig,
    /// Proxies whose `X-Forwarded-For` names the client (`REGISTRY_TRUSTED_PROXIES`).
    pub trusted_proxies: Vec<ipnet::IpNet>,
    /// A client must send a request's headers within this time, and a
    /// kept-alive connection is closed after this long without a request.
    pub header_read_timeout: std::time::Duration,
    /// Connections served at once; more are answered 503 and closed.
    pub max_connections: usize,
    /// Connections one client address may hold at once (`REGISTRY_MAX_CONNECTIONS_PER_CLIENT`, 64);
    /// a trusted proxy's are counted in the total only.
    pub max_connections_per_client: usize,
    /// After SIGTERM, how long requests in flight may take to finish
    /// (`REGISTRY_SHUTDOWN_GRACE_SECS`, 20) before their connections close.
    pub shutdown_grace: std::time::Duration,
    /// Where `/metrics` is served, on a listener of its own (`REGISTRY_METRICS_ADDR`;
    /// off when unset). Keep it where only the monitoring reaches it.
    pub metrics_addr: Option<SocketAddr>,
    /// An ordinary request body must arrive within this time, and an upload
    /// gets it as grace before its minimum rate counts (`REGISTRY_BODY_READ_TIMEOUT_SECS`, 10).
    pub body_read_timeout: std::time::Duration,
    /// The average rate an upload's body must keep after the grace
    /// (`REGISTRY_UPLOAD_MIN_BYTES_PER_SEC`, 32 KiB/s).
    pub upload_min_bytes_per_sec: u64,
    /// Where documents are stored (`REGISTRY_STORAGE_URL`): `file://DIR` or
    /// `s3://bucket/prefix` (credentials and endpoint from `AWS_*`).
    pub storage_url: url::Url,
    /// The certificates' Ed25519 key (`REGISTRY_SIGNING_KEY`, 32 bytes in
    /// base64); without it, a key is made in the data directory on first start.
    pub signing_key: Option<Secret>,
    /// Offline providers named in prod mode (a demonstration), reported by
    /// `/readyz` and logged at start.
    pub warnings: Vec<String>,
    /// The country calling codes one-time codes may be texted to
    /// (`REGISTRY_SMS_COUNTRY_PREFIXES`, default the registry's 11 countries).
    pub sms_prefixes: Vec<String>,
    /// What texting one-time codes may cost (`otp`).
    pub code_budgets: CodeBudgets,
    /// Where people write about disputes and for support (`REGISTRY_SUPPORT_EMAIL`; required
    /// in prod, `support@registry.example` in dev): printed on certificates, shown on `/verify`,
    /// the contact page and the privacy page.
    pub support_email: String,
}

/// The budgets for texting one-time codes that are configuration (the rest
/// are fixed in `otp`). The defaults are what a person needs; the browser
/// tests, which sell the one demo owner's boats from one address all day,
/// raise them.
#[derive(Clone, Copy, Debug)]
pub struct CodeBudgets {
    /// Codes one account may have texted a day (`REGISTRY_CODES_PER_ACCOUNT_PER_DAY`, 10).
    pub per_account_per_day: i64,
    /// Distinct numbers one account may have texted a day (`REGISTRY_CODE_NUMBERS_PER_ACCOUNT_PER_DAY`, 3).
    pub numbers_per_account_per_day: i64,
    /// Codes asked for from one client address an hour (`REGISTRY_CODES_PER_CLIENT_PER_HOUR`, 20).
    pub per_client_per_hour: i64,
}

impl Config {
    /// The origin (`scheme://host[:port]`) browsers send in the `Origin` header.
    pub fn public_origin(&self) -> String {
        self.public_url.origin().ascii_serialization()
    }

    pub fn secure_cookies(&self) -> bool {
        self.public_url.scheme() == "https"
    }

    pub fn is_dev(&self) -> bool {
        self.mode == Mode::Dev
    }

    /// A link into the web app, for emails and SMS.
    pub fn link(&self, path_and_query: &str) -> String {
        format!("{}{}", self.public_origin(), path_and_query)
    }

    /// Load from the process environment.
    pub fn from_env() -> Result<Self, ConfigErrors> {
        Self::load(&std::env::vars().collect())
    }

    /// Load from an explicit variable map (tests use this).
    pub fn load(env: &BTreeMap<String, String>) -> Result<Self, ConfigErrors> {
        let mut errors = Vec::new();
        let mut raw = RawConfig::default();
        if let Some(path) = env.get("REGISTRY_CONFIG") {
            match std::fs::read_to_string(path) {
                Ok(text) => match toml::from_str::<RawConfig>(&text) {
                    Ok(file) => raw = file,
                    Err(e) => errors.push(format!("REGISTRY_CONFIG {path}: {e}")),
                },
                Err(e) => errors.push(format!("REGISTRY_CONFIG {path}: cannot read: {e}")),
            }
        }
        raw.overlay_env(env);
        match raw.validate() {
            Ok(config) if errors.is_empty() => Ok(config),
            Ok(_) => Err(ConfigErrors(errors)),
            Err(ConfigErrors(more)) => {
                errors.extend(more);
                Err(ConfigErrors(errors))
            }
        }
    }
}

#[derive(Debug)]
pub struct ConfigErrors(pub Vec<String>);

impl fmt::Display for ConfigErrors {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "invalid configuration:")?;
        for e in &self.0 {
            writeln!(f, "  - {e}")?;
        }
        Ok(())
    }
}

impl std::error::Error for ConfigErrors {}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawConfig {
    database_url: Option<String>,
    database_read_url: Option<String>,
    replica_max_lag_secs: Option<String>,
    transparency_period: Option<String>,
    addr: Option<String>,
    data_dir: Option<String>,
    web_dir: Option<String>,
    public_url: Option<String>,
    mode: Option<String>,
    email: Option<String>,
    smtp_url: Option<String>,
    search_count_cache: Option<String>,
    payments: Option<String>,
    stripe_secret_key: Option<String>,
    stripe_publishable_key: Option<String>,
    stripe_webhook_secret: Option<String>,
    stripe_api_base: Option<String>,
    identity: Option<String>,
    stripe_identity_webhook_secret: Option<String>,
    trusted_proxies: Option<String>,
    header_read_timeout_secs: Option<String>,
    max_connections: Option<String>,
    max_connections_per_client: Option<String>,
    shutdown_grace_secs: Option<String>,
    metrics_addr: Option<String>,
    body_read_timeout_secs: Option<String>,
    upload_min_bytes_per_sec: Option<String>,
    sms: Option<String>,
    twilio_account_sid: Option<String>,
    twilio_auth_token: Option<String>,
    twilio_from: Option<String>,
    support_email: Option<String>,
    twilio_api_base: Option<String>,
    storage_url: Option<String>,
    signing_key: Option<String>,
    allow_offline_providers: Option<String>,
    sms_country_prefixes: Option<String>,
    codes_per_account_per_day: Option<String>,
    code_numbers_per_account_per_day: Option<String>,
    codes_per_client_per_hour: Option<String>,
}

/// Whether a URL's host is this machine (`localhost` or a loopback address).
fn loopback_host(url: &url::Url) -> bool {
    match url.host() {
        Some(url::Host::Domain(d)) => d.eq_ignore_ascii_case("localhost"),
        Some(url::Host::Ipv4(ip)) => ip.is_loopback(),
        Some(url::Host::Ipv6(ip)) => ip.is_loopback(),
        None => false,
    }
}

impl RawConfig {
    fn overlay_env(&mut self, env: &BTreeMap<String, String>) {
        let fields: [(&str, &mut Option<String>); 40] = [
            ("REGISTRY_DATABASE_URL", &mut self.database_url),
            ("REGISTRY_DATABASE_READ_URL", &mut self.database_read_url),
            ("REGISTRY_REPLICA_MAX_LAG_SECS", &mut self.replica_max_lag_secs),
            ("REGISTRY_TRANSPARENCY_PERIOD", &mut self.transparency_period),
            ("REGISTRY_ADDR", &mut self.addr),
            ("REGISTRY_DATA_DIR", &mut self.data_dir),
            ("REGISTRY_WEB_DIR", &mut self.web_dir),
            ("REGISTRY_PUBLIC_URL", &mut self.public_url),
            ("REGISTRY_MODE", &mut self.mode),
            ("REGISTRY_EMAIL", &mut self.email),
            ("REGISTRY_SMTP_URL", &mut self.smtp_url),
            ("REGISTRY_SEARCH_COUNT_CACHE", &mut self.search_count_cache),
            ("REGISTRY_PAYMENTS", &mut self.payments),
            ("REGISTRY_STRIPE_SECRET_KEY", &mut self.stripe_secret_key),
            ("REGISTRY_STRIPE_PUBLISHABLE_KEY", &mut self.stripe_publishable_key),
            ("REGISTRY_STRIPE_WEBHOOK_SECRET", &mut self.stripe_webhook_secret),
            ("REGISTRY_STRIPE_API_BASE", &mut self.stripe_api_base),
            ("REGISTRY_IDENTITY", &mut self.identity),
            ("REGISTRY_STRIPE_IDENTITY_WEBHOOK_SECRET", &mut self.stripe_identity_webhook_secret),
            ("REGISTRY_TRUSTED_PROXIES", &mut self.trusted_proxies),
            ("REGISTRY_HEADER_READ_TIMEOUT_SECS", &mut self.header_read_timeout_secs),
            ("REGISTRY_MAX_CONNECTIONS", &mut self.max_connections),
            ("REGISTRY_MAX_CONNECTIONS_PER_CLIENT", &mut self.max_connections_per_client),
            ("REGISTRY_SHUTDOWN_GRACE_SECS", &mut self.shutdown_grace_secs),
            ("REGISTRY_METRICS_ADDR", &mut self.metrics_addr),
            ("REGISTRY_BODY_READ_TIMEOUT_SECS", &mut self.body_read_timeout_secs),
            ("REGISTRY_UPLOAD_MIN_BYTES_PER_SEC", &mut self.upload_min_bytes_per_sec),
            ("REGISTRY_SMS", &mut self.sms),
            ("REGISTRY_TWILIO_ACCOUNT_SID", &mut self.twilio_account_sid),
            ("REGISTRY_TWILIO_AUTH_TOKEN", &mut self.twilio_auth_token),
            ("REGISTRY_TWILIO_FROM", &mut self.twilio_from),
            ("REGISTRY_SUPPORT_EMAIL", &mut self.support_email),
            ("REGISTRY_TWILIO_API_BASE", &mut self.twilio_api_base),
            ("REGISTRY_STORAGE_URL", &mut self.storage_url),
            ("REGISTRY_SIGNING_KEY", &mut self.signing_key),
            ("REGISTRY_ALLOW_OFFLINE_PROVIDERS", &mut self.allow_offline_providers),
            ("REGISTRY_SMS_COUNTRY_PREFIXES", &mut self.sms_country_prefixes),
            ("REGISTRY_CODES_PER_ACCOUNT_PER_DAY", &mut self.codes_per_account_per_day),
            ("REGISTRY_CODE_NUMBERS_PER_ACCOUNT_PER_DAY", &mut self.code_numbers_per_account_per_day),
            ("REGISTRY_CODES_PER_CLIENT_PER_HOUR", &mut self.codes_per_client_per_hour),
        ];
        for (name, slot) in fields {
            if let Some(value) = env.get(name).filter(|v| !v.trim().is_empty()) {
                *slot = Some(value.trim().to_owned());
            }
        }
    }

    fn validate(self) -> Result<Config, ConfigErrors> {
        let mut errors = Vec::new();

        let database_url = self.database_url.unwrap_or_else(|| "sqlite://data/registry.db".into());
        if !(database_url.starts_with("sqlite:")
            || database_url.starts_with("postgres://")
            || database_url.starts_with("postgresql://"))
        {
            errors.push("REGISTRY_DATABASE_URL must start with sqlite:, postgres:// or postgresql://".into());
        }
        let postgres = |url: &str| url.starts_with("postgres://") || url.starts_with("postgresql://");
        if let Some(read_url) = &self.database_read_url
            && !(postgres(read_url) && postgres(&database_url))
        {
            errors.push(
                "REGISTRY_DATABASE_READ_URL names a PostgreSQL replica (postgres://) of a PostgreSQL \
                 REGISTRY_DATABASE_URL"
                    .into(),
            );
        }

        let metrics_addr = match self.metrics_addr.as_deref().map(str::trim).filter(|a| !a.is_empty()) {
            None => None,
            Some(text) => {
                let parsed = text.parse::<SocketAddr>().ok();
                if parsed.is_none() {
                    errors.push(format!("REGISTRY_METRICS_ADDR '{text}' is not an address like 127.0.0.1:9100"));
                }
                parsed
            }
        };
        let addr_text = self.addr.unwrap_or_else(|| "127.0.0.1:8080".into());
        let addr = addr_text.parse::<SocketAddr>().unwrap_or_else(|_| {
            errors.push(format!("REGISTRY_ADDR '{addr_text}' is not an address like 127.0.0.1:8080"));
            SocketAddr::from(([127, 0, 0, 1], 8080))
        });

        let public_text = self.public_url.unwrap_or_else(|| "http://localhost:8080".into());
        let public_url = match url::Url::parse(&public_text) {
            Ok(u) if matches!(u.scheme(), "http" | "https") && u.host().is_some() => u,
            _ => {
                errors.push(format!("REGISTRY_PUBLIC_URL '{public_text}' must be an absolute http(s) URL"));
                url::Url::parse("http://localhost:8080").expect("static URL")
            }
        };

        let mode = match self.mode.as_deref().unwrap_or("dev") {
            "dev" => Mode::Dev,
            "prod" => Mode::Prod,
            other => {
                errors.push(format!("REGISTRY_MODE '{other}' must be dev or prod"));
                Mode::Dev
            }
        };

        // Dev mode serves the dev mailbox (every reset link in it) to anyone
        // who can reach the server: only ever on a loopback address.
        if mode == Mode::Dev && !addr.ip().is_loopback() {
            errors.push(format!(
                "REGISTRY_ADDR {addr} is not a loopback address, and dev mode (the default) must not be \
                 reachable from other machines: set REGISTRY_MODE=prod"
            ));
        }

        // Dev mode serves the dev mailbox and its reset links: never behind a
        // public address or a proxy that other machines reach. Loopback proxies
        // (a local cluster) stay allowed.
        if mode == Mode::Dev {
            if !loopback_host(&public_url) {
                errors.push(format!(
                    "REGISTRY_PUBLIC_URL {public_url} is not on this machine, and dev mode (the default) serves the \
                     dev mailbox: set REGISTRY_MODE=prod"
                ));
            }
        } else if public_url.scheme() == "http" && !loopback_host(&public_url) {
            // Session cookies and reset links must not travel in the clear.
            errors
                .push(format!("REGISTRY_PUBLIC_URL {public_url}: prod mode needs https:// (http:// only on loopback)"));
        }

        // In prod, providers that reach people or money have no defaults, and
        // the offline ones (card 4242 taken as payment, identity marked
        // verified by its holder) only when explicitly allowed, for a demonstration.
        let allow_offline = match self.allow_offline_providers.as_deref() {
            None | Some("false") => false,
            Some("true") => true,
            Some(other) => {
                errors.push(format!("REGISTRY_ALLOW_OFFLINE_PROVIDERS '{other}' must be true or false"));
                false
            }
        };
        let mut warnings = Vec::new();
        if mode == Mode::Prod {
            for (name, value, offline) in [
                ("REGISTRY_EMAIL", &self.email, "outbox"),
                ("REGISTRY_PAYMENTS", &self.payments, "local"),
                ("REGISTRY_SMS", &self.sms, "outbox"),
                ("REGISTRY_IDENTITY", &self.identity, "local"),
            ] {
                match value.as_deref() {
                    None => errors.push(format!("REGISTRY_MODE=prod needs {name} to be set (no default in prod)")),
                    Some(v) if v == offline && allow_offline => warnings
                        .push(format!("{name}={offline}: the offline provider in prod mode (demonstration only)")),
                    Some(v) if v == offline => errors.push(format!(
                        "{name}={offline} is the offline provider: refused in prod mode unless \
                         REGISTRY_ALLOW_OFFLINE_PROVIDERS=true (a demonstration)"
                    )),
                    Some(_) => {}
                }
            }
        }

        let email = match self.email.as_deref().unwrap_or("outbox") {
            "outbox" => EmailProvider::Outbox,
            "smtp" => match self.smtp_url {
                Some(url) if url.starts_with("smtp://") || url.starts_with("smtps://") => {
                    EmailProvider::Smtp { url: Secret::new(url) }
                }
                Some(_) => {
                    errors.push("REGISTRY_SMTP_URL must start with smtp:// or smtps://".into());
                    EmailProvider::Outbox
                }
                None => {
                    errors.push("REGISTRY_EMAIL=smtp needs REGISTRY_SMTP_URL".into());
                    EmailProvider::Outbox
                }
            },
            other => {
                errors.push(format!("REGISTRY_EMAIL '{other}' must be outbox or smtp"));
                EmailProvider::Outbox
            }
        };

        let sms = match self.sms.as_deref().unwrap_or("outbox") {
            "outbox" => SmsProvider::Outbox,
            "twilio" => {
                let mut required = |name: &str, value: Option<String>| {
                    value.unwrap_or_else(|| {
                        errors.push(format!("REGISTRY_SMS=twilio needs {name}"));
                        String::new()
                    })
                };
                let account_sid = required("REGISTRY_TWILIO_ACCOUNT_SID", self.twilio_account_sid);
                let auth_token = Secret::new(required("REGISTRY_TWILIO_AUTH_TOKEN", self.twilio_auth_token));
                let from = required("REGISTRY_TWILIO_FROM", self.twilio_from);
                let base_text = self.twilio_api_base.unwrap_or_else(|| "https://api.twilio.com/".into());
                let api_base = url::Url::parse(&base_text)
                    .ok()
                    .filter(|u| matches!(u.scheme(), "http" | "https"))
                    .unwrap_or_else(|| {
                        errors.push(format!("REGISTRY_TWILIO_API_BASE '{base_text}' must be an absolute http(s) URL"));
                        url::Url::parse("https://api.twilio.com/").expect("static URL")
                    });
                SmsProvider::Twilio { account_sid, auth_token, from, api_base }
            }
            other => {
                errors.push(format!("REGISTRY_SMS '{other}' must be outbox or twilio"));
                SmsProvider::Outbox
            }
        };

        let search_count_cache = match self.search_count_cache.as_deref().map(str::parse::<usize>) {
            None => 10_000,
            Some(Ok(n)) => n,
            Some(Err(_)) => {
                errors.push("REGISTRY_SEARCH_COUNT_CACHE must be a whole number of entries (0 turns it off)".into());
                0
            }
        };

        let stripe_api_base = {
            let base_text = self.stripe_api_base.clone().unwrap_or_else(|| "https://api.stripe.com".into());
            url::Url::parse(&base_text).ok().filter(|u| matches!(u.scheme(), "http" | "https")).unwrap_or_else(|| {
                errors.push(format!("REGISTRY_STRIPE_API_BASE '{base_text}' must be an absolute http(s) URL"));
                url::Url::parse("https://api.stripe.com").expect("static URL")
            })
        };

        let identity = match self.identity.as_deref().unwrap_or("local") {
            "local" => IdentityProviderConfig::Local,
            "stripe" => {
                let mut required = |name: &str, value: Option<String>| {
                    value.unwrap_or_else(|| {
                        errors.push(format!("REGISTRY_IDENTITY=stripe needs {name}"));
                        String::new()
                    })
                };
                let secret_key = required("REGISTRY_STRIPE_SECRET_KEY", self.stripe_secret_key.clone());
                let webhook_secret =
                    required("REGISTRY_STRIPE_IDENTITY_WEBHOOK_SECRET", self.stripe_identity_webhook_secret);
                IdentityProviderConfig::Stripe {
                    secret_key: Secret::new(secret_key),
                    webhook_secret: Secret::new(webhook_secret),
                    api_base: stripe_api_base.clone(),
                }
            }
            other => {
                errors.push(format!("REGISTRY_IDENTITY '{other}' must be local or stripe"));
                IdentityProviderConfig::Local
            }
        };

        let payments = match self.payments.as_deref().unwrap_or("local") {
            "local" => PaymentsProvider::Local,
            "stripe" => {
                let mut required = |name: &str, value: Option<String>| {
                    value.unwrap_or_else(|| {
                        errors.push(format!("REGISTRY_PAYMENTS=stripe needs {name}"));
                        String::new()
                    })
                };
                let secret_key = required("REGISTRY_STRIPE_SECRET_KEY", self.stripe_secret_key);
                let publishable_key = required("REGISTRY_STRIPE_PUBLISHABLE_KEY", self.stripe_publishable_key);
                let webhook_secret = required("REGISTRY_STRIPE_WEBHOOK_SECRET", self.stripe_webhook_secret);
                // The registry runs the card provider in test mode (spec section 9).
                if mode == Mode::Prod && !secret_key.is_empty() && !secret_key.starts_with("sk_test_") {
                    errors.push("REGISTRY_STRIPE_SECRET_KEY must be a test-mode key (sk_test_...)".into());
                }
                if !publishable_key.is_empty() && !publishable_key.starts_with("pk_") {
                    errors.push("REGISTRY_STRIPE_PUBLISHABLE_KEY must be a publishable key (pk_...)".into());
                }
                let api_base = stripe_api_base;
                PaymentsProvider::Stripe {
                    secret_key: Secret::new(secret_key),
                    publishable_key,
                    webhook_secret: Secret::new(webhook_secret),
                    api_base,
                }
            }
            other => {
                errors.push(format!("REGISTRY_PAYMENTS '{other}' must be local or stripe"));
                PaymentsProvider::Local
            }
        };

        let trusted_proxies = self
            .trusted_proxies
            .as_deref()
            .unwrap_or_default()
            .split(',')
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .filter_map(|cidr| {
                // A bare address is a proxy of its own (/32 or /128).
                let parsed =
                    cidr.parse::<ipnet::IpNet>().or_else(|_| cidr.parse::<std::net::IpAddr>().map(ipnet::IpNet::from));
                parsed
                    .map_err(|_| {
                        errors.push(format!("REGISTRY_TRUSTED_PROXIES: '{cidr}' is not a CIDR like 10.0.0.0/8"));
                    })
                    .ok()
            })
            .collect::<Vec<ipnet::IpNet>>();
        if mode == Mode::Dev {
            for proxy in trusted_proxies.iter().filter(|p| !(p.addr().is_loopback() && p.broadcast().is_loopback())) {
                errors.push(format!(
                    "REGISTRY_TRUSTED_PROXIES {proxy} is beyond loopback, and dev mode serves the dev mailbox: \
                     set REGISTRY_MODE=prod"
                ));
            }
        }

        let mut budget = |name: &str, value: Option<String>, default: i64| match value.as_deref().map(str::parse::<i64>)
        {
            None => default,
            Some(Ok(n)) if n > 0 => n,
            Some(_) => {
                errors.push(format!("{name} must be a positive whole number"));
                default
            }
        };
        let code_budgets = CodeBudgets {
            per_account_per_day: budget("REGISTRY_CODES_PER_ACCOUNT_PER_DAY", self.codes_per_account_per_day, 10),
            numbers_per_account_per_day: budget(
                "REGISTRY_CODE_NUMBERS_PER_ACCOUNT_PER_DAY",
                self.code_numbers_per_account_per_day,
                3,
            ),
            per_client_per_hour: budget("REGISTRY_CODES_PER_CLIENT_PER_HOUR", self.codes_per_client_per_hour, 20),
        };

        let sms_prefixes: Vec<String> = match self.sms_country_prefixes.as_deref() {
            None => crate::domain::SUPPORTED_PREFIXES.iter().map(|p| (*p).to_owned()).collect(),
            Some(list) => list
                .split(',')
                .map(str::trim)
                .filter(|p| !p.is_empty())
                .filter_map(|p| {
                    let digits = p.strip_prefix('+').unwrap_or_default();
                    let valid = (1..=3).contains(&digits.len()) && digits.bytes().all(|b| b.is_ascii_digit());
                    if !valid {
                        errors.push(format!("REGISTRY_SMS_COUNTRY_PREFIXES: '{p}' is not a calling code like +31"));
                    }
                    valid.then(|| p.to_owned())
                })
                .collect(),
        };

        let mut positive =
            |name: &str, value: Option<String>, default: u64| match value.as_deref().map(str::parse::<u64>) {
                None => default,
                Some(Ok(n)) if n > 0 => n,
                Some(_) => {
                    errors.push(format!("{name} must be a positive whole number"));
                    default
                }
            };
        let header_read_timeout = std::time::Duration::from_secs(positive(
            "REGISTRY_HEADER_READ_TIMEOUT_SECS",
            self.header_read_timeout_secs,
            10,
        ));
        let max_connections = positive("REGISTRY_MAX_CONNECTIONS", self.max_connections, 1000);
        let max_connections = usize::try_from(max_connections).unwrap_or(usize::MAX);
        let per_client = positive("REGISTRY_MAX_CONNECTIONS_PER_CLIENT", self.max_connections_per_client, 64);
        let max_connections_per_client = usize::try_from(per_client).unwrap_or(usize::MAX);
        let shutdown_grace =
            std::time::Duration::from_secs(positive("REGISTRY_SHUTDOWN_GRACE_SECS", self.shutdown_grace_secs, 20));
        let replica_max_lag =
            std::time::Duration::from_secs(positive("REGISTRY_REPLICA_MAX_LAG_SECS", self.replica_max_lag_secs, 5));
        let transparency_period =
            std::time::Duration::from_secs(positive("REGISTRY_TRANSPARENCY_PERIOD", self.transparency_period, 3600));
        let body_read_timeout = std::time::Duration::from_secs(positive(
            "REGISTRY_BODY_READ_TIMEOUT_SECS",
            self.body_read_timeout_secs,
            10,
        ));
        let upload_min_bytes_per_sec =
            positive("REGISTRY_UPLOAD_MIN_BYTES_PER_SEC", self.upload_min_bytes_per_sec, 32 * 1024);

        let data_dir = PathBuf::from(self.data_dir.unwrap_or_else(|| "data".into()));
        let storage_url = if let Some(raw) = self.storage_url {
            match url::Url::parse(&raw) {
                Ok(u) if u.scheme() == "s3" && u.host_str().is_some() => u,
                Ok(u) if u.scheme() == "file" => u,
                _ => {
                    errors.push("REGISTRY_STORAGE_URL must be file:///absolute/dir or s3://bucket[/prefix]".into());
                    url::Url::parse("file:///nonexistent").expect("a valid URL")
                }
            }
        } else {
            let dir = std::path::absolute(data_dir.join("objects")).unwrap_or_else(|_| data_dir.join("objects"));
            url::Url::from_directory_path(&dir).unwrap_or_else(|()| {
                errors.push("REGISTRY_DATA_DIR cannot be turned into a storage location".into());
                url::Url::parse("file:///nonexistent").expect("a valid URL")
            })
        };

        let support_email = match (self.support_email.as_deref().map(crate::domain::Email::parse), mode) {
            (Some(Ok(email)), _) => email.as_str().to_owned(),
            (Some(Err(_)), _) => {
                errors.push("REGISTRY_SUPPORT_EMAIL must be an email address".into());
                String::new()
            }
            (None, Mode::Prod) => {
                errors.push(
                    "REGISTRY_MODE=prod needs REGISTRY_SUPPORT_EMAIL (the address for disputes and support)".into(),
                );
                String::new()
            }
            (None, Mode::Dev) => "support@registry.example".to_owned(),
        };

        if !errors.is_empty() {
            return Err(ConfigErrors(errors));
        }
        Ok(Config {
            support_email,
            database_url: Secret::new(database_url),
            database_read_url: self.database_read_url.map(Secret::new),
            replica_max_lag,
            transparency_period,
            addr,
            data_dir,
            web_dir: PathBuf::from(self.web_dir.unwrap_or_else(|| "web/dist".into())),
            public_url,
            mode,
            email,
            sms,
            search_count_cache,
            payments,
            identity,
            trusted_proxies,
            sms_prefixes,
            code_budgets,
            header_read_timeout,
            max_connections,
            max_connections_per_client,
            shutdown_grace,
            metrics_addr,
            body_read_timeout,
            upload_min_bytes_per_sec,
            storage_url,
            signing_key: self.signing_key.map(Secret::new),
            warnings,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn env(pairs: &[(&str, &str)]) -> BTreeMap<String, String> {
        pairs.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect()
    }

    #[test]
    fn defaults_serve_sqlite_on_localhost_in_dev_mode() {
        let c = Config::load(&env(&[])).unwrap();
        assert_eq!(c.database_url.expose(), "sqlite://data/registry.db");
        assert_eq!(c.addr.to_string(), "127.0.0.1:8080");
        assert_eq!(c.public_origin(), "http://localhost:8080");
        assert_eq!(c.mode, Mode::Dev);
        assert!(!c.secure_cookies());
    }

    #[test]
    fn every_problem_is_listed_at_once() {
        let errors = Config::load(&env(&[
            ("REGISTRY_ADDR", "nowhere"),
            ("REGISTRY_MODE", "staging"),
            ("REGISTRY_EMAIL", "smtp"),
            ("REGISTRY_DATABASE_URL", "mysql://x"),
        ]))
        .unwrap_err();
        assert_eq!(errors.0.len(), 4, "{errors}");
    }

    #[test]
    fn a_secret_never_prints() {
        let c = Config::load(&env(&[("REGISTRY_DATABASE_URL", "postgres://u:hunter2@h/db")])).unwrap();
        assert!(!format!("{c:?}").contains("hunter2"));
    }

    #[test]
    fn stripe_needs_its_three_keys_and_a_test_key_in_prod() {
        let errors = Config::load(&env(&[("REGISTRY_PAYMENTS", "stripe")])).unwrap_err();
        assert_eq!(errors.0.len(), 3, "{errors}");
        let keys = [
            ("REGISTRY_PAYMENTS", "stripe"),
            ("REGISTRY_STRIPE_SECRET_KEY", "sk_live_abc"),
            ("REGISTRY_STRIPE_PUBLISHABLE_KEY", "pk_live_abc"),
            ("REGISTRY_STRIPE_WEBHOOK_SECRET", "whsec_abc"),
        ];
        assert!(Config::load(&env(&keys)).is_ok(), "dev mode lets a developer point at anything");
        let mut prod = keys.to_vec();
        prod.push(("REGISTRY_MODE", "prod"));
        prod.push(("REGISTRY_EMAIL", "outbox"));
        prod.push(("REGISTRY_SMS", "outbox"));
        prod.push(("REGISTRY_IDENTITY", "local"));
        prod.push(("REGISTRY_ALLOW_OFFLINE_PROVIDERS", "true"));
        prod.push(("REGISTRY_SUPPORT_EMAIL", "support@registry.example"));
        let errors = Config::load(&env(&prod)).unwrap_err();
        assert!(errors.to_string().contains("sk_test_"), "{errors}");
        prod[1].1 = "sk_test_abc";
        let c = Config::load(&env(&prod)).unwrap();
        assert!(!format!("{c:?}").contains("sk_test_abc") && !format!("{c:?}").contains("whsec_abc"));
    }

    #[test]
    fn the_support_address_is_an_email_and_has_a_default_only_in_dev() {
        assert_eq!(Config::load(&env(&[])).unwrap().support_email, "support@registry.example");
        let c = Config::load(&env(&[("REGISTRY_SUPPORT_EMAIL", " Help@Registry.EU ")])).unwrap();
        assert_eq!(c.support_email, "help@registry.eu");
        let errors = Config::load(&env(&[("REGISTRY_SUPPORT_EMAIL", "not an address")])).unwrap_err();
        assert!(errors.to_string().contains("REGISTRY_SUPPORT_EMAIL"), "{errors}");
    }

    #[test]
    fn dev_mode_refuses_to_listen_beyond_loopback() {
        let errors = Config::load(&env(&[("REGISTRY_ADDR", "0.0.0.0:8080")])).unwrap_err();
        assert!(errors.to_string().contains("REGISTRY_MODE=prod"), "{errors}");
        assert!(Config::load(&env(&[("REGISTRY_ADDR", "[::1]:8080")])).is_ok());
    }

    #[test]
    fn prod_mode_lists_every_provider_left_unnamed() {
        let errors = Config::load(&env(&[("REGISTRY_MODE", "prod"), ("REGISTRY_ADDR", "0.0.0.0:8080")])).unwrap_err();
        let text = errors.to_string();
        assert!(text.contains("REGISTRY_EMAIL") && text.contains("REGISTRY_PAYMENTS"), "{text}");
        assert!(text.contains("REGISTRY_SMS") && text.contains("REGISTRY_IDENTITY"), "{text}");
        assert!(text.contains("REGISTRY_SUPPORT_EMAIL"), "{text}");
        assert_eq!(errors.0.len(), 5, "{text}");
    }

    #[test]
    fn an_offline_provider_in_prod_is_refused_unless_allowed_for_a_demonstration() {
        let offline = [
            ("REGISTRY_MODE", "prod"),
            ("REGISTRY_EMAIL", "outbox"),
            ("REGISTRY_PAYMENTS", "local"),
            ("REGISTRY_SMS", "outbox"),
            ("REGISTRY_IDENTITY", "local"),
            ("REGISTRY_SUPPORT_EMAIL", "support@registry.example"),
        ];
        let errors = Config::load(&env(&offline)).unwrap_err().to_string();
        for name in ["REGISTRY_EMAIL", "REGISTRY_PAYMENTS", "REGISTRY_SMS", "REGISTRY_IDENTITY"] {
            assert!(errors.contains(&format!("{name}=")), "{name}: {errors}");
        }
        let mut allowed = offline.to_vec();
        allowed.push(("REGISTRY_ALLOW_OFFLINE_PROVIDERS", "true"));
        let c = Config::load(&env(&allowed)).unwrap();
        assert_eq!(c.warnings.len(), 4, "{:?}", c.warnings);
        assert!(Config::load(&env(&[])).unwrap().warnings.is_empty());
    }

    /// A prod demonstration behind `url`: every provider offline, allowed.
    fn prod(url: &'static str) -> Vec<(&'static str, &'static str)> {
        vec![
            ("REGISTRY_MODE", "prod"),
            ("REGISTRY_EMAIL", "outbox"),
            ("REGISTRY_PAYMENTS", "local"),
            ("REGISTRY_SMS", "outbox"),
            ("REGISTRY_IDENTITY", "local"),
            ("REGISTRY_ALLOW_OFFLINE_PROVIDERS", "true"),
            ("REGISTRY_SUPPORT_EMAIL", "support@registry.example"),
            ("REGISTRY_PUBLIC_URL", url),
        ]
    }

    #[test]
    fn prod_needs_https_beyond_loopback_and_dev_stays_on_loopback() {
        assert!(Config::load(&env(&prod("http://registry.example/"))).unwrap_err().to_string().contains("https"));
        for fine in ["https://registry.example/", "http://127.0.0.1:8080", "http://localhost:8080"] {
            assert!(Config::load(&env(&prod(fine))).is_ok(), "{fine}");
        }
        let errors = Config::load(&env(&[("REGISTRY_PUBLIC_URL", "https://registry.example/")])).unwrap_err();
        assert!(errors.to_string().contains("dev mailbox"), "{errors}");
        let errors = Config::load(&env(&[("REGISTRY_TRUSTED_PROXIES", "10.0.0.0/8")])).unwrap_err();
        assert!(errors.to_string().contains("10.0.0.0/8"), "{errors}");
        // A local cluster's proxy on loopback is fine in dev.
        assert!(Config::load(&env(&[("REGISTRY_TRUSTED_PROXIES", "127.0.0.1/32, ::1")])).is_ok());
    }

    #[test]
    fn trusted_proxies_are_cidrs_or_addresses() {
        let c = Config::load(&env(&[("REGISTRY_TRUSTED_PROXIES", "127.0.0.0/8, ::1")])).unwrap();
        assert_eq!(c.trusted_proxies.len(), 2);
        let errors = Config::load(&env(&[("REGISTRY_TRUSTED_PROXIES", "10.0.0.0/33")])).unwrap_err();
        assert!(errors.to_string().contains("10.0.0.0/33"), "{errors}");
    }

    #[test]
    fn https_public_url_makes_cookies_secure() {
        let c = Config::load(&env(&prod("https://registry.example/"))).unwrap();
        assert!(c.secure_cookies());
        assert_eq!(c.public_origin(), "https://registry.example");
    }
}
