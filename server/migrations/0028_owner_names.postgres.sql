-- An owner's name as a certificate prints it (issue: the certificate proves who owns what).
-- `name_verified_at` is set when an identity check reported the name; a name typed by the
-- person is kept unverified. A company owner gives the company's name and registration number.
ALTER TABLE users ADD COLUMN name_verified_at BIGINT;
ALTER TABLE users ADD COLUMN owner_kind TEXT NOT NULL DEFAULT 'person' CHECK (owner_kind IN ('person', 'company'));
ALTER TABLE users ADD COLUMN company_number TEXT;
ALTER TABLE users ADD CONSTRAINT users_company_number CHECK ((owner_kind = 'company') = (company_number IS NOT NULL));

-- The name the provider verified, kept until the decision is applied. A check started from the
-- profile (to change a verified name) returns to the profile and names no vessel.
ALTER TABLE identity_sessions ADD COLUMN verified_name TEXT;
ALTER TABLE identity_sessions ALTER COLUMN vessel_platform_id DROP NOT NULL;

-- What a certificate printed about its owner: the name (answered only to a person who types
-- it), whether it was verified, and whether the owner is a person or a company.
ALTER TABLE certificates ADD COLUMN owner_name TEXT;
ALTER TABLE certificates ADD COLUMN owner_kind TEXT NOT NULL DEFAULT 'person' CHECK (owner_kind IN ('person', 'company'));
ALTER TABLE certificates ADD COLUMN owner_name_verified BIGINT NOT NULL DEFAULT 0 CHECK (owner_name_verified IN (0, 1));
