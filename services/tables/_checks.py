"""The checks and conversions around the service: refusals, limits, refs."""

from __future__ import annotations

import contextlib
import secrets
from collections.abc import Iterator, Mapping
from typing import Any

from pydantic import BaseModel

from games.actions import ActionSpec, AmountField, as_dict
from games.errors import IllegalAction, Refusal
from services.tables import errors as e
from services.tables.model import LiveTable, TableConfig
from services.tables.registry import Game
from storage import Conn, tables
from storage import errors as se
from storage.tables import Table


@contextlib.contextmanager
def storage_refusals() -> Iterator[None]:
    """Storage's typed failures as the service's refusals (the transaction has rolled back)."""
    try:
        yield
    except se.InsufficientChips as exc:
        where = "balance" if exc.where == "balance" else "stack"
        raise e.InsufficientChips(where, needed=exc.needed) from exc
    except se.ChannelBusy as exc:
        raise e.TableExists() from exc
    except se.TableNotFound as exc:
        raise e.NoTable() from exc
    except se.SeatNotFound as exc:
        raise e.NotSeated() from exc
    except se.StaleAction as exc:
        raise e.StaleAction() from exc


def timeout_s(live: LiveTable) -> int:
    return int(getattr(live.options, "turn_timeout", 60))


def new_ref(table_id: int, what: str) -> str:
    return f"table:{table_id}:{what}:{secrets.token_hex(8)}"


async def reload(conn: Conn, table_id: int) -> Table:
    """The stored table (``NoTable`` when it is gone), inside ``db.transaction()``."""
    row = await tables.get(conn, table_id)
    if row is None:
        raise e.NoTable()
    return row


def table_config(
    g: Game, opts: BaseModel, min_buy_in: int, max_buy_in: int, seats: object
) -> TableConfig:
    low, high = g.players(opts)
    if seats is None:
        seats = high
    if not isinstance(seats, int) or isinstance(seats, bool) or not low <= seats <= high:
        raise e.BadOptions("seats", game=g.name, min=low, max=high)
    need = g.min_stack(opts)
    lowest = max(min_buy_in, need)
    if max_buy_in < lowest:
        raise e.AmountOutOfBounds("server_buy_in", max=max_buy_in, need=need)
    return TableConfig(seats=seats, min_buy_in=lowest, max_buy_in=max_buy_in)


def check_buy_in(config: TableConfig, amount: int) -> None:
    if not config.min_buy_in <= amount <= config.max_buy_in:
        raise e.AmountOutOfBounds("buy_in", min=config.min_buy_in, max=config.max_buy_in)


def refusal(
    exc: Exception, specs: list[ActionSpec], action: BaseModel | Mapping[str, Any], game: str
) -> e.TableError:
    """The engine's refusal as a typed one: an amount out of its bounds, or an illegal move;
    either way the engine's ``IllegalAction`` (a parse failure: ``bad_action``) goes with it."""
    try:
        data = as_dict(action)
    except Exception:
        data = dict(action) if isinstance(action, Mapping) else {}
    kind = data.get("kind")
    engine = (
        exc
        if isinstance(exc, IllegalAction)
        else IllegalAction(Refusal.BAD_ACTION, kind=kind if isinstance(kind, str) else None)
    )
    for spec in specs:
        if spec.kind != kind:
            continue
        for name, f in spec.fields.items():
            if isinstance(f, AmountField) and not f.contains(data.get(name)):
                return e.AmountOutOfBounds("action").of_engine(engine, game)
    return e.IllegalMove().of_engine(engine, game)
