-- Parlour storage, version 10: a placeholder on the `stats` branch only (see 0009's): issue
-- 29's fairness commitment takes this number. Drop this file when merging.
PRAGMA user_version = 10;
