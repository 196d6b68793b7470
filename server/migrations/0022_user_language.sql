-- The language a person chose in the web app: emails and SMS to them are written in it.
ALTER TABLE users ADD COLUMN language TEXT NOT NULL DEFAULT 'en'
    CHECK (language IN ('en', 'nl', 'de', 'fr', 'es', 'it'));
