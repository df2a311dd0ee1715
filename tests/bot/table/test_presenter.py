"""The kit's presenter and renderer: what a table, a DM and a refusal say, from typed facts,
through the catalog; and the table service's refusals all have words."""

from __future__ import annotations

import dataclasses

import pytest

from bot.refusal import game_refusal, table_refusal
from bot.table import EmbedField, GameUI, TableNames
from bot.table import _presenter as present
from bot.table import _render as render
from bot.table._model import Button, Select
from bot.text import Text, catalog
from games.actions import ActionSpec, ChoiceField
from games.errors import IllegalAction
from games.errors import Refusal as Code
from games.events import GameEvent
from services.tables import SeatStatus, TableStatus
from services.tables import errors as e
from services.tables.events import Joined, Leaving, Left, ToppedUp
from storage.tables import Closed

ALICE, BOB = 110000000000000001, 110000000000000002
en = catalog("en").text


class Shown(GameEvent):
    kind: str = "shown"
    player: str


class PlainUI(GameUI):
    game = command = "plain"
    title = "Plain"

    def public_fields(self, status: TableStatus) -> list[EmbedField]:
        return []

    def private_text(self, status: TableStatus, user: int) -> list[Text]:
        return ["Your cards: A♠", "Stack: 100"]

    def describe_event(self, event, names) -> Text | None:
        return f"{en(names.mention(event.player))} shows." if isinstance(event, Shown) else None

    def describe_private(self, event, names) -> Text | None:
        return "You drew A♠." if isinstance(event, Shown) else None


def table(**changes: object) -> TableStatus:
    seats = (
        SeatStatus(user_id=ALICE, stack=1250, seated=True, in_deal=True, away=False),
        SeatStatus(user_id=BOB, stack=1, seated=False, in_deal=True, away=True),
    )
    status = TableStatus(
        table_id=7, guild_id=1, channel_id=2, game="plain", title="Plain", host_id=ALICE,
        message_id=99, deal_number=3, action_counter=12, deal_open=True, phase="play",
        to_act=ALICE, deadline=None, pot=0, kitty=0, seats=seats,
        max_seats=4, min_buy_in=10, max_buy_in=5000, options={}, view=None,
    )  # fmt: skip
    return dataclasses.replace(status, **changes)  # type: ignore[arg-type]


def names(status: TableStatus) -> TableNames:
    return TableNames({str(BOB): "Bob"}, [str(s.user_id) for s in status.seats])


def test_the_table_message_reads_as_before():
    status = table()
    log = [present.event_line(PlainUI(), Shown(player=str(BOB)), names(status))]
    model = present.present_table(PlainUI(), status, [t for t in log if t], [], names(status))
    embed = render.table_embed(model)
    assert embed.title == "Plain table"
    assert embed.description == f"Deal 3 · **<@{ALICE}>** to act"
    seats = embed.fields[0]
    assert seats.name == "Seats (2/4)"
    assert str(seats.value).splitlines() == [
        f"▶ <@{ALICE}> — 1,250 chips (host)",
        f"<@{BOB}> — 1 chip · away · leaving",
    ]
    assert (embed.fields[-1].name, embed.fields[-1].value) == ("Latest", f"<@{BOB}> shows.")
    assert embed.footer.text is None  # during a deal: the deal is in the turn line
    lobby_model = present.present_table(PlainUI(), table(deal_open=False), [], [], names(status))
    assert en(lobby_model.footer) == "Table 7 · deal 3 · buy-in 10–5,000 · /plain rules"


def test_a_committed_deal_shows_its_decks_short_fingerprint_in_the_footer():
    status = table(fingerprint="0123456789ab" + "f" * 52)
    model = present.present_table(PlainUI(), status, [], [], names(status))
    assert render.table_embed(model).footer.text == "Deck fingerprint 0123456789ab"
    between = table(fingerprint="0123456789ab" + "f" * 52, deal_open=False)
    lobby_model = present.present_table(PlainUI(), between, [], [], names(between))
    assert en(lobby_model.footer) == "Table 7 · deal 3 · buy-in 10–5,000 · /plain rules"


def test_the_lobby_and_between_deals_turn_lines():
    lobby = table(deal_open=False, deal_number=0, to_act=None)
    between = table(deal_open=False, to_act=None)
    assert en(present.turn_line(lobby, names(lobby))) == (
        "Waiting for players: **Join**, then the host presses **Deal**."
    )
    assert en(present.turn_line(between, names(between))) == (
        "Deal 3 is over. **Deal** for the next one."
    )
    model = present.present_table(PlainUI(), between, [], [], names(between))
    kinds = [c.key.kind for c in model.components]
    assert kinds == ["@join", "@deal", "@leave", "@replay"]
    assert [en(c.label) for c in model.components if isinstance(c, Button)] == [
        "Join",
        "Deal",
        "Leave",
        "Replay",  # issue 29: the deal just over, step by step
    ]


def test_a_choice_of_players_names_them_plainly_where_mentions_do_not_render():
    bet = ActionSpec(kind="bet", fields={"target": ChoiceField(options=(str(BOB), str(ALICE)))})
    many = ActionSpec(kind="pick", fields={"who": ChoiceField(options=tuple("abcdef"))})
    model = present.present_table(PlainUI(), table(), [], [bet, many], names(table()))
    labels = [en(c.label) for c in model.components if isinstance(c, Button)]
    assert labels[:2] == ["Bet: Bob", f"Bet: @{ALICE}"]
    (select,) = [c for c in model.components if isinstance(c, Select)]
    assert en(select.placeholder) == "Pick"
    assert [en(o.label) for o in select.options] == ["A", "B", "C", "D", "E", "F"]


def test_the_table_services_seat_events_and_the_settlement_in_words():
    n, ui = names(table()), PlainUI()
    lines = [
        en(t)
        for t in (
            present.event_line(ui, Joined(player=str(BOB), amount=200), n),
            present.event_line(ui, ToppedUp(player=str(BOB), amount=50), n),
            present.event_line(ui, Left(player=str(BOB), amount=250), n),
            present.event_line(ui, Left(player=str(BOB), amount=250, removed=True), n),
            present.event_line(ui, Leaving(player=str(BOB)), n),
            present.settled_line({str(ALICE): 1250, str(BOB): -1250, "x": 0}, n),
            present.settled_line({}, n),
            present.timeout_line(BOB, True, n),
        )
        if t is not None
    ]
    b = f"<@{BOB}>"
    assert lines == [
        f"{b} sits down with 200 chips.",
        f"{b} adds 50 chips.",
        f"{b} leaves the table with 250 chips.",
        f"{b} is removed from the table with 250 chips.",
        f"{b} leaves the table; their stack is cashed out when this deal ends.",
        f"Deal over: <@{ALICE}> +1,250, {b} -1,250.",
        "Deal over: no chips changed hands.",
        f"⏰ {b} ran out of time: played for them. They are marked away until they act.",
    ]


def test_a_closed_table_says_why_and_whose_chips_went_back():
    # paid_out is what the ledger moved to each balance, the refunded stakes already in it
    closed = Closed(table_id=7, refunded={str(ALICE): 100}, paid_out={str(ALICE): 105, str(BOB): 0})
    text = present.closed_text("closed by the host", closed, names(table()))
    assert en(text) == (
        f"The table is closed (closed by the host). Chips back to balances: <@{ALICE}> 105 chips."
    )
    nothing = present.closed_text("idle", Closed(table_id=7), names(table()))
    assert en(nothing) == "The table is closed (idle). Chips back to balances: none."


def test_a_dm_is_the_private_events_then_the_cards_now():
    status = table()
    told = [Shown(player=str(ALICE), to=str(ALICE))]
    model = present.present_private(PlainUI(), status, told, status, ALICE, names(status))
    assert render.private_text(model) == (
        "**Plain** in <#2>\nYou drew A♠.\n\nYour cards: A♠\nStack: 100"
    )


class EchoUI(PlainUI):
    """A game whose private event says what its cards line says (Pontoon's "Your cards")."""

    def describe_private(self, event, names) -> Text | None:
        return "Your cards: A♠"


def test_the_same_line_is_never_twice_in_one_dm():
    """Issue 14, item 16."""
    status = table()
    told = [Shown(player=str(ALICE), to=str(ALICE)), Shown(player=str(ALICE), to=str(ALICE))]
    model = present.present_private(PlainUI(), status, told, status, ALICE, names(status))
    assert render.private_text(model).count("You drew A♠.") == 1
    echoed = present.present_private(EchoUI(), status, told, status, ALICE, names(status))
    assert render.private_text(echoed).count("Your cards: A♠") == 1


def _every_refusal() -> list[e.TableError]:
    """Every refusal kind and variant. A kind is a subclass only once its module is imported:
    the tournaments' refusals were in this list only when another test module had imported
    them first, and then their bare id (which has no words: each names its situation) failed."""
    import services.tournaments.model  # noqa: F401 - the refusals it defines

    made: list[e.TableError] = []
    for kind in e.TableError.__subclasses__():
        made += [kind(v) for v in ("",) * kind.bare + tuple(sorted(kind.variants))]
    return made


def test_a_refusal_without_words_of_its_own_must_name_its_situation():
    from services.tournaments.model import TournamentError

    with pytest.raises(ValueError):
        TournamentError()
    assert TournamentError("full").message_id in catalog("en").ids


@pytest.mark.parametrize("error", _every_refusal(), ids=lambda err: err.message_id)
def test_every_table_refusal_has_words(error: e.TableError):
    assert error.message_id in catalog("en").ids
    assert "{" not in en(error.message_id) or error.params == {}


def test_table_refusals_fill_in_their_facts_and_name_players_by_mention():
    said = [
        table_refusal(e.TableFull(seats=4)),
        table_refusal(e.NotYourTurn(to_act=str(BOB))),
        table_refusal(e.BadOptions("seats", game="paiute", min=2, max=5)),
        table_refusal(e.InsufficientChips("balance", needed=40)),
    ]
    assert [en(t) for t in said] == [
        "The table is full (4 seats).",
        f"It is <@{BOB}>'s turn.",
        "Paiute seats between 2 and 5 players.",
        "You need 40 chips in your balance.",
    ]
    with pytest.raises(ValueError, match="no variant"):
        e.NotHost("because")


def test_the_engines_shared_refusals_and_a_legacy_sentence():
    move = e.IllegalMove().of_engine(IllegalAction(Code.NOT_NOW, kind="buy_bank"), "plain")
    assert en(table_refusal(move)) == "You can't buy bank now."
    assert en(game_refusal(IllegalAction(Code.NOT_YOUR_TURN, to_act=None))) == (
        "It is nobody's turn now."
    )
    ranged = IllegalAction(Code.AMOUNT_OUT_OF_RANGE, kind="raise", field="amount", min=2, max=9)
    assert en(PlainUI().refusal(ranged, names(table()))) == "The amount must be between 2 and 9."
    every = [IllegalAction(c, to_act="1") for c in Code]
    assert all(en(game_refusal(r)) for r in every)
    legacy = IllegalAction(f"You can attack: {BOB}.")
    assert en(game_refusal(legacy)) == f"You can attack: <@{BOB}>."


def test_idle_close_of_1_minute_says_1_minute_not_1_minutes():
    from services.tables.events import CloseReason, Closing

    assert en(present.close_reason(Closing(CloseReason.IDLE, minutes=1))) == (
        "idle: no action for 1 minute; every chip was refunded"
    )
    assert "30 minutes" in en(present.close_reason(Closing(CloseReason.IDLE, minutes=30)))


def test_a_seat_events_chips_read_in_the_readers_number_format():
    """A computer sat down "with 2550 chips" in the sandbox: amounts are numbers for people."""
    line = present.event_line(PlainUI(), Joined(player="cpu:1", amount=2550), names(table()))
    assert line is not None
    assert en(line).endswith("sits down with 2,550 chips.")
