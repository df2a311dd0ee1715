"""Hand histories (issue 29): a deal's file shows its reader no card they could not see at the
end of the deal (a property over random deals of every game), and its proofs pass the
verifier; through the table service and storage, a player's list and their file."""

from __future__ import annotations

import random
import tomllib
from pathlib import Path
from typing import Any

import pytest
from hypothesis import example, given, settings, target
from hypothesis import strategies as st

from games.core.seen import cards_in
from games.engine import Engine
from games.fairness import check_data, check_text
from games.registry import PAIUTE, PALACE, PONTOON
from services.histories import HIDDEN, DealNotYours, HistoryService, hand_history_text
from services.tables import TableService
from storage import Database

from .conftest import BOB, CAT, CHANNEL, GUILD, HOST, play_deal

GAMES = [PALACE, PAIUTE, PONTOON]


def stored_record(game: Engine, game_id: str, deal_id: int) -> dict[str, Any]:
    """What the table service stores for a finished deal (``_booking._result``)."""
    ended = game.deal_result()
    return {
        "id": deal_id,
        "game": game_id,
        "table_id": 1,
        "deal_number": game.deal_number,
        "created_at": "2026-12-02T21:00:00Z",
        "players": [p for p in ended.changes if p not in ("house", "kitty")],
        "settlement": ended.changes,
        "winners": ended.winners,
        "hand_names": {},
        "history": [*game.history(), *game.closing_records()],
    }


def cards_of_toml(text: str) -> set[str]:
    return set(cards_in(tomllib.loads(text)))


@pytest.mark.parametrize("info", GAMES, ids=lambda i: i.id)
@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 2**32), size=st.integers(2, 5), deals=st.integers(1, 3))
@example(seed=452450689, size=2, deals=2)  # Pontoon: the second deal ends before any card
def test_no_history_file_shows_a_card_its_reader_could_not_see(info, seed, size, deals):
    rng = random.Random(seed)
    players = [str(100 + i) for i in range(size)]
    game = info.engine.new(players, dict.fromkeys(players, 1000), seed=seed)
    for number in range(deals):
        game.commit(rng.randbytes(16))
        seen: dict[str | None, set[str]] = {}
        for _ in range(5000):
            for reader in [None, *players]:
                seen.setdefault(reader, set()).update(cards_in(game.view(reader)))
            if game.is_over:
                break
            pid = game.to_act
            assert pid is not None
            game.act(pid, rng.choice(game.legal_actions(pid)).sample(rng))
        record = stored_record(game, info.id, number + 1)
        for reader in record["players"]:
            # parsed once: check_text is tomllib.loads then check_data, and these files are
            # large enough that parsing them three times was a third of the test's time
            data = tomllib.loads(hand_history_text(record, reader))
            shown = set(cards_in(data))
            assert shown <= seen[None] | seen[reader], shown - seen[None] - seen[reader]
            verdict = check_data(data)
            assert not verdict.failures
            assert verdict.ok == bool(seen[None] | seen[reader])  # nothing seen: nothing proved
            assert set(data["cards"]["mine"]) | set(data["cards"]["public"]) == (
                seen[None] | seen[reader]
            )
        game = game.next_deal()


RESHUFFLING = {"palace": ("buy", "discard_soldiers"), "paiute": ("draw", "discard")}
"""The actions that run a game's pile dry (PP-8, PA-7), which random play prefers below."""


def reshuffling_action(info: Any, game: Engine, pid: str, rng: random.Random) -> dict[str, Any]:
    """A random legal action for ``pid`` that mostly buys (Palace) or draws from the stock and
    discards (Paiute), so the pile runs dry and is reshuffled inside the deal."""
    specs = game.legal_actions(pid)
    liked = [s for s in specs if s.kind in RESHUFFLING[info.id]]
    spec = rng.choice(liked if liked and rng.random() < 0.99 else specs)
    action = spec.sample(rng)
    from_stock = {**action, "source": "stock"}
    paiute_stock = info is PAIUTE and action["kind"] == "draw" and spec.allows(from_stock)
    return from_stock if paiute_stock else action


@pytest.mark.parametrize("info", [PALACE, PAIUTE], ids=lambda i: i.id)
@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**32), size=st.integers(3, 5))
@example(seed=3, size=5)  # Palace: PP-6 and three PP-8; Paiute: three PA-7
def test_history_files_of_deals_through_reshuffles_verify(info, seed, size):
    """Random legal play that mostly buys (Palace) or draws and discards (Paiute), so the pile
    runs dry and is reshuffled inside the deal: every reader's file has one commitment per
    committed order, each proof holds against its own, and no card the reader did not see."""
    rng = random.Random(seed)
    players = [str(100 + i) for i in range(size)]
    game = info.engine.new(players, dict.fromkeys(players, 100_000), seed=seed)
    game.commit(rng.randbytes(16))
    seen: dict[str | None, set[str]] = {}
    for _ in range(5000):
        for reader in [None, *players]:
            seen.setdefault(reader, set()).update(cards_in(game.view(reader)))
        if game.is_over:
            break
        pid = game.to_act
        assert pid is not None
        game.act(pid, reshuffling_action(info, game, pid, rng))
    reshuffles = game.state.reshuffles
    target(len(reshuffles))
    record = stored_record(game, info.id, 1)
    for reader in record["players"]:
        data = tomllib.loads(hand_history_text(record, reader))
        assert set(cards_in(data)) <= seen[None] | seen[reader]
        verdict = check_data(data)
        assert verdict.ok, verdict.failures
        assert [c["fingerprint"] for c in data["commitments"][1:]] == [
            r.fingerprint for r in reshuffles
        ]
        assert [c.get("rule") for c in data["commitments"]] == [None, *(r.rule for r in reshuffles)]
        assert verdict.checked == sum(len(c["reveals"]) for c in data["commitments"])


def test_a_card_the_reader_did_not_see_is_written_hidden_and_the_order_never():
    game = PALACE.engine.new(["a", "b"], {"a": 500, "b": 500}, seed=1)
    game.commit(bytes(16))
    rng = random.Random(1)
    while not game.is_over:
        pid = game.to_act
        assert pid is not None
        game.act(pid, rng.choice(game.legal_actions(pid)).sample(rng))
    record = stored_record(game, "palace", 1)
    order = next(r for r in record["history"] if r["kind"] == "cards")["start_deck"]
    unseen = next(c for c in order if c not in cards_of_toml(hand_history_text(record, "a")))
    # a face-down discard of a card "a" never saw, as the history records it after the end
    record["history"].insert(
        2, {"kind": "action", "player": "b", "action": {"kind": "discard", "cards": [unseen]}}
    )
    text = hand_history_text(record, "a")
    assert f'"b discard cards=[\\"{HIDDEN}\\"]",' in text
    assert unseen not in cards_of_toml(text)
    assert "start_deck" not in text  # the order is never written
    assert "secret" not in text
    opening = next(r for r in record["history"] if r["kind"] == "replay")["opening"]
    assert "replay" not in text  # the opening state, kept for replays, holds every card
    assert opening[:40] not in text


async def seat_three(service: TableService, game: str) -> None:
    await service.open(GUILD, CHANNEL, HOST, game, {"seats": 3}, buy_in=500)
    await service.join(GUILD, CHANNEL, BOB, 500)
    await service.join(GUILD, CHANNEL, CAT, 500)


async def test_a_players_list_pages_and_their_file_verifies(
    service: TableService, db: Database, tmp_path: Path
):
    await seat_three(service, "paiute")
    rng = random.Random(4)
    for _ in range(3):
        started = await service.start(GUILD, CHANNEL, HOST)
        if started.table.deal_open:
            await play_deal(service, db, rng)
    histories = HistoryService(db)
    page, more = await histories.page(GUILD, str(BOB), "paiute")
    assert [line.deal_number for line in page] == [3, 2, 1]
    assert more is False
    assert await histories.page(GUILD, str(BOB), "pontoon") == ([], False)
    assert (await histories.page(GUILD, "999", None))[0] == []
    name, text = await histories.file(GUILD, str(BOB), page[0].deal_id)
    assert name == f"parlour-paiute-deal-{page[0].deal_id}.toml"
    assert check_text(text).ok
    with pytest.raises(DealNotYours):
        await histories.file(GUILD, "999", page[0].deal_id)
    with pytest.raises(DealNotYours):
        await histories.file(GUILD + 1, str(BOB), page[0].deal_id)


def test_pp11_no_history_file_of_a_deal_through_reshuffles_shows_a_folded_players_palace():
    """PP-11 with committed reshuffles: the folded player's palace cards were dealt from PP-6's
    order, which every file carries; no other reader's file proves or names them, in any
    commitment, while their own file does."""
    rng = random.Random(3)
    players = ["101", "102", "103", "104", "105"]
    game = PALACE.engine.new(players, dict.fromkeys(players, 100_000), seed=3)
    game.commit(rng.randbytes(16))
    folded = "101"
    palace = {c.code for c in game.state.seat[folded].palace}
    while not game.is_over:
        pid = game.to_act
        assert pid is not None
        if pid == folded and "fold" in {s.kind for s in game.legal_actions(pid)}:
            game.act(pid, {"kind": "fold"})
            folded = ""  # once
        else:
            game.act(pid, reshuffling_action(PALACE, game, pid, rng))
    assert folded == ""
    assert [r.rule for r in game.state.reshuffles].count("PP-8") >= 2
    record = stored_record(game, "palace", 1)
    for reader in players:
        text = hand_history_text(record, reader)
        assert check_text(text).ok
        proved = {r["card"] for c in tomllib.loads(text)["commitments"] for r in c["reveals"]}
        if reader == "101":
            assert palace <= proved
        else:
            assert not (cards_of_toml(text) & palace), reader
