-- Parlour storage on PostgreSQL, version 3: SQLite's 0006. No balance, stack, pot or kitty
-- above the chip ceiling, games.limits.MAX_CHIPS = 10^15 (issue 18). PostgreSQL adds a CHECK
-- to a live table; NOT VALID leaves rows written before the ceiling existed as they are (as
-- SQLite's triggers do; `python -m storage audit` reports them as `over_ceiling`) while every
-- new or changed row is checked.
ALTER TABLE accounts
    ADD CONSTRAINT accounts_balance_ceiling CHECK (balance <= 1000000000000000) NOT VALID;
ALTER TABLE seats
    ADD CONSTRAINT seats_stack_ceiling CHECK (stack <= 1000000000000000) NOT VALID;
ALTER TABLE tables
    ADD CONSTRAINT tables_pot_ceiling CHECK (pot <= 1000000000000000) NOT VALID;
ALTER TABLE tables
    ADD CONSTRAINT tables_kitty_ceiling CHECK (kitty <= 1000000000000000) NOT VALID;

UPDATE schema_version SET version = 3;
