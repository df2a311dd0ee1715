"""What the second playtest read wrong in the games' words (issue 33.7, 33.8), on real engines:
a Palace all-in named as one, Paiute's private updates saying what happened to the hand."""

from __future__ import annotations

from bot.exts.paiute import render as paiute_render
from bot.exts.palace import refusal_words as words
from bot.exts.palace import render as palace_render
from bot.text import Text, catalog
from bot.text.format import PlayerNames
from games.paiute import Drawn, Paiute, PaiuteOptions
from games.palace import PalaceOptions, PalacePoker

NAMES = PlayerNames()


def en(text: Text | None) -> str:
    assert text is not None
    return catalog("en").text(text)


def test_a_call_with_nothing_left_reads_call_all_in_not_call_0():
    """The button read "Call (0)" and the log "@carol calls 0": the all-in was not named."""
    game = PalacePoker.new(
        players=["1", "2"],
        stacks={"1": 500, "2": 5},  # the ante takes all of 2's stack
        options=PalaceOptions(small_bet=10),
        seed=1,
        dealer="2",
    )
    game.act("1", {"kind": "bet", "target": "2"})
    assert game.to_act == "2"
    assert game.stacks["2"] == 0
    call = next(s for s in game.legal_actions("2") if s.kind == "call")
    assert en(words.action_label(call, game.view(None))) == "Call all-in (0)"
    events = game.act("2", {"kind": "call"})
    lines = [en(palace_render.event_line(e, NAMES)) for e in events if e.is_public]
    assert lines[0] == "<@2> calls all-in with 0: the battle is shown down.", lines


def test_an_attack_with_less_than_the_stake_reads_attack_all_in():
    game = PalacePoker.new(
        players=["1", "2"],
        stacks={"1": 12, "2": 500},  # 7 left after the ante: short of the stake of 10
        options=PalaceOptions(small_bet=10),
        seed=1,
        dealer="2",
    )
    bet = next(s for s in game.legal_actions("1") if s.kind == "bet")
    assert en(words.action_label(bet, game.view(None))) == "Attack all-in (7)"
    events = game.act("1", {"kind": "bet", "target": "2"})
    assert en(palace_render.event_line(events[0], NAMES)) == (
        "⚔️ <@1> attacks <@2> all-in with 7; pot 17."
    )


def test_a_full_call_still_reads_call_with_its_amount():
    game = PalacePoker.new(
        players=["1", "2"],
        stacks={"1": 500, "2": 500},
        options=PalaceOptions(small_bet=10),
        seed=1,
        dealer="2",
    )
    game.act("1", {"kind": "bet", "target": "2"})
    call = next(s for s in game.legal_actions("2") if s.kind == "call")
    assert en(words.action_label(call, game.view(None))) == "Call (10)"


def test_taking_the_top_discard_tells_its_taker_privately():
    """Issue 33.8: a stock draw told the player their card, the top discard told nothing."""
    game = Paiute.new(["1", "2"], {"1": 100, "2": 100}, PaiuteOptions(stake=5), seed=3)
    pid = game.to_act
    assert pid is not None
    top = game.view(None).top_discard
    assert top is not None
    events = game.act(pid, {"kind": "draw", "source": "discard"})
    told = [e for e in events if e.to == pid]
    assert [type(e) for e in told] == [Drawn]
    assert en(paiute_render.private_line(told[0])) == f"You took {top} from the discard pile."
