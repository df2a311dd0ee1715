import random
from collections import Counter

import pytest
from pydantic import BaseModel

from games.cards import FULL_DECK, Card, Deck, Rank, Suit, check_full_deck, codes, fisher_yates


def test_parse_and_codes():
    assert Card.parse("10h") == Card(Rank.TEN, Suit.HEARTS)
    assert Card.parse("Td") == Card(Rank.TEN, Suit.DIAMONDS)
    assert Card.parse(" as ") == Card(Rank.ACE, Suit.SPADES)
    assert Card.parse("10h").code == "10h"
    assert str(Card.parse("10h")) == "10♥"
    assert codes(Card.parse_many("As Kd, 10h 2c")) == ["As", "Kd", "10h", "2c"]


@pytest.mark.parametrize(
    ("text", "hint"),
    [("", "rank and a suit"), ("1h", "not a rank"), ("Ax", "not a suit"), ("11s", "not a rank")],
)
def test_bad_text_gives_a_helpful_error(text, hint):
    with pytest.raises(ValueError, match=hint):
        Card.parse(text)


def test_every_code_round_trips():
    assert len(set(FULL_DECK)) == 52
    for card in FULL_DECK:
        assert Card.parse(card.code) == card
        assert Card.parse(str(card)) == card


def test_cards_live_in_pydantic_models_as_codes():
    class Holder(BaseModel):
        cards: list[Card]

    held = Holder.model_validate({"cards": ["As", "10h"]})
    assert held.cards == [Card.parse("As"), Card.parse("10h")]
    assert held.model_dump(mode="json") == {"cards": ["As", "10h"]}
    assert Holder.model_validate_json(held.model_dump_json()) == held


def test_shuffle_uses_only_the_injected_rng():
    state = random.getstate()
    a, b = list(FULL_DECK), list(FULL_DECK)
    fisher_yates(a, random.Random(5))
    fisher_yates(b, random.Random(5))
    assert a == b != list(FULL_DECK)
    assert random.getstate() == state


def test_fisher_yates_is_uniform_enough():
    rng = random.Random(1)
    firsts: Counter[Card] = Counter()
    for _ in range(5200):
        cards = list(FULL_DECK)
        fisher_yates(cards, rng)
        firsts[cards[0]] += 1
    assert len(firsts) == 52
    assert max(firsts.values()) < 3 * min(firsts.values())


def test_stacked_deck_deals_in_order_and_never_shuffles():
    order = list(reversed(FULL_DECK))
    deck = Deck.stacked_deck(order)
    assert [deck.draw() for _ in range(3)] == order[:3]
    set_aside = order[:3]
    deck.gather(set_aside, random.Random(1))
    assert list(deck.cards) == order[3:] + set_aside


def test_shuffled_deck_gathers_and_shuffles():
    deck = Deck.shuffled(random.Random(3))
    taken = [deck.draw() for _ in range(10)]
    deck.gather(taken, random.Random(4))
    assert Counter(deck.cards) == Counter(FULL_DECK)
    assert list(deck.cards)[-10:] != taken


def test_deck_snapshot_round_trip():
    deck = Deck.shuffled(random.Random(9))
    deck.draw()
    again = Deck.from_json(deck.to_json())
    assert again.cards == deck.cards
    assert again.stacked is False


def test_stacked_deck_must_be_complete():
    with pytest.raises(ValueError, match="missing"):
        Deck.stacked_deck(FULL_DECK[:51])
    with pytest.raises(ValueError, match="repeated"):
        check_full_deck([*FULL_DECK[:51], FULL_DECK[0]])
