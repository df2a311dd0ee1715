"""Every refusal of the table service: a code, a variant and the facts, never a sentence.

The service knows no language: a refusal names what went wrong (its class's ``code``, and a
``variant`` when the same refusal has several situations, e.g. ``NotHost("close")``) and the
facts a presenter needs (``params``: player ids, chip amounts, game ids). The bot says it in the
reader's words: the message id is :attr:`TableError.message_id` (``table.refusal.not_host.close``,
in ``bot/locale/<lang>/table.po``). A refusal has changed nothing (no chips moved, no engine
state, no counter).
"""

from __future__ import annotations

from typing import ClassVar

from games.errors import IllegalAction

Param = str | int | None
"""What a refusal parameter may hold: ids, amounts, names of options."""


class TableError(Exception):
    """A refusal a player can read once the bot words it; the table and every balance are
    unchanged."""

    code: ClassVar[str] = "refused"
    """The refusal's id below ``table.refusal.``."""
    variants: ClassVar[frozenset[str]] = frozenset()
    """The situations this refusal has besides its default one (each has its own words)."""
    bare: ClassVar[bool] = True
    """Whether the refusal has words of its own without a variant (``table.refusal.<code>``);
    a refusal without them must say which situation it is."""

    def __init__(self, variant: str = "", **params: Param) -> None:
        if (variant and variant not in self.variants) or not (variant or self.bare):
            raise ValueError(f"{type(self).__name__} has no variant {variant!r}")
        self.variant = variant
        self.params: dict[str, Param] = params
        self.refusal: IllegalAction | None = None
        """The engine's own refusal when the engine refused (worded by the game's presenter,
        ``GameUI.refusal``, instead of :attr:`message_id`)."""
        self.game = ""
        """The game whose engine refused."""
        super().__init__(self.message_id)

    def of_engine(self, refusal: IllegalAction, game: str) -> TableError:
        """This refusal, worded as the engine's ``refusal`` by ``game``'s presenter."""
        self.refusal, self.game = refusal, game
        return self

    @property
    def message_id(self) -> str:
        """The catalog id of the refusal's words."""
        return f"table.refusal.{self.code}" + (f".{self.variant}" if self.variant else "")

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.variant!r}, **{self.params!r})"


class NoTable(TableError):
    code = "no_table"


class TableExists(TableError):
    code = "table_exists"


class TableFull(TableError):
    """``seats``: how many the table has."""

    code = "table_full"


class NotSeated(TableError):
    code = "not_seated"
    variants = frozenset({"target", "not_in_deal", "left_deal", "computer", "start"})


class AlreadySeated(TableError):
    code = "already_seated"


class NotHost(TableError):
    code = "not_host"
    variants = frozenset({"kick", "first_deal", "close", "computers"})


class NotYourTurn(TableError):
    """``to_act``: the player whose turn it is."""

    code = "not_your_turn"


class InsufficientChips(TableError):
    """``needed`` chips in ``where`` (``balance`` or ``stack``)."""

    code = "insufficient_chips"
    variants = frozenset({"balance", "stack"})


class StaleAction(TableError):
    code = "stale_action"


class AmountOutOfBounds(TableError):
    """Variants: ``buy_in`` (``min``, ``max``), ``stack_full`` (``max``), ``top_up`` (``max``),
    ``server_buy_in`` (``max``, ``need``), ``stake_limit`` (``max``, ``top``), ``timer``
    (``min``, ``max``); ``action``: an action's amount, the engine's refusal (:meth:`of_engine`)."""

    code = "amount_out_of_bounds"
    variants = frozenset(
        {"buy_in", "stack_full", "top_up", "server_buy_in", "stake_limit", "timer", "action"}
    )


class TableBusy(TableError):
    """The table is in a state that does not allow this now (a deal is in progress, ...)."""

    code = "table_busy"
    variants = frozenset({"left_deal", "top_up", "dealing", "computers", "kick"})


class NoDeal(TableError):
    code = "no_deal"


class NotEnoughPlayers(TableError):
    """``need_players`` with ``need_chips`` or more; ``have`` do (``game``: its id)."""

    code = "not_enough_players"
    variants = frozenset({"count"})


class UnknownGame(TableError):
    """``game``: what was asked; ``known``: the games there are (comma-separated ids)."""

    code = "unknown_game"
    variants = frozenset({"named"})


class BadOptions(TableError):
    """Variants: ``seats`` (``game``, ``min``, ``max``), ``option`` (``option``: its name,
    ``problem``: the validator's own description, not a sentence of ours)."""

    code = "bad_options"
    variants = frozenset({"seats", "option", "computer_delay", "computer_level"})


class IllegalMove(TableError):
    """The engine refused the action: :attr:`refusal` is its ``IllegalAction`` (code and
    params), worded by the game's presenter (``GameUI.refusal``)."""

    code = "illegal_move"
