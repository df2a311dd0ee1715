-- Parlour storage on PostgreSQL, version 6: a placeholder on the `stats` branch only, so that
-- its own migration keeps the number 0008 the lead gave it (0006 is issue 34's fencing, 0007
-- issue 29's fairness commitment). Drop this file when merging: the real 0006 replaces it.
UPDATE schema_version SET version = 6;
