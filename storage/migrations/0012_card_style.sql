-- Parlour storage, version 12: the card style a person reads their own cards in (/cards):
-- 'classic' (two colours), 'four-colour' (the poker standard, colour-blind safe) or 'large'.
-- NULL: no choice made (the server's style, /admin settings card_style, applies). Next to
-- their language and ping mode in user_preferences, keyed by the user alone.
ALTER TABLE user_preferences ADD COLUMN card_style TEXT CHECK (card_style IN ('classic', 'four-colour', 'large'));

PRAGMA user_version = 12;
