-- Parlour storage, version 3: a seat remembers that its player is away (two turn timers
-- missed in a row, until they act or say they are back), so a restart does not hand an away
-- player's turns a full timer each again.
ALTER TABLE seats ADD COLUMN away INTEGER NOT NULL DEFAULT 0 CHECK (away IN (0, 1));

PRAGMA user_version = 3;
