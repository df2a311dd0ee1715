"""PO-1 and PO-3: card values and the order of hands."""

from __future__ import annotations

from games.cards import Card
from games.pontoon import HandKind, hand_value


def v(codes: str):
    return hand_value(Card.parse_many(codes))


def test_PO_1_card_values_and_soft_and_hard_aces():
    assert v("Ks Qd").total == 20
    assert v("Js 10d").total == 20
    assert v("9s 2d").total == 11
    soft = v("As 6d")
    assert (soft.total, soft.soft) == (17, True)
    hard = v("As 6d Kc")  # the ace must count 1 now
    assert (hard.total, hard.soft, hard.kind) == (17, False, HandKind.TOTAL)
    aces = v("As Ad")
    assert (aces.total, aces.soft) == (12, True)
    assert v("As Ad 9c").total == 21
    assert v("As Ad Ah Ac").total == 14
    assert v("Ks Qd 5c").kind == HandKind.BUST


def test_PO_3_order_of_hands():
    pontoon = v("As Kd")
    trick = v("2s 3d 4h 5c 6s")
    three_21 = v("7s 7d 7h")
    four_21 = v("5s 5d 5h 6c")
    twenty = v("Ks Qd")
    nineteen = v("10s 9d")
    bust = v("Ks Qd 2c")
    assert pontoon.kind == HandKind.PONTOON
    assert trick.kind == HandKind.FIVE_CARD_TRICK
    assert three_21.kind == four_21.kind == HandKind.TWENTY_ONE
    assert pontoon > trick > three_21 > twenty > nineteen > bust
    assert three_21 == four_21  # 21 in three or four cards are equal
    assert v("Ks Qd 5c") == v("Ks Qd Jc")  # every bust is worthless
    assert v("As Kd 10c").kind == HandKind.TWENTY_ONE  # 21 in three cards is not a pontoon
    assert v("As 2d 3c 4h Kc").kind == HandKind.FIVE_CARD_TRICK  # five cards with 21
    assert v("Ks Qd 2c Ah 3c").kind == HandKind.BUST  # five cards over 21
    assert v("As Kd").pays_double
    assert v("2s 3d 4h 5c 6s").pays_double
    assert sorted([twenty, bust, pontoon, trick]) == [bust, twenty, trick, pontoon]
