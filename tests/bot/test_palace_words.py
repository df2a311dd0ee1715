"""Palace Poker's words for hands, buttons and refusals: every refusal an engine can give reads
as the sentence players have always read, in the words of the buttons."""

from __future__ import annotations

from typing import Any

import pytest

from bot.exts.palace import PalaceUI, hand_name
from bot.exts.palace import refusal_words as words
from bot.text import Text, catalog
from bot.text.format import PlayerNames
from games.actions import ActionSpec
from games.cards import Card
from games.errors import IllegalAction, Refusal
from games.palace import Buy, PalaceHand, PalacePoker, PalaceRefusal, hand_of
from games.poker import Category, evaluate
from tests.games.palace.helpers import deal_deck, table

NAMES = PlayerNames()


def en(text: Text) -> str:
    return catalog("en").text(text)


def named(cards: str, **exclusion: Any) -> str:
    return en(hand_name(hand_of(evaluate(Card.parse_many(cards), **exclusion))))


@pytest.mark.parametrize(
    ("cards", "name"),
    [
        ("As Ks Qs Js 10s", "Royal flush"),
        ("9d 8d 7d 6d 5d", "Straight flush, nine high"),
        ("6c 6d 6h 6s Kd", "Four of a kind, sixes"),
        ("Kc Kd Ks 10c 10h", "Full house, kings over tens"),
        ("9s 9d 9c Ks Kd Kc 2h", "Full house, kings over nines"),
        ("Ac 9c 7c 4c 2c", "Flush, ace high"),
        ("2d 3c 4h 5s As", "Straight, five high"),
        ("10d Jc Qh Ks As", "Straight, ace high"),
        ("7c 7d 7h 2s 9d", "Three of a kind, sevens"),
        ("Ac Ad Kh Ks 2c", "Two pair, aces and kings"),
        ("Ac Ad 9h 4s 2c", "Pair of aces"),
        ("Ac Jd 9h 4s 2c", "High card, ace"),
        ("2c 2d", "Pair of twos"),
        ("", "No cards"),
    ],
)
def test_hand_names(cards, name):
    assert named(cards) == name


def test_hand_names_after_the_banner_suit_is_excluded():
    from games.cards import Suit

    assert named("Qs Qh 9s 9h 4c 4s") == "Two pair, queens and nines"
    assert named("Qs Qh 9s 9h 4c 4s", exclude_suit=Suit.SPADES) == "High card, queen"
    keep = Card.parse_many("Qs")
    assert named("Qs Qh 9s 9h 4c 4s", exclude_suit=Suit.SPADES, keep=keep) == "Pair of queens"
    assert named("Ah Kh Qh 8h 3h 3s 3d", exclude_suit=Suit.HEARTS) == "Pair of threes"
    assert en(hand_name(PalaceHand(category=Category.STRAIGHT_FLUSH, ranks=("A",)))) == (
        "Royal flush"
    )


def said(game: PalacePoker, pid: str, action: dict[str, Any]) -> str:
    """What the player reads when ``action`` is refused."""
    with pytest.raises(IllegalAction) as caught:
        game.act(pid, action)
    return en(words.refusal(caught.value, NAMES))


def test_every_refusal_reads_as_before_in_the_buttons_words():
    game = table(3)
    assert said(game, "b", {"kind": "stay"}) == "It is a's turn."
    assert said(game, "zed", {"kind": "stay"}) == "You are not dealt into this hand."
    assert said(game, "a", {"kind": "shout"}) == (
        "'shout' is not a Palace Poker action (actions: buy, discard soldiers, discard, stay, "
        "fold, attack, call, raise)."
    )
    assert said(game, "a", {"kind": "stay", "loud": True}) == (
        "That stay is not well formed: this action takes no other fields."
    )
    assert "name the player you attack" in said(game, "a", {"kind": "bet"})
    assert said(game, "a", {"kind": "bet", "target": "nobody"}) == "You can attack: b, c."
    assert said(game, "a", {"kind": "call"}) == (
        "There is nothing to call now. You can: buy, stay, attack, fold."
    )
    assert said(game, "a", {"kind": "raise", "amount": 5}).startswith(
        "There is nothing to raise now."
    )
    assert said(game, "a", {"kind": "discard_soldiers", "cards": []}).startswith(
        "There is no free discard step now."
    )
    assert said(game, "a", {"kind": "discard", "cards": ["2c"]}).startswith(
        "You have no soldiers to discard."
    )
    game.act("a", Buy())
    assert said(game, "a", {"kind": "discard_soldiers", "cards": ["Zz"]}) == (
        "'Zz' is not a card: write cards as codes like Kd 10h 2c."
    )
    assert said(game, "a", {"kind": "discard_soldiers", "cards": ["2h"]}) == (
        "2h is not one of your soldiers."
    )
    assert said(game, "a", {"kind": "stay"}) == (
        "First finish your free discard step. You can: discard soldiers."
    )


def test_battle_refusals_name_the_raise_and_the_answers():
    game = table(3, small_bet=10)
    game.act("a", {"kind": "bet", "target": "b"})
    assert said(game, "b", {"kind": "raise", "amount": 21}) == (
        "The raise is exactly 20 chips here."
    )
    assert said(game, "b", {"kind": "raise", "amount": "x"}) == (
        "That raise is not well formed: give a whole number of chips."
    )
    assert said(game, "b", {"kind": "buy"}) == (
        "You are in a battle: fold, call or raise. You can: fold, call, raise."
    )
    no_limit = table(3, small_bet=10, betting="no-limit")
    no_limit.act("a", {"kind": "bet", "target": "b"})
    assert said(no_limit, "b", {"kind": "raise", "amount": 5}) == (
        "You can raise between 20 and 985 chips."
    )


def test_the_end_of_the_hand_refusals():
    game = table(3)
    game.act("a", {"kind": "fold"})
    assert said(game, "b", {"kind": "stay"}) == (
        "With two players left you must bet or fold. You can: attack, fold."
    )
    game.act("b", {"kind": "fold"})
    assert said(game, "c", {"kind": "stay"}) == "The hand is over."


def test_what_a_buy_costs_and_whom_you_cannot_attack():
    short = table(3, stacks={"a": 8, "b": 100, "c": 100})  # ante 5: a has 3 left
    assert said(short, "a", {"kind": "buy"}).startswith("Buying costs 10 chips and you have 3.")
    palaces = ["2c 3c 4c", "5c 6c 7c", "8c 9c 10c", "Jc Qc Kc", "2d 3d 4d"]
    five = table(5, deal_deck(["As", "Ah", "Ad", "Ac", "Ks"], palaces))  # e's banner: spades
    assert said(five, "a", {"kind": "bet", "target": "e"}) == "You can attack: b, c, d."


def test_each_code_has_words():
    """Every code a refusal can carry has a sentence (the shared ones in Palace Poker's
    words); an unknown code still reads as a refusal."""
    for code in [*PalaceRefusal, *Refusal]:
        params: dict[str, Any] = {"kind": "buy", "allowed": ["stay"], "min": 1, "max": 2}
        if code in (PalaceRefusal.NOTHING_TO,):
            params["kind"] = "call"
        assert en(words.refusal(IllegalAction(code, **params), NAMES))
    assert en(words.refusal(IllegalAction("mystery"), NAMES)) == "That action is not allowed now."


def test_the_ui_resolves_refusals_and_passes_legacy_lines_through():
    ui = PalaceUI()
    error = IllegalAction(Refusal.NOT_YOUR_TURN, to_act="123")
    assert catalog("en").text(ui.refusal(error)) == "It is <@123>'s turn."


def test_a_raise_refused_at_the_raise_cap_says_the_cap_was_reached():
    """Issue 14, item 11: "You are in a battle: fold, call or raise" while raise was refused."""
    game = table(3, small_bet=10, max_raises=1)
    game.act("a", {"kind": "bet", "target": "b"})
    game.act("b", {"kind": "raise", "amount": 20})
    assert "raise" not in [s.kind for s in game.legal_actions("a")]
    assert said(game, "a", {"kind": "raise", "amount": 20}) == (
        "This battle already had its 1 raise: call or fold. You can: fold, call."
    )


def test_a_raise_against_an_all_in_battler_says_they_cannot_call_it():
    game = table(3, small_bet=10, stacks={"a": 1000, "b": 35, "c": 1000})  # b: 30 after the ante
    game.act("a", {"kind": "bet", "target": "b"})
    game.act("b", {"kind": "raise", "amount": 20})  # calls 10, raises 20: all in
    assert said(game, "a", {"kind": "raise", "amount": 20}).startswith(
        "Your opponent is all in and cannot call a raise"
    )


def test_the_paid_discard_button_shows_its_price():
    game = table(3, small_bet=10)
    discard = ActionSpec(kind="discard", fields={})
    assert en(words.action_label(discard, game.view(None))) == "Discard (10)"
