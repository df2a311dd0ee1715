-- Parlour storage on PostgreSQL, version 6: SQLite's 0009. Every shard lease has an epoch,
-- bumped each time the shard changes hands (taken over by another process, or released), never
-- by a renewal; each booking checks its process's epoch in its own transaction
-- (storage.fence), holding the lease row FOR SHARE so a takeover waits for it to commit.
ALTER TABLE shard_leases ADD COLUMN epoch INTEGER NOT NULL DEFAULT 1 CHECK (epoch >= 1);

UPDATE schema_version SET version = 6;
