-- Parlour storage, version 9: a placeholder on the `stats` branch only, so that its own
-- migration keeps the number 0011 the lead gave it (0009 is issue 34's fencing, 0010 issue
-- 29's fairness commitment). Drop this file when merging: the real 0009 replaces it.
PRAGMA user_version = 9;
