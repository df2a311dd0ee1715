"""The custom ids of the table's components: what a click carries across restarts.

``tbl:b:<table>:<deal>:<counter>:<kind>:<arg>`` is a button, ``tbl:s:...:<kind>:<field>`` a
select. ``kind`` is an engine action kind, or one of the kit's own (``@cards``, ``@join``,
``@deal``, ``@leave``, ``@back``). ``(table, deal, counter)`` is the service's ``Expected``: a
click drawn for an earlier moment of the table is refused as stale.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum

from services.tables import Expected

BUTTON = r"tbl:b:(?P<table>\d+):(?P<deal>\d+):(?P<counter>\d+):(?P<kind>@?[a-z_]+):(?P<arg>[^:]*)"
SELECT = r"tbl:s:(?P<table>\d+):(?P<deal>\d+):(?P<counter>\d+):(?P<kind>@?[a-z_]+):(?P<arg>[^:]*)"
MODAL = "tbl:m:{table}:{deal}:{counter}:{kind}:{arg}"
NONE = "~"
"""A choice of "none" (``None`` among a ``ChoiceField``'s options) in a custom id."""


class Lobby(StrEnum):
    """The kit's own buttons (not engine actions)."""

    CARDS = "@cards"
    JOIN = "@join"
    DEAL = "@deal"
    LEAVE = "@leave"
    BACK = "@back"
    REPLAY = "@replay"
    VERIFY = "@verify"


@dataclass(frozen=True, slots=True)
class Key:
    """What one component stands for."""

    expected: Expected
    kind: str
    arg: str = ""

    def button_id(self) -> str:
        t, d, c = self.expected
        return f"tbl:b:{t}:{d}:{c}:{self.kind}:{self.arg}"

    def select_id(self) -> str:
        t, d, c = self.expected
        return f"tbl:s:{t}:{d}:{c}:{self.kind}:{self.arg}"

    def modal_id(self) -> str:
        t, d, c = self.expected
        return MODAL.format(table=t, deal=d, counter=c, kind=self.kind, arg=self.arg)

    @classmethod
    def from_match(cls, match: re.Match[str]) -> Key:
        expected = Expected(int(match["table"]), int(match["deal"]), int(match["counter"]))
        return cls(expected, match["kind"], match["arg"])


COLON = ";"
"""``:`` in a choice (a computer player's id, ``cpu:1``) as custom ids carry it: ``:`` parts
the id's fields."""


def encode_choice(option: str | None) -> str:
    return NONE if option is None else option.replace(":", COLON)


def decode_choice(arg: str) -> str | None:
    return None if arg == NONE else arg.replace(COLON, ":")
