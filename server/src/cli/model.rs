//! The command line's types that its store reads or writes.

/// A demo account `registry seed` creates (the README lists them).
pub struct DemoAccount {
    pub email: &'static str,
    pub password: &'static str,
    pub role: &'static str,
    /// A mobile number, verified.
    pub phone: Option<&'static str>,
    /// The legal name certificates print, typed by the person (not verified).
    pub name: &'static str,
}

/// A seeded vessel, as `store::insert_vessels` writes it.
pub(super) struct Row {
    pub(super) id: String,
    pub(super) platform_id: String,
    pub(super) owner: String,
    pub(super) name: Option<String>,
    pub(super) make: &'static str,
    pub(super) model: &'static str,
    pub(super) build_year: i64,
    pub(super) length_cm: i64,
    pub(super) country: &'static str,
    pub(super) cin: Option<String>,
    pub(super) legacy_id: Option<String>,
    pub(super) mmsi: Option<String>,
    pub(super) search_text: String,
    pub(super) created_at: i64,
    /// The previous owner and when they acquired it.
    pub(super) previous_owner: Option<(String, i64)>,
}
