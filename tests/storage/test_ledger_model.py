"""Random sequences of ledger and table operations against a plain-Python model of the chips:
after every sequence the database agrees with the model and the audit holds."""

from __future__ import annotations

import asyncio
import tempfile
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from storage import (
    ChipsNotConserved,
    Database,
    InsufficientChips,
    SeatNotFound,
    accounts,
    tables,
)
from storage.audit import audit

GUILD = 1
USERS = (1, 2, 3)

op = st.one_of(
    st.tuples(st.just("grant"), st.sampled_from(USERS), st.integers(1, 300)),
    st.tuples(st.just("remove"), st.sampled_from(USERS), st.integers(1, 1500)),
    st.tuples(st.just("buy_in"), st.sampled_from(USERS), st.integers(1, 800)),
    st.tuples(st.just("cash_out"), st.sampled_from(USERS), st.integers(0, 500)),
    st.tuples(st.just("bet"), st.sampled_from(USERS), st.integers(1, 200)),
    st.tuples(st.just("ante"), st.just(0), st.integers(1, 50)),
    st.tuples(st.just("bet"), st.sampled_from(USERS), st.integers(1, 100)),
    st.tuples(st.just("settle"), st.sampled_from(USERS), st.just(0)),
    st.tuples(st.just("close"), st.just(0), st.just(0)),
)


async def _play(path: Path, ops: list[tuple[str, int, int]]) -> None:
    balance = dict.fromkeys(USERS, 1000)
    stack: dict[int, int] = {}
    contributed: dict[int, int] = {}
    pot, counter, deal, deal_open = 0, 0, 1, False
    async with Database.open(path) as db:
        async with db.transaction() as tx:
            for user in USERS:
                await accounts.ensure(tx, GUILD, user)
            table_id = await tables.open_table(tx, guild_id=GUILD, channel_id=1, game="palace")
            for user in USERS:  # start seated, so most table operations can happen
                await tables.buy_in(tx, table_id, user, 300, ref=f"seat:{user}")
                balance[user] -= 300
                stack[user] = 300
        for i, (kind, user, amount) in enumerate(ops):
            ref = f"op:{i}"
            try:
                async with db.transaction() as tx:
                    if kind == "grant":
                        await accounts.grant(tx, GUILD, user, amount, ref=ref)
                        balance[user] += amount
                    elif kind == "remove":
                        await accounts.remove(tx, GUILD, user, amount, ref=ref)
                        balance[user] -= amount
                    elif kind == "buy_in":
                        await tables.buy_in(tx, table_id, user, amount, ref=ref)
                        balance[user] -= amount
                        stack[user] = stack.get(user, 0) + amount
                    elif kind == "cash_out" and not deal_open:
                        moved = await tables.cash_out(tx, table_id, user, amount, ref=ref)
                        balance[user] += moved
                        stack[user] -= moved
                    elif kind in {"bet", "settle", "ante"}:
                        counter += 1
                        if not deal_open:
                            deal += 1
                            contributed = {}
                        over = kind == "settle"
                        if kind == "ante":
                            deltas = dict.fromkeys(stack, -amount)
                        else:
                            deltas = {user: pot if over else -amount}
                        new_pot = 0 if over else pot - sum(deltas.values())
                        await tables.save_action(
                            tx, table_id, ref=ref, snapshot="{}", deal_number=deal,
                            action_counter=counter,
                            stack_deltas={str(u): d for u, d in deltas.items()},
                            pot=new_pot, deal_over=over,
                        )  # fmt: skip
                        for u, d in deltas.items():
                            if d:
                                stack[u] += d
                                contributed[u] = contributed.get(u, 0) - d
                        pot = new_pot
                        deal_open = not over
                    elif kind == "close":
                        await tables.close(tx, table_id, ref=ref)
                        for u, s in stack.items():
                            balance[u] += s + (contributed.get(u, 0) if deal_open else 0)
                        stack, contributed, pot, deal_open = {}, {}, 0, False
                        table_id = await tables.open_table(
                            tx, guild_id=GUILD, channel_id=1, game="palace"
                        )
                        counter, deal = 0, 1
            except (InsufficientChips, SeatNotFound, ChipsNotConserved):
                if kind in {"bet", "settle"}:
                    counter -= 1  # the refused action did not happen
        async with db.read() as conn:
            for user in USERS:
                assert await accounts.peek_balance(conn, GUILD, user) == balance[user]
            table = await tables.get(conn, table_id)
            assert table is not None
            assert {s.user_id: s.stack for s in table.seats} == stack
            assert table.pot == pot
            result = await audit(conn)
        assert result.ok, result


@settings(max_examples=40, deadline=None)
@given(st.lists(op, max_size=30))
def test_random_operations_agree_with_a_model_and_keep_the_invariant(ops):
    with tempfile.TemporaryDirectory() as tmp:
        asyncio.run(_play(Path(tmp) / "model.db", ops))
