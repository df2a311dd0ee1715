import itertools
import random

from games.seats import cut_for_deal, left_of, order_from_left_of, split_pot


def test_turn_order_from_the_dealers_left():
    players = ["a", "b", "c", "d"]
    assert order_from_left_of(players, "b") == ["c", "d", "a", "b"]
    assert left_of(players, "d") == "a"


def test_cut_highest_rank_wins_and_ties_cut_again():
    rng = random.Random(0)
    recut = 0
    for _ in range(300):
        winner, rounds = cut_for_deal(["a", "b", "c"], rng)
        assert set(rounds[0]) == {"a", "b", "c"}
        for this, following in itertools.pairwise(rounds):
            best = max(card.rank for card in this.values())
            assert set(following) == {p for p, c in this.items() if c.rank == best}
        last = rounds[-1]
        assert all(last[winner].rank > card.rank for p, card in last.items() if p != winner)
        recut += len(rounds) > 1
    assert recut > 0


def test_split_pot_odd_chips_in_seat_order():
    assert split_pot(10, ["b", "a", "c"]) == {"b": 4, "a": 3, "c": 3}
    assert sum(split_pot(101, ["x", "y"]).values()) == 101
