-- Parlour storage, version 1: accounts, the chip ledger, tables and seats, daily claims,
-- results and stats, guild settings. Applied in one transaction by storage.db; the last
-- statement stamps the version so a half-applied migration cannot exist.

CREATE TABLE guild_settings (
    guild_id   INTEGER PRIMARY KEY,
    data       TEXT NOT NULL DEFAULT '{}'          -- JSON of storage.settings.GuildSettings
);

CREATE TABLE accounts (
    guild_id   INTEGER NOT NULL,
    user_id    INTEGER NOT NULL,
    balance    INTEGER NOT NULL CHECK (balance >= 0),
    created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    PRIMARY KEY (guild_id, user_id)
) WITHOUT ROWID;

CREATE INDEX accounts_by_balance ON accounts (guild_id, balance DESC, user_id);

CREATE TABLE tables (
    id             INTEGER PRIMARY KEY,
    guild_id       INTEGER NOT NULL,
    channel_id     INTEGER NOT NULL,
    game           TEXT NOT NULL,
    options        TEXT NOT NULL DEFAULT '{}',     -- JSON of the game's options
    host_id        INTEGER,
    message_id     INTEGER,
    status         TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'closed')),
    close_reason   TEXT,
    snapshot       TEXT,                           -- the engine's snapshot() JSON
    deal_number    INTEGER NOT NULL DEFAULT 0,
    deal_open      INTEGER NOT NULL DEFAULT 0 CHECK (deal_open IN (0, 1)),
    action_counter INTEGER NOT NULL DEFAULT 0,
    deadline       TEXT,                           -- ISO 8601 UTC of the turn timer
    pot            INTEGER NOT NULL DEFAULT 0 CHECK (pot >= 0),
    kitty          INTEGER NOT NULL DEFAULT 0 CHECK (kitty >= 0),
    deal_pot0      INTEGER NOT NULL DEFAULT 0,     -- pot when the current deal began
    deal_kitty0    INTEGER NOT NULL DEFAULT 0,     -- kitty when the current deal began
    deal_house     INTEGER NOT NULL DEFAULT 0,     -- house bank's gain in the current deal
    created_at     TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    last_action_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    closed_at      TEXT
);

-- One open table per channel, enforced by the database rather than by a check in Python.
CREATE UNIQUE INDEX tables_one_open_per_channel ON tables (channel_id) WHERE status = 'open';
CREATE INDEX tables_open ON tables (status) WHERE status = 'open';

CREATE TABLE seats (
    table_id    INTEGER NOT NULL REFERENCES tables (id),
    user_id     INTEGER NOT NULL,
    seat_no     INTEGER NOT NULL,
    stack       INTEGER NOT NULL DEFAULT 0 CHECK (stack >= 0),
    contributed INTEGER NOT NULL DEFAULT 0,        -- net chips put into the current deal
    seated      INTEGER NOT NULL DEFAULT 1 CHECK (seated IN (0, 1)),
    PRIMARY KEY (table_id, user_id)
) WITHOUT ROWID;

-- Every chip movement. A booking (one transaction) may write several rows; over a booking,
-- balance + stack + pot + kitty deltas sum to `minted` (positive: chips created, negative:
-- chips removed). `ref` is the idempotency key: a repeated ref applies once.
CREATE TABLE ledger (
    id            INTEGER PRIMARY KEY,
    ref           TEXT NOT NULL UNIQUE,
    reason        TEXT NOT NULL CHECK (reason IN (
                      'starting_grant', 'daily', 'refill', 'admin_grant', 'admin_removal',
                      'buy_in', 'cash_out', 'action', 'settlement', 'house_result',
                      'refund', 'table_close')),
    guild_id      INTEGER NOT NULL,
    user_id       INTEGER,
    table_id      INTEGER REFERENCES tables (id),
    balance_delta INTEGER NOT NULL DEFAULT 0,
    stack_delta   INTEGER NOT NULL DEFAULT 0,
    pot_delta     INTEGER NOT NULL DEFAULT 0,
    kitty_delta   INTEGER NOT NULL DEFAULT 0,
    minted        INTEGER NOT NULL DEFAULT 0,
    created_at    TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

-- Covering indexes: the audit's per-account and per-table reconciliations read only these.
CREATE INDEX ledger_by_account ON ledger (guild_id, user_id, balance_delta)
    WHERE user_id IS NOT NULL;
CREATE INDEX ledger_by_table ON ledger (table_id, user_id, stack_delta, pot_delta, kitty_delta)
    WHERE table_id IS NOT NULL;
CREATE INDEX ledger_mints ON ledger (minted) WHERE minted != 0;

CREATE TABLE claims (
    guild_id   INTEGER NOT NULL,
    user_id    INTEGER NOT NULL,
    kind       TEXT NOT NULL CHECK (kind IN ('daily', 'refill')),
    claimed_at REAL NOT NULL,                      -- unix seconds of the last granted claim
    count      INTEGER NOT NULL DEFAULT 1,
    PRIMARY KEY (guild_id, user_id, kind)
) WITHOUT ROWID;

CREATE TABLE results (
    id          INTEGER PRIMARY KEY,
    guild_id    INTEGER NOT NULL,
    table_id    INTEGER NOT NULL REFERENCES tables (id),
    game        TEXT NOT NULL,
    deal_number INTEGER NOT NULL,
    pot         INTEGER NOT NULL,
    players     TEXT NOT NULL,                     -- JSON list of player ids
    settlement  TEXT NOT NULL,                     -- JSON {pid: change}, house/kitty included
    winners     TEXT NOT NULL,                     -- JSON list of player ids
    hand_names  TEXT NOT NULL,                     -- JSON {pid: hand name}
    deck        TEXT NOT NULL,                     -- JSON list: the deal's starting card order
    history     TEXT NOT NULL,                     -- JSON hand history
    created_at  TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    UNIQUE (table_id, deal_number)
);

CREATE INDEX results_by_guild ON results (guild_id, game, id);

-- Per (guild, user, game); game '*' holds the all-games totals so every leaderboard is one
-- index range read.
CREATE TABLE stats (
    guild_id    INTEGER NOT NULL,
    user_id     INTEGER NOT NULL,
    game        TEXT NOT NULL,
    played      INTEGER NOT NULL DEFAULT 0,
    won         INTEGER NOT NULL DEFAULT 0,
    net         INTEGER NOT NULL DEFAULT 0,
    biggest_pot INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (guild_id, game, user_id)
) WITHOUT ROWID;

CREATE INDEX stats_by_net ON stats (guild_id, game, net DESC, user_id);
CREATE INDEX stats_by_won ON stats (guild_id, game, won DESC, user_id);

PRAGMA user_version = 1;
