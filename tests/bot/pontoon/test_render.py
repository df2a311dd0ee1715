"""The Pontoon presenter says, word for word, what the engine used to say itself; and it can
say everything 200 random deals produce (every id is in the catalog, every field filled)."""

from __future__ import annotations

import pytest

from bot.exts.pontoon import render as r
from bot.text import Text, catalog
from bot.text.format import PlayerNames
from games.actions import ActionSpec, AmountField, ChoiceField
from games.errors import IllegalAction, Refusal
from games.events import GameEvent
from games.pontoon import (
    BankerDraws,
    BankPasses,
    BankPassReason,
    Bust,
    HandKind,
    HandView,
    HandWins,
    KittyPut,
    PontoonRefusal,
    Score,
    ShootBet,
    ShootMoment,
    SitsOut,
    SplitPair,
    StandReason,
    Stands,
)
from tests.games.pontoon.helpers import game
from tests.games.pontoon.scan import play

NAMES = PlayerNames()
EN = catalog("en")


def say(text: Text | None) -> str:
    assert text is not None
    return EN.text(text)


def lines(events: list[GameEvent]) -> list[str]:
    out = []
    for e in events:
        text = r.describe_event(e, NAMES) if e.is_public else r.describe_private(e, NAMES)
        out.append(("*" if e.to is None else e.to) + " " + say(text))
    return out


def test_a_shoot_pontoon_deal_reads_as_it_did():
    g = game("Ks 8s 2s 9d 9h 3c 4c 5c 6c", shoot=True)
    events = list(g.opening_events())
    actions: list[tuple[str, dict[str, object]]] = [
        ("a", {"kind": "kitty", "amount": 100}),
        ("a", {"kind": "stay"}),
        ("b", {"kind": "stake", "amount": 20}),
        ("c", {"kind": "stake", "amount": 30}),
        ("b", {"kind": "shoot", "amount": 10}),
        ("c", {"kind": "shoot", "amount": 0}),
        ("b", {"kind": "stick"}),
        ("c", {"kind": "stick"}),
        ("a", {"kind": "draw"}),
        ("a", {"kind": "draw"}),
        ("a", {"kind": "draw"}),
    ]
    for pid, action in actions:
        events += g.act(pid, action)
    assert lines(events) == [
        "* a puts 100 in the kitty (now 100).",
        "b Your first card: K♠.",
        "c Your first card: 8♠.",
        "* The banker deals one card face down to each player.",
        "* b stakes 20.",
        "* c stakes 30.",
        "* b places a shoot bet of 10.",
        "* c places no shoot bet.",
        "b Your cards: K♠ 9♦ (19).",
        "c Your cards: 8♠ 9♥ (17).",
        "a Your cards: 2♠ 3♣ (5).",
        "* The banker deals everyone a second card face down.",
        "* b sticks.",
        "* c sticks.",
        "* The banker turns up 2♠ 3♣ (5).",
        "* a draws 4♣ (9).",
        "* a draws 5♣ (14).",
        "* a draws 6♣ (five-card trick (20)).",
        "* b pays the banker 40; the shoot bet of 10 goes to the kitty.",
        "* c pays the banker 60.",
        "* The deal is over.",
    ]
    # issue 14, item 16: each player's part is on their seat line, no stakes line repeated
    assert r.public_fields(g.view(None), NAMES) == []
    shown = {pid: say(r.seat_detail(g.view(None), pid, NAMES)) for pid in ("a", "b", "c")}
    assert shown == {
        "a": "bank: 2♠ 3♣ 4♣ 5♣ 6♣ (five-card trick (20)) · kitty 110 chips",
        "b": "K♠ 9♦ (19) stake 20 shoot 10 · stands",
        "c": "8♠ 9♥ (17) stake 30 · stands",
    }
    assert [say(t) for t in r.private_lines(g.view("b"), "b")] == [
        "Your hand: K♠ 9♦ (19) stake 20 shoot 10 · stands",
        "Your stack: 950 chips",
    ]


@pytest.mark.parametrize(
    ("event", "english"),
    [
        (KittyPut(player=None, amount=100, total=100), "The house puts 100 in the kitty."),
        (
            BankPasses(banker="b", reason=BankPassReason.PONTOON),
            "b is the banker now (made a pontoon).",
        ),
        (
            BankPasses(banker="b", reason=BankPassReason.PASSED_LEFT),
            "b is the banker now (the bank passed to the left).",
        ),
        (SitsOut(player="c", broke=True), "c cannot afford the minimum stake and sits out."),
        (
            ShootBet(player="b", amount=5, moment=ShootMoment.FOURTH_CARD),
            "b places a shoot bet of 5 for a fourth card.",
        ),
        (
            SplitPair(player="b", cards=["8s", "8d"], hands=2),
            "b splits 8♠ 8♦ into two hands (2 in all).",
        ),
        (
            Stands(player="b", reason=StandReason.PACK_EMPTY),
            "The pack has run out: b's hand stands (PO-14).",
        ),
        (
            Bust(player="b", cards=["Ks", "6d", "Qh"], total=26, stake=20, shoot=0),
            "b busts with K♠ 6♦ Q♥ (26) and loses 20.",
        ),
        (
            BankerDraws(
                banker=None, card="9c", score=Score(kind=HandKind.BUST, total=23, soft=False)
            ),
            "The house draws 9♣ (bust (23)).",
        ),
        (
            HandWins(
                player="c", won=40, score=Score(kind=HandKind.TOTAL, total=18, soft=True), shoot=10
            ),
            "c wins 40 with soft 18 and 10 from the kitty.",
        ),
        (
            HandWins(
                player="c", won=60, score=Score(kind=HandKind.PONTOON, total=21, soft=True), shoot=0
            ),
            "c wins 60 with pontoon.",
        ),
    ],
)
def test_single_events(event, english):
    assert say(r.describe_event(event, NAMES)) == english


def test_players_are_mentioned():
    assert say(r.describe_event(SitsOut(player="1234567890123456"), NAMES)) == (
        "<@1234567890123456> sits this deal out."
    )


@pytest.mark.parametrize(
    ("error", "english"),
    [
        (
            IllegalAction(
                Refusal.AMOUNT_OUT_OF_RANGE, kind="stake", field="amount", min=10, max=50
            ),
            "You can stake between 10 and 50 chips.",
        ),
        (
            IllegalAction(
                Refusal.AMOUNT_OUT_OF_RANGE, kind="buy", field="amount", min=100, max=175
            ),
            "You can buy a card for between 100 and 175 chips.",
        ),
        (
            IllegalAction(
                Refusal.AMOUNT_OUT_OF_RANGE, kind="offer_bank", field="price", min=0, max=1000
            ),
            "You can ask between 0 and 1,000 chips.",
        ),
        (
            IllegalAction(Refusal.NOT_A_CHOICE, kind="offer_bank", field="to", options=["b", "c"]),
            "You can offer the bank to: b, c.",
        ),
        (
            IllegalAction(Refusal.NOT_NOW, kind="stick", allowed=["buy", "twist"]),
            "You can't stick now. You can: buy a card, twist.",
        ),
        (IllegalAction(Refusal.NOT_YOUR_TURN, to_act="d"), "It is d's turn."),
        (IllegalAction(Refusal.NOT_YOUR_TURN, to_act=None), "Nobody can act now."),
        (IllegalAction(Refusal.NOT_PLAYING), "You are not playing at this table."),
        (IllegalAction(Refusal.DEAL_OVER), "The deal is over."),
        (
            IllegalAction(PontoonRefusal.STICK_TOO_LOW, total=12, min_stick=15),
            "You can't stick on 12: a hand needs at least 15 to stick. Twist or buy.",
        ),
        (
            IllegalAction(PontoonRefusal.MUST_TAKE_FOURTH),
            "You placed a shoot bet for a fourth card: take it with buy or twist.",
        ),
        (
            IllegalAction(PontoonRefusal.TOO_MANY_HANDS, max=4),
            "You can't split into more than 4 hands.",
        ),
    ],
)
def test_refusals(error, english):
    assert say(r.refusal(error, NAMES)) == english


def test_button_words_follow_the_moment():
    g = game("2s", shoot=True)
    view = g.view(None)
    kitty = ActionSpec(kind="kitty", fields={"amount": AmountField(min=10, max=100)})
    assert say(r.action_label(kitty, NAMES, view)) == "Put up the kitty"
    offer = ActionSpec(
        kind="offer_bank",
        fields={"to": ChoiceField(options=("b",)), "price": AmountField(min=0, max=9)},
    )
    assert say(r.action_label(offer, NAMES, view)) == "Offer the bank to b"
    assert say(r.action_label(ActionSpec(kind="decline_bank"), NAMES, view)) == "Give up the bank"
    g.act("a", {"kind": "kitty", "amount": 50})
    assert (
        say(r.action_label(ActionSpec(kind="stay"), NAMES, g.view(None)))
        == "Keep the bank and deal"
    )
    g.act("a", {"kind": "offer_bank", "to": "b", "price": 30})
    view = g.view(None)
    assert say(r.action_label(ActionSpec(kind="accept_bank"), NAMES, view)) == "Buy the bank for 30"
    assert say(r.action_label(ActionSpec(kind="decline_bank"), NAMES, view)) == "Decline the bank"


def test_everything_of_200_random_deals_can_be_said():
    seen = play(200)
    said = [say(r.describe_event(e, NAMES)) for e in seen.events if e.is_public]
    said += [say(r.describe_private(e, NAMES)) for e in seen.events if not e.is_public]
    said += [say(r.refusal(e, NAMES)) for e in seen.refusals if e.code != Refusal.UNKNOWN_ACTION]
    said += [say(r.action_label(s, NAMES)) for s in seen.specs]
    for view in seen.views:
        for f in r.public_fields(view, NAMES):
            said += [say(f.name)] + [
                say(v) for v in (f.value if isinstance(f.value, list) else [f.value])
            ]
        said += [say(t) for t in r.private_lines(view, view.viewer or "p0")]
    assert all(text and "{" not in text and "_" not in text for text in said)
    unknown = IllegalAction(Refusal.UNKNOWN_ACTION, kind="fold", allowed=("stake",))
    assert say(r.refusal(unknown, NAMES)) == (
        "There is no fold in Pontoon: use the buttons or the /pontoon commands."
    )
    assert not any(say(r.refusal(e, NAMES)) == e.code for e in seen.refusals)


def test_pontoon_bust_hand_is_shown_as_bust_not_stands_nor_bust_twice():
    score = Score(total=22, kind=HandKind.BUST, soft=False)
    busted = HandView(
        cards=["Kh", "5d", "7c"], value=score, stake=10, shoot=0, twisted=True,
        declared=False, done=True, bust=True,
    )  # fmt: skip
    text = say(r.hand(busted))
    assert "stands" not in text
    assert text.count("bust") == 1
    assert "(22)" in text
