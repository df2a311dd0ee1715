-- Parlour storage on PostgreSQL, version 7: a placeholder on the `stats` branch only (see
-- 0006's): issue 29's fairness commitment takes this number. Drop this file when merging.
UPDATE schema_version SET version = 7;
