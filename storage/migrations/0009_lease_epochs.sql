-- Parlour storage, version 9: every shard lease has an epoch, bumped each time the shard
-- changes hands (taken over by another process, or released), never by a renewal. A process
-- remembers the epochs it took, and each booking checks them in its own transaction
-- (storage.fence): a process frozen past its lease, resumed after another took its shards over,
-- books nothing.
ALTER TABLE shard_leases ADD COLUMN epoch INTEGER NOT NULL DEFAULT 1 CHECK (epoch >= 1);

PRAGMA user_version = 9;
