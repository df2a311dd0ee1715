"""PO-15 .. PO-18: the banker's turn and the settlement."""

from __future__ import annotations

import pytest

from games.errors import IllegalAction
from games.pontoon import BankerDraws, BankerShows

from .helpers import dealt, game, kinds

FOUR = ("a", "b", "c", "d")


def test_PO_15_banker_turns_up_and_draws_face_up():
    g = game("Ks 8s 2s 9d 9h 3c 4c 5c 6c")
    # b: Ks 9d = 19, c: 8s 9h = 17, banker: 2s 3c
    dealt(g, {"b": 20, "c": 30})
    g.act("b", {"kind": "stick"})
    events = g.act("c", {"kind": "stick"})
    assert g.phase == "banker"
    assert g.to_act == "a"
    shown = [e for e in events if isinstance(e, BankerShows)]
    assert shown
    assert shown[0].cards == ["2s", "3c"]
    assert kinds(g, "a") == ["draw", "stay"]
    for card in ("4c", "5c", "6c"):
        events = g.act("a", {"kind": "draw"})
        assert [e.card for e in events if isinstance(e, BankerDraws)] == [card]
        assert card in g.view(None).banker_hand.cards
    # 2 3 4 5 6 = 20 in five cards: a five-card trick, the banker stays by itself
    assert g.is_over
    with pytest.raises(IllegalAction):
        g.act("a", {"kind": "draw"})


def _play(codes: str, stakes: dict[str, int], moves: list[tuple[str, str]], players=FOUR):
    g = game(codes, players=players)
    dealt(g, stakes)
    for pid, kind in moves:
        g.act(pid, {"kind": kind})
    assert g.is_over
    return g.settlement()


def test_PO_16_banker_bust():
    # b: As Kd pontoon; c: 2s 2h + 3s 4s 5s = 16 five-card trick; d: Ks 8d = 18;
    # banker: 10s 6d, draws Qc: bust
    codes = "As 2s Ks 10s Kd 2h 8d 6d 3s 4s 5s Qc"
    moves = [("c", "twist")] * 3 + [("d", "stick"), ("a", "draw")]
    result = _play(codes, {"b": 10, "c": 20, "d": 30}, moves)
    assert result == {"a": -90, "b": 20, "c": 40, "d": 30}


def test_PO_17_banker_stays_ties_to_the_banker():
    # b: As Kd pontoon (double); c: Ks 9h = 19 (wins); d: Qs 8d = 18 (ties 18); e: 10s 7d (17)
    codes = "As Ks Qs 10s 10d Kd 9h 8d 7d 8c"
    players = ("a", "b", "c", "d", "e")
    moves = [("c", "stick"), ("d", "stick"), ("e", "stick"), ("a", "stay")]
    result = _play(codes, {"b": 10, "c": 20, "d": 30, "e": 40}, moves, players)
    assert result == {"a": -20 - 20 + 30 + 40, "b": 20, "c": 20, "d": -30, "e": -40}


def test_PO_17_banker_at_21_pays_only_pontoons_and_tricks():
    # b: As Kd pontoon; c: Ks 5h + 6h = 21 in three; d: 2s 2d + 3h 3c 4c = 14 trick;
    # banker: 9s 5d + 7c = 21
    codes = "As Ks 2s 9s Kd 5h 2d 5d 6h 3h 3c 4c 7c"
    moves = [("c", "twist"), ("d", "twist"), ("d", "twist"), ("d", "twist"), ("a", "draw")]
    result = _play(codes, {"b": 10, "c": 20, "d": 30}, moves)
    assert result == {"a": -20 + 20 - 60, "b": 20, "c": -20, "d": 60}


def test_PO_18_banker_five_card_trick():
    # b: As Kd pontoon (paid double); c: 2s 2h + 3h 3d 4h = 14 trick (pays twice);
    # d: Ks Qd = 20 (pays twice); banker: 2c 2d + 3s 3c 4s = 14 five-card trick
    codes = "As 2s Ks 2c Kd 2h Qd 2d 3h 3d 4h 3s 3c 4s"
    moves = [("c", "twist")] * 3 + [("d", "stick")] + [("a", "draw")] * 3
    result = _play(codes, {"b": 10, "c": 20, "d": 30}, moves)
    assert result == {"a": -20 + 40 + 60, "b": 20, "c": -40, "d": -60}
