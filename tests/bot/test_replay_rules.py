"""A replay step names the rule that applied it (issue 29): every rule a step may name reads
in every language, and Pontoon's settlement is named after the banker's hand."""

from __future__ import annotations

import pytest

from bot.exts.history import rules
from bot.exts.paiute import PaiuteUI
from bot.exts.palace import PalaceUI
from bot.table import TableNames
from bot.text import catalog, languages
from games.events import OrderCommitted
from games.pontoon import BankerStays, Dealt, HandKind, HandLoses, HandWins, Score, Twisted


@pytest.mark.parametrize("lang", languages())
def test_every_rule_a_replay_names_reads_in_every_language(lang):
    say = catalog(lang)
    for rule in sorted(rules.RULES):
        line = say.text(rules.rule_line(rule))
        assert rule in line  # in a right-to-left language, isolated as left-to-right
        assert len(line) > len(rule) + 5


def stays(kind: HandKind, total: int) -> BankerStays:
    return BankerStays(player="1", score=Score(kind=kind, total=total, soft=False))


def test_pontoons_settlement_is_named_after_the_bankers_hand():
    won = HandWins(
        player="2", won=10, score=Score(kind=HandKind.TOTAL, total=20, soft=False), shoot=0
    )
    lost = HandLoses(player="3", paid=10, shoot=0)
    assert rules.rules_of("pontoon", [stays(HandKind.TOTAL, 19), won, lost]) == ["PO-17"]
    assert rules.rules_of("pontoon", [stays(HandKind.BUST, 24), won]) == ["PO-16"]
    assert rules.rules_of("pontoon", [stays(HandKind.FIVE_CARD_TRICK, 20), lost]) == ["PO-18"]


def test_each_rule_is_named_once_in_the_order_it_applied():
    twist = Twisted(player="2", card="5h")
    events = [Dealt(round=1, punters=["2"]), twist, Dealt(round=2, punters=["2"])]
    assert rules.rules_of("pontoon", events) == ["PO-5", "PO-11", "PO-7"]
    assert rules.rules_of("no-such-game", events) == []


def test_a_reshuffles_committed_order_names_the_rule_that_shuffled():
    committed = OrderCommitted(rule="PP-8", number=1, cards=20, fingerprint="ab" * 32)
    assert rules.rules_of("palace", [committed]) == ["PP-8"]
    assert rules.rules_of("paiute", [committed.model_copy(update={"rule": "PA-7"})]) == ["PA-7"]


@pytest.mark.parametrize("lang", languages())
def test_a_reshuffles_fingerprint_line_reads_in_every_language_in_both_games(lang):
    """The table's line for a committed reshuffle: the rule and the fingerprint's first 12
    hex digits (as the deal's own fingerprint line), never the full root."""
    say = catalog(lang)
    committed = OrderCommitted(
        rule="PA-7", number=2, cards=30, fingerprint="0123456789ab" + "f" * 52
    )
    names = TableNames({}, [])
    for ui in (PalaceUI(), PaiuteUI()):
        described = ui.describe_event(committed, names)
        assert described is not None
        line = say.text(described)
        assert "PA-7" in line
        assert "0123456789ab" in line
        assert "f" * 13 not in line
