-- Vessels, their ownership history and their audit trail. Portable DDL.

CREATE TABLE vessels (
    id TEXT PRIMARY KEY,
    -- 12 characters without hyphens; shown grouped (docs/PLATFORM-ID.md).
    platform_id TEXT NOT NULL,
    owner_user_id TEXT NOT NULL REFERENCES users (id),
    status TEXT NOT NULL
        CHECK (status IN ('pending_payment', 'active', 'in_transfer', 'deactivated')),
    name TEXT,
    make TEXT NOT NULL,
    model TEXT NOT NULL,
    build_year BIGINT,
    length_cm BIGINT,
    country_code TEXT NOT NULL,
    owner_phone_e164 TEXT NOT NULL,
    public_visibility BIGINT NOT NULL CHECK (public_visibility IN (0, 1)),
    for_sale BIGINT NOT NULL CHECK (for_sale IN (0, 1)),
    -- Normalised `NL-BEN12345F819`, 'unknown', or NULL (built before 1998).
    cin TEXT,
    cin_manufacturer TEXT,
    cin_serial TEXT,
    cin_production_month BIGINT,
    cin_production_year_digit BIGINT,
    cin_model_year BIGINT,
    legacy_id TEXT,
    engine_serial TEXT,
    mmsi TEXT,
    mmsi_country TEXT,
    imo_number TEXT,
    eni_number TEXT,
    -- JSON object: national identifier type -> value or 'unknown'.
    national_identifiers TEXT NOT NULL DEFAULT '{}',
    -- Folded (lower case, no accents) name, make, model and platform ID.
    search_text TEXT NOT NULL,
    documents_count BIGINT NOT NULL DEFAULT 0,
    created_at BIGINT NOT NULL,
    -- When the vessel entered the public registry (its fee was paid).
    listed_at BIGINT
);
CREATE UNIQUE INDEX vessels_platform_id ON vessels (platform_id);
CREATE INDEX vessels_owner ON vessels (owner_user_id, created_at);
-- Identifiers are unique among vessels in the registry (active or in transfer).
CREATE UNIQUE INDEX vessels_live_cin ON vessels (cin)
    WHERE status IN ('active', 'in_transfer') AND cin IS NOT NULL AND cin <> 'unknown';
CREATE UNIQUE INDEX vessels_live_mmsi ON vessels (mmsi)
    WHERE status IN ('active', 'in_transfer') AND mmsi IS NOT NULL AND mmsi <> 'unknown';
CREATE UNIQUE INDEX vessels_live_imo ON vessels (imo_number)
    WHERE status IN ('active', 'in_transfer') AND imo_number IS NOT NULL AND imo_number <> 'unknown';
CREATE UNIQUE INDEX vessels_live_eni ON vessels (eni_number)
    WHERE status IN ('active', 'in_transfer') AND eni_number IS NOT NULL AND eni_number <> 'unknown';
-- The public registry, most recently registered first (ids are time-ordered),
-- and its country and year filters (covering, so counts read only the index).
CREATE INDEX vessels_public_recent ON vessels (id)
    WHERE status = 'active' AND public_visibility = 1;
CREATE INDEX vessels_public_country_year ON vessels (country_code, build_year, id)
    WHERE status = 'active' AND public_visibility = 1;
CREATE INDEX vessels_public_year ON vessels (build_year, id)
    WHERE status = 'active' AND public_visibility = 1;

CREATE TABLE ownership_history (
    id TEXT PRIMARY KEY,
    vessel_id TEXT NOT NULL REFERENCES vessels (id),
    owner_user_id TEXT NOT NULL REFERENCES users (id),
    acquisition_type TEXT NOT NULL CHECK (acquisition_type IN ('private', 'company')),
    acquired_at BIGINT NOT NULL,
    transferred_out_at BIGINT
);
CREATE INDEX ownership_vessel ON ownership_history (vessel_id, acquired_at);

-- Every change to a registered record, and who made it.
CREATE TABLE vessel_audit (
    id TEXT PRIMARY KEY,
    vessel_id TEXT NOT NULL REFERENCES vessels (id),
    actor_user_id TEXT REFERENCES users (id),
    action TEXT NOT NULL,
    detail TEXT NOT NULL,
    created_at BIGINT NOT NULL
);
CREATE INDEX vessel_audit_vessel ON vessel_audit (vessel_id, created_at);

-- Attempts to register an identifier that an active vessel already carries,
-- for the administrators.
CREATE TABLE identifier_conflicts (
    id TEXT PRIMARY KEY,
    user_id TEXT NOT NULL REFERENCES users (id),
    identifier_type TEXT NOT NULL,
    identifier_value TEXT NOT NULL,
    existing_vessel_id TEXT NOT NULL REFERENCES vessels (id),
    created_at BIGINT NOT NULL
);
