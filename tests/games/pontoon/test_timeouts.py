"""The spec's timeout paragraph, phase by phase, and who sits out of a deal."""

from __future__ import annotations

from typing import Any

from games.errors import Refusal
from games.pontoon import Pontoon, SitsOut

from .helpers import game, refused


def run_timeout(g: Pontoon, pid: str) -> dict[str, Any]:
    action = g.timeout_action(pid)
    g.act(pid, action)
    return action


def test_timeouts_in_every_phase():
    g = game("2s 8s 7s 3d 10d 9c 4h", shoot=True)
    with refused(Refusal.NOT_YOUR_TURN, to_act="a"):
        g.timeout_action("b")
    assert run_timeout(g, "a") == {"kind": "kitty", "amount": 10}  # must put up a kitty
    assert run_timeout(g, "a") == {"kind": "stay"}  # then deals
    assert run_timeout(g, "b") == {"kind": "sit_out"}  # has not staked: sits out
    assert g.state.punters[0].sat_out
    assert g.state.pack[-1].code == "2s"  # the card goes under the pack
    g.act("c", {"kind": "stake", "amount": 10})
    assert g.phase == "shoot"
    assert run_timeout(g, "c") == {"kind": "shoot", "amount": 0}  # no shoot bet
    assert g.state.punters[1].hands[0].shoot == 0
    assert g.phase == "punters"
    # c: 8s 3d = 11: cannot stick, so twists (9c: 20), then sticks
    assert run_timeout(g, "c") == {"kind": "twist"}
    assert run_timeout(g, "c") == {"kind": "stick"}
    assert g.phase == "banker"
    assert run_timeout(g, "a") == {"kind": "stay"}
    assert g.is_over
    assert g.settlement()["b"] == 0


def test_a_punter_who_cannot_afford_the_minimum_sits_out():
    g = game("2s 8s 7s 3d", stacks={"a": 1000, "b": 9, "c": 1000})
    events = g.act("a", {"kind": "stay"})
    assert [p.pid for p in g.state.punters] == ["c"]
    assert any(isinstance(e, SitsOut) and e.player == "b" and e.broke for e in events)
    assert g.to_act == "c"


def test_nobody_stakes_the_deal_ends():
    g = game("2s 8s 7s")
    g.act("a", {"kind": "stay"})
    g.act("b", {"kind": "sit_out"})
    g.act("c", {"kind": "sit_out"})
    assert g.is_over
    assert g.settlement() == {"a": 0, "b": 0, "c": 0}
    assert len(g.all_cards()) == 52


def test_every_player_gives_up_the_bank_no_deal():
    g = game("2s", shoot=True, stacks={"a": 5, "b": 5, "c": 5})
    for pid in ("a", "b", "c"):
        assert g.to_act == pid
        run_timeout(g, pid)
    assert g.is_over
    assert sum(g.settlement().values()) == 0
