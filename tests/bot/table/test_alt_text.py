"""The table picture's alt text (issue 33): it named cards without owners, said nothing of the
pot, the stacks or whose turn it was, and counted piles as cards ("19 cards face down")."""

from __future__ import annotations

import pytest

from bot.table._alt import table_alt
from bot.text import catalog, msg
from bot.text.format import PlayerNames
from games.paiute import Paiute, PaiuteOptions
from tests.bot.pictures.helpers import shoot_lost_by_b
from tests.games.palace.helpers import deal_deck, table
from tests.games.pontoon.helpers import dealt, game

NAMES = PlayerNames({"a": "Ann", "b": "Bo", "c": "Cy", "1": "Ann", "2": "Bo", "3": "Cy"})


def test_the_pontoon_alt_text_names_whose_cards_the_stacks_the_bets_the_pot_and_the_turn():
    g = game("2d 9d 2c 8h 7s 3c 4h")  # a banks; b: 2d 8h, c: 9d 7s, the bank 2c 3c
    dealt(g, {"b": 20, "c": 30})
    g.act("b", {"kind": "twist"})  # a twisted card is dealt face up
    alt = table_alt(g.view(None), NAMES, "Pontoon")
    assert alt.startswith("The Pontoon table. Bo to act. Pot: 50 chips. ")
    assert "Ann (the bank), 1,000 chips: 2 face down." in alt
    assert "Bo, 980 chips, bet 20 chips: 4♥, 2 face down." in alt
    assert "Cy, 970 chips, bet 30 chips: 2 face down." in alt
    assert "2♦" not in alt  # a hole card stays private
    assert "9♦" not in alt


def test_the_pontoon_alt_text_at_the_end_says_each_result():
    alt = table_alt(shoot_lost_by_b().view(None), NAMES, "Pontoon")
    assert "Bo, 970 chips, -30 this deal: K♠, 6♦." in alt
    assert "Cy, 1,020 chips, +20 this deal: " in alt
    assert "Ann (the bank), " in alt
    assert "-10 this deal" in alt
    assert "Kitty: " in alt
    assert "to act" not in alt


def test_the_paiute_alt_text_counts_the_stock_as_a_pile_not_as_cards_face_down():
    g = Paiute.new(["1", "2", "3"], dict.fromkeys(["1", "2", "3"], 500), PaiuteOptions(), seed=4)
    view = g.view(None)
    alt = table_alt(view, NAMES, "Paiute")
    assert f"Stock: {view.stock_count} cards." in alt
    assert f"{view.stock_count} face down" not in alt
    assert f"Wild card indicator: {view.indicator}." in alt
    for seat in view.seats:
        assert f", {seat.stack} chips: {seat.cards_in_hand} face down." in alt
    assert "Pot: " in alt
    assert " to act. " in alt


def test_the_palace_alt_text_gives_each_seat_its_banner_soldiers_and_palace():
    g = table(3, deal_deck(["As", "Kh", "Qd"], ["Js Jh Jd", "10s 10h 10d", "9s 9h 9d"], ["2c"]))
    alt = table_alt(g.view(None), NAMES, "Palace Poker")
    for name, banner in (("Ann", "A♠"), ("Bo", "K♥"), ("Cy", "Q♦")):
        assert f"{name}, " in alt
        assert f": {banner}, 3 face down." in alt
    assert "Stock: " in alt
    assert "Discards: 0 cards." in alt
    assert "J♠" not in alt  # palace cards stay backs


def test_the_palace_alt_text_at_the_end_says_each_seats_net_as_the_log_does():
    """Two folded and the alt text read "Ann, 995 chips, 0 this deal ... Cy, +15 this deal"
    while the log said -5, -5, +10: it gave the pot's payout, not the deal's net."""
    g = table(3, deal_deck(["As", "Kh", "Qd"], ["Js Jh Jd", "10s 10h 10d", "9s 9h 9d"], ["2c"]))
    for _ in range(2):
        who = g.to_act
        assert who is not None
        g.act(who, {"kind": "fold"})
    assert g.settlement() == {"a": -5, "b": -5, "c": 10}
    alt = table_alt(g.view(None), NAMES, "Palace Poker")
    assert "Ann, 995 chips, -5 this deal" in alt
    assert "Bo, 995 chips, -5 this deal" in alt
    assert "Cy, 1,010 chips, +10 this deal" in alt


@pytest.mark.parametrize("lang", ["de", "tr", "fa", "ar", "sd"])
def test_every_language_says_the_table(lang):
    g = game("10c 9d 2c 8h 7s 3c 4h")
    dealt(g, {"b": 20, "c": 30})
    alt = table_alt(g.view(None), NAMES, "Pontoon", lang)
    assert "Bo" in alt
    assert "Cy" in alt
    assert "{" not in alt


def test_the_house_banks_in_the_pontoon_alt_text():
    g = game("Ks 5s Qs 6d 4h 9h 2c 3c", dealer=None, banker="house")
    alt = table_alt(g.view(None), NAMES, "Pontoon")
    assert "The house (the bank): 1 face down." in alt


def test_the_alt_text_does_not_start_a_sentence_with_the_house_in_lower_case():
    """Seen in the README transcript: "Pot: 0 chips. the house (the bank): …"."""
    g = game("Ks 5s Qs 6d 4h 9h 2c 3c", dealer=None, banker="house")
    for lang, house in [("en", "The house"), ("de", "Das Haus"), ("tr", "Kasa")]:
        alt = table_alt(g.view(None), NAMES, "Pontoon", lang)
        assert f". {house} (" in alt, (lang, alt)
        assert f". {house.lower()} (" not in alt


@pytest.mark.parametrize("lang", ["en", "de", "tr", "fa", "ar", "sd"])
def test_a_closed_tables_alt_text_says_it_is_closed_not_whose_turn_it_was(lang):
    """A screen-reader user heard "Bo to act." of a table the host had closed mid-deal."""
    g = game("2d 9d 2c 8h 7s 3c 4h")
    dealt(g, {"b": 20, "c": 30})
    say = catalog(lang).text
    live = table_alt(g.view(None), NAMES, "Pontoon", lang)
    closed = table_alt(g.view(None), NAMES, "Pontoon", lang, closed=True)
    turn = say(msg("pictures.alt.turn", name="Bo"))
    assert turn in live
    assert turn not in closed
    assert closed == live.replace(turn, say(msg("pictures.alt.closed")))  # the rest is as shown
