-- Nothing to do: migration 21 changes PostgreSQL's posting lists only.
SELECT 1;
