-- Parlour storage on PostgreSQL, version 6: fenced bookings, one round trip each.
--
-- 1. SQLite's 0009: every shard lease has an epoch, bumped each time the shard changes hands
--    (taken over by another process, or released), never by a renewal.
-- 2. parlour_book(step): storage.book's whole step (storage/booking.py: the fence, the checks,
--    the stacks, pot and kitty, the snapshot, the ledger rows, the outbox, the away set, the
--    result and stats, the pay-outs) as one server-side call, and parlour_book_many(steps):
--    the bookings that queued meanwhile, in order, in one statement (group commit: one
--    transaction, one round trip). Python prepares the values (refs, player ids, the stats
--    rows) and turns the refusals back into storage's errors; the SQL here is what SQLite's
--    synchronous code does, statement for statement. A refusal is checked before anything is
--    written and comes back as {"error": ...}, so it leaves the other steps of a batch alone;
--    anything else raised aborts the batch, which storage then books one step at a time.
ALTER TABLE shard_leases ADD COLUMN epoch INTEGER NOT NULL DEFAULT 1 CHECK (epoch >= 1);

CREATE FUNCTION parlour_book(b JSONB) RETURNS JSONB LANGUAGE plpgsql AS $$
DECLARE
    tid         BIGINT := (b->>'table_id')::BIGINT;
    step_ref    TEXT := b->>'ref';
    dn          BIGINT := (b->>'deal_number')::BIGINT;
    ac          BIGINT := (b->>'action_counter')::BIGINT;
    new_pot     BIGINT := (b->>'pot')::BIGINT;
    new_kitty   BIGINT := (b->>'kitty')::BIGINT;
    house_delta BIGINT := (b->>'house_delta')::BIGINT;
    over        BOOLEAN := (b->>'deal_over')::BOOLEAN;
    step_reason TEXT := b->>'reason';
    fence       JSONB := b->'fence';
    t           tables%ROWTYPE;
    lease       RECORD;
    shard       INTEGER;
    d           RECORD;
    leaver      RECORD;
    applied     BOOLEAN := FALSE;
    new_deal    BOOLEAN;
    pot0        BIGINT;
    kitty0      BIGINT;
    house       BIGINT;
    stack_sum   BIGINT;
    expected    INTEGER;
    n           INTEGER;
    out_ref     TEXT;
BEGIN
    IF fence IS NOT NULL AND jsonb_typeof(fence) = 'object' THEN
        SELECT l.shard_id, l.holder, l.epoch INTO lease
        FROM tables tt JOIN shard_leases l
          ON l.shard_count = (fence->>'shard_count')::INTEGER
         AND l.shard_id = (tt.guild_id >> 22) % (fence->>'shard_count')::INTEGER
        WHERE tt.id = tid FOR SHARE OF l;
        IF NOT FOUND THEN
            SELECT (guild_id >> 22) % (fence->>'shard_count')::INTEGER INTO shard
            FROM tables WHERE id = tid;
            IF FOUND THEN
                RETURN jsonb_build_object('error', 'LeaseLost', 'shard', shard);
            END IF;
        ELSIF lease.holder <> fence->>'holder'
              OR (fence->'epochs'->>(lease.shard_id::TEXT))::INTEGER IS DISTINCT FROM lease.epoch
        THEN
            RETURN jsonb_build_object('error', 'LeaseLost', 'shard', lease.shard_id,
                                      'holder', lease.holder, 'epoch', lease.epoch);
        END IF;
    END IF;

    SELECT * INTO t FROM tables WHERE id = tid;
    IF NOT FOUND THEN
        RETURN jsonb_build_object('error', 'TableNotFound');
    END IF;
    IF NOT EXISTS (SELECT 1 FROM ledger WHERE ref = step_ref) THEN
        IF t.status <> 'open' THEN
            RETURN jsonb_build_object('error', 'TableNotFound');
        END IF;
        IF ac <= t.action_counter OR dn < t.deal_number THEN
            RETURN jsonb_build_object('error', 'StaleAction', 'action_counter', t.action_counter,
                                      'deal_number', t.deal_number);
        END IF;
        SELECT COALESCE(SUM((e->>1)::BIGINT), 0) INTO stack_sum
        FROM jsonb_array_elements(b->'deltas') e;
        IF stack_sum + (new_pot - t.pot) + (new_kitty - t.kitty) + house_delta <> 0 THEN
            RETURN jsonb_build_object('error', 'ChipsNotConserved', 'stacks', stack_sum,
                                      'pot', new_pot - t.pot, 'kitty', new_kitty - t.kitty);
        END IF;
        FOR d IN
            SELECT (e->>0)::BIGINT AS user_id, (e->>1)::BIGINT AS delta, e->>2 AS pid, s.stack
            FROM jsonb_array_elements(b->'deltas') WITH ORDINALITY AS x(e, i)
            LEFT JOIN seats s ON s.table_id = tid AND s.user_id = (e->>0)::BIGINT
            ORDER BY i
        LOOP
            IF d.stack IS NULL THEN
                RETURN jsonb_build_object('error', 'SeatNotFound', 'pid', d.pid);
            END IF;
            IF d.stack + d.delta < 0 THEN
                RETURN jsonb_build_object('error', 'InsufficientChips', 'guild_id', t.guild_id,
                                          'user_id', d.user_id, 'needed', -d.delta);
            END IF;
        END LOOP;

        -- checked above: a failure below is a bug, and raising aborts the transaction
        new_deal := dn <> t.deal_number;
        pot0 := t.deal_pot0;
        kitty0 := t.deal_kitty0;
        house := t.deal_house + house_delta;
        IF new_deal THEN
            pot0 := t.pot; kitty0 := t.kitty; house := house_delta;
        END IF;
        IF over THEN
            pot0 := new_pot; kitty0 := new_kitty; house := 0;
        END IF;
        IF over OR new_deal THEN  -- every seat's contribution is rewritten, movers or not
            SELECT count(*) INTO expected FROM seats WHERE table_id = tid;
            UPDATE seats s
               SET stack = s.stack + m.delta,
                   contributed = CASE WHEN over THEN 0 ELSE -m.delta END
              FROM (SELECT s0.user_id, COALESCE((e->>1)::BIGINT, 0) AS delta
                      FROM seats s0
                      LEFT JOIN jsonb_array_elements(b->'deltas') e
                        ON (e->>0)::BIGINT = s0.user_id
                     WHERE s0.table_id = tid) m
             WHERE s.table_id = tid AND s.user_id = m.user_id AND s.stack + m.delta >= 0;
        ELSE
            expected := jsonb_array_length(b->'deltas');
            UPDATE seats s
               SET stack = s.stack + m.delta, contributed = s.contributed - m.delta
              FROM (SELECT (e->>0)::BIGINT AS user_id, (e->>1)::BIGINT AS delta
                      FROM jsonb_array_elements(b->'deltas') e) m
             WHERE s.table_id = tid AND s.user_id = m.user_id AND s.stack + m.delta >= 0;
        END IF;
        GET DIAGNOSTICS n = ROW_COUNT;
        IF n <> expected THEN
            RAISE EXCEPTION 'table %: a checked stack change did not apply', tid;
        END IF;
        UPDATE tables
           SET snapshot = b->>'snapshot', deal_number = dn, action_counter = ac,
               deadline = b->>'deadline', pot = new_pot, kitty = new_kitty,
               deal_open = CASE WHEN over THEN 0 ELSE 1 END, deal_pot0 = pot0,
               deal_kitty0 = kitty0, deal_house = house, last_action_at = b->>'stamp'
         WHERE id = tid;
        INSERT INTO ledger (ref, reason, guild_id, user_id, table_id, pot_delta, kitty_delta)
        VALUES (step_ref, step_reason, t.guild_id, NULL, tid, new_pot - t.pot, new_kitty - t.kitty);
        INSERT INTO ledger (ref, reason, guild_id, user_id, table_id, stack_delta)
        SELECT step_ref || ':' || (e->>2), step_reason, t.guild_id, (e->>0)::BIGINT, tid,
               (e->>1)::BIGINT
          FROM jsonb_array_elements(b->'deltas') WITH ORDINALITY AS x(e, i) ORDER BY i;
        IF house_delta <> 0 THEN
            INSERT INTO ledger (ref, reason, guild_id, user_id, table_id, minted)
            VALUES (step_ref || ':house', 'house_result', t.guild_id, NULL, tid, -house_delta);
        END IF;
        INSERT INTO private_outbox (table_id, user_id, action_counter)
        SELECT tid, (u #>> '{}')::BIGINT, ac FROM jsonb_array_elements(b->'private') u
        ORDER BY 2
        ON CONFLICT (table_id, user_id) DO UPDATE SET action_counter = excluded.action_counter;
        applied := TRUE;
    END IF;

    -- the private updates delivered since the table's last step (storage.booking's delivered)
    DELETE FROM private_outbox o
     USING jsonb_each_text(COALESCE(b->'delivered', '{}'::jsonb)) AS told(u, c)
     WHERE o.table_id = tid AND o.user_id = told.u::BIGINT AND o.action_counter <= told.c::BIGINT;

    IF jsonb_typeof(b->'away') = 'array' THEN
        UPDATE seats SET away = 0 WHERE table_id = tid AND away = 1;
        UPDATE seats SET away = 1
         WHERE table_id = tid
           AND user_id IN (SELECT (u #>> '{}')::BIGINT FROM jsonb_array_elements(b->'away') u);
    END IF;

    IF jsonb_typeof(b->'result') = 'object' THEN
        INSERT INTO results (guild_id, table_id, game, deal_number, pot, players, settlement,
                             winners, hand_names, deck, history)
        VALUES ((b->'result'->>'guild_id')::BIGINT, tid, b->'result'->>'game', dn,
                (b->'result'->>'pot')::BIGINT, b->'result'->>'players',
                b->'result'->>'settlement', b->'result'->>'winners',
                b->'result'->>'hand_names', b->'result'->>'deck', b->'result'->>'history')
        ON CONFLICT (table_id, deal_number) DO NOTHING;
        GET DIAGNOSTICS n = ROW_COUNT;
        IF n > 0 THEN
            INSERT INTO stats AS st (guild_id, user_id, game, played, won, net, biggest_pot)
            SELECT (r->>0)::BIGINT, (r->>1)::BIGINT, r->>2, 1, 1, (r->>3)::BIGINT,
                   (r->>4)::BIGINT
              FROM jsonb_array_elements(b->'result'->'won') WITH ORDINALITY AS x(r, i)
             ORDER BY i
            ON CONFLICT (guild_id, user_id, game) DO UPDATE SET
                played = st.played + 1, won = st.won + 1, net = st.net + excluded.net,
                biggest_pot = GREATEST(st.biggest_pot, excluded.biggest_pot);
            INSERT INTO stats AS st (guild_id, user_id, game, played, net)
            SELECT (r->>0)::BIGINT, (r->>1)::BIGINT, r->>2, 1, (r->>3)::BIGINT
              FROM jsonb_array_elements(b->'result'->'played') WITH ORDINALITY AS x(r, i)
             ORDER BY i
            ON CONFLICT (guild_id, user_id, game) DO UPDATE SET
                played = st.played + 1, net = st.net + excluded.net;
        END IF;
    END IF;

    IF b->>'pay_out_ref' IS NOT NULL THEN  -- players who left are paid out now
        FOR leaver IN
            SELECT user_id, stack FROM seats
             WHERE table_id = tid AND seated = 0 AND stack <> 0 ORDER BY seat_no
        LOOP
            out_ref := (b->>'pay_out_ref') || ':' || CASE WHEN leaver.user_id < 0
                THEN 'cpu:' || (-leaver.user_id)::TEXT ELSE leaver.user_id::TEXT END;
            CONTINUE WHEN EXISTS (SELECT 1 FROM ledger WHERE ref = out_ref);
            IF (SELECT status FROM tables WHERE id = tid) <> 'open' THEN
                RAISE EXCEPTION 'table % is not open', tid;
            END IF;
            UPDATE seats SET stack = stack - leaver.stack
             WHERE table_id = tid AND user_id = leaver.user_id
               AND stack + CASE WHEN contributed < 0 THEN contributed ELSE 0 END
                   >= leaver.stack;
            GET DIAGNOSTICS n = ROW_COUNT;
            IF n <> 1 THEN
                RAISE EXCEPTION 'user % has fewer than % chips in their stack',
                    leaver.user_id, leaver.stack;
            END IF;
            IF leaver.user_id < 0 THEN  -- the house's chips go back to the house: removed
                INSERT INTO ledger (ref, reason, guild_id, user_id, table_id, stack_delta, minted)
                VALUES (out_ref, 'house_result', t.guild_id, leaver.user_id, tid,
                        -leaver.stack, -leaver.stack);
            ELSE
                UPDATE accounts SET balance = balance + leaver.stack
                 WHERE guild_id = t.guild_id AND user_id = leaver.user_id;
                GET DIAGNOSTICS n = ROW_COUNT;
                IF n <> 1 THEN
                    RAISE EXCEPTION 'no account for user % in guild %', leaver.user_id,
                        t.guild_id;
                END IF;
                INSERT INTO ledger (ref, reason, guild_id, user_id, table_id, balance_delta,
                                    stack_delta)
                VALUES (out_ref, 'cash_out', t.guild_id, leaver.user_id, tid, leaver.stack,
                        -leaver.stack);
            END IF;
        END LOOP;
    END IF;

    RETURN jsonb_build_object(
        'applied', applied,
        -- a new step's snapshot is the caller's own: not sent back
        'table', (SELECT CASE WHEN applied THEN to_jsonb(x) - 'snapshot' ELSE to_jsonb(x) END
                    FROM tables x WHERE x.id = tid),
        'seats', (SELECT COALESCE(jsonb_agg(jsonb_build_array(user_id, seat_no, stack,
                                  contributed, seated, away) ORDER BY seat_no), '[]')
                    FROM seats WHERE table_id = tid));
END
$$;

CREATE FUNCTION parlour_book_many(steps JSONB) RETURNS JSONB LANGUAGE plpgsql AS $$
DECLARE
    outcomes JSONB := '[]';
    step     JSONB;
BEGIN
    FOR step IN SELECT e FROM jsonb_array_elements(steps) WITH ORDINALITY AS x(e, i) ORDER BY i
    LOOP
        outcomes := outcomes || jsonb_build_array(parlour_book(step));
    END LOOP;
    RETURN outcomes;
END
$$;

UPDATE schema_version SET version = 6;
