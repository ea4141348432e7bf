-- Trigram indexes make the admin area's case-insensitive substring searches fast.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
