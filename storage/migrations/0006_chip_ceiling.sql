-- Parlour storage, version 6: no balance, stack, pot or kitty above the chip ceiling,
-- games.limits.MAX_CHIPS = 10^15 (issue 18: two grants of 2^62 made a balance that overflowed
-- the audit's sums). The services refuse any request that would pass it; these make the
-- database refuse it too, whatever writes.
--
-- Triggers that RAISE(ABORT), not CHECK constraints: SQLite cannot add a CHECK to an existing
-- table, and its documented way round (build a new table, copy, drop, rename) does not fit
-- here. storage.db applies a migration inside one transaction with foreign keys on, where
-- PRAGMA foreign_keys cannot be turned off, and `tables` is referenced by seats, ledger and
-- results, so dropping it would fail or orphan their rows. A BEFORE trigger refuses exactly
-- the writes a CHECK would, in the same statement, and leaves rows written before the ceiling
-- existed as they are (a CHECK added by a rebuild would refuse to copy them, and the upgrade
-- would fail); `python -m storage audit` reports such rows as `over_ceiling`.
-- RAISE(ABORT) fails with SQLITE_CONSTRAINT, as a CHECK does (sqlite3.IntegrityError).
-- Cost, measured (one UPDATE each of a seat's stack, a table's pot and an account's balance, as
-- a booking writes them): 34-37 µs of statements without these triggers, 44-59 µs with them;
-- with the booking's COMMIT included the difference is below the noise (263-310 µs a step).

CREATE TRIGGER accounts_ceiling_insert BEFORE INSERT ON accounts
    WHEN NEW.balance > 1000000000000000
BEGIN
    SELECT RAISE(ABORT, 'CHECK constraint failed: balance <= MAX_CHIPS');
END;

CREATE TRIGGER accounts_ceiling_update BEFORE UPDATE OF balance ON accounts
    WHEN NEW.balance > 1000000000000000
BEGIN
    SELECT RAISE(ABORT, 'CHECK constraint failed: balance <= MAX_CHIPS');
END;

CREATE TRIGGER seats_ceiling_insert BEFORE INSERT ON seats
    WHEN NEW.stack > 1000000000000000
BEGIN
    SELECT RAISE(ABORT, 'CHECK constraint failed: stack <= MAX_CHIPS');
END;

CREATE TRIGGER seats_ceiling_update BEFORE UPDATE OF stack ON seats
    WHEN NEW.stack > 1000000000000000
BEGIN
    SELECT RAISE(ABORT, 'CHECK constraint failed: stack <= MAX_CHIPS');
END;

CREATE TRIGGER tables_ceiling_insert BEFORE INSERT ON tables
    WHEN NEW.pot > 1000000000000000 OR NEW.kitty > 1000000000000000
BEGIN
    SELECT RAISE(ABORT, 'CHECK constraint failed: pot, kitty <= MAX_CHIPS');
END;

CREATE TRIGGER tables_ceiling_update BEFORE UPDATE OF pot, kitty ON tables
    WHEN NEW.pot > 1000000000000000 OR NEW.kitty > 1000000000000000
BEGIN
    SELECT RAISE(ABORT, 'CHECK constraint failed: pot, kitty <= MAX_CHIPS');
END;

PRAGMA user_version = 6;
