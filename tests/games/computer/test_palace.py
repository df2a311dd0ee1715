"""The Palace Poker players' key decisions, on stacked decks (seat a acts first, c deals)."""

from __future__ import annotations

from games.palace import PalacePoker
from tests.games.computer.helpers import decide
from tests.games.palace.helpers import deal_deck, table


def _attacked(banners: list[str], palaces: list[str], stacks: int = 1000) -> PalacePoker:
    game = table(3, deal_deck(banners, palaces), stacks=stacks)
    game.act("a", {"kind": "bet", "target": "b"})
    assert game.to_act == "b"
    return game


def test_folds_a_hopeless_battle_it_cannot_afford():
    # b: 9h 7s 3d 2c; a's spade banner takes the 7s away: nine high in three cards
    game = _attacked(["As", "9h", "Qd"], ["Ah Ad Kc", "7s 3d 2c", "10d 8d 6d"], stacks=60)
    assert decide(game, "palace") == {"kind": "fold"}


def test_calls_or_raises_a_battle_it_is_sure_to_win():
    game = _attacked(["As", "Kh", "Qd"], ["7c 3d 2c", "Kc Kd Ks", "10d 8d 6d"])
    assert decide(game, "palace")["kind"] in ("call", "raise")


def test_the_banner_suit_exclusion_decides():
    # b holds K Q J of spades and the Kd banner: kings, unless the attacker's banner is a spade
    spade = _attacked(["As", "Kd", "Qh"], ["Ah Ad 5c", "Ks Qs Js", "10h 8h 6h"])
    assert decide(spade, "palace") == {"kind": "fold"}
    heart = _attacked(["Ah", "Kd", "Qc"], ["As Ac 5c", "Ks Qs Js", "10h 8h 6h"])
    assert decide(heart, "palace")["kind"] in ("call", "raise")


def test_attacks_with_a_strong_hand():
    game = table(3, deal_deck(["As", "Kh", "Qd"], ["Ah Ad Ac", "7c 3d 2c", "10d 8d 5c"]))
    action = decide(game, "palace")
    assert action["kind"] == "bet"


def test_buys_soldiers_with_a_poor_hand_and_keeps_them_all():
    game = table(3, deal_deck(["7s", "Kh", "Qd"], ["2c 4d 9h", "Ac Ad Kc", "Qc Qs 10d"], ["8c"]))
    assert decide(game, "palace") == {"kind": "buy"}
    game.act("a", {"kind": "buy"})
    assert decide(game, "palace") == {"kind": "discard_soldiers", "cards": []}


def test_easy_folds_a_battle_without_a_pair():
    game = _attacked(["As", "9h", "Qd"], ["Ah Ad Kc", "7s 3d 2c", "10d 8d 6d"])
    assert decide(game, "palace", "easy") == {"kind": "fold"}
