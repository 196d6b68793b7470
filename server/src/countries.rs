//! The countries whose registries and identifiers the platform supports,
//! with their phone prefixes (spec section 3).

pub const SUPPORTED: &[(&str, &str)] = &[
    ("NL", "+31"),
    ("DE", "+49"),
    ("FR", "+33"),
    ("ES", "+34"),
    ("IT", "+39"),
    ("BE", "+32"),
    ("PL", "+48"),
    ("PT", "+351"),
    ("GR", "+30"),
    ("HR", "+385"),
    ("CH", "+41"),
];
