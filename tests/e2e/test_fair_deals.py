"""Issue 29 through the real bot and the fake Discord: in each game a deal shows its deck
fingerprint on the table message while it runs and ``/verify`` gives the player the proofs
of what they have seen so far; afterwards ``/history`` lists it, and
``/history deal:`` hands the player a file that the stand-alone verifier
(``python -m games.fairness verify``, standard library only) accepts and that holds no card
the player could not see."""

from __future__ import annotations

import random
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from games.core.seen import cards_in
from games.fairness import short
from tests.e2e.table_helpers import TableSeed, status, table_message, until, view_cards
from tests.e2e.test_computers import DELAY, OPEN, play_deal, posted

pytestmark = [pytest.mark.usefixtures("chips_add_up"), pytest.mark.shared_fake]

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def table_seed() -> TableSeed:
    return TableSeed(20261202)


def verify(path: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(  # noqa: S603 - our own interpreter and module
        [sys.executable, "-E", "-S", "-m", "games.fairness", "verify", str(path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )


@pytest.mark.parametrize("game", ["palace", "paiute", "pontoon"])
async def test_a_finished_deal_downloads_as_a_file_the_verifier_accepts(
    session, alice, bob, game, tmp_path
):
    rng = random.Random(6)
    await alice.slash(
        f"{game} open", buy_in=300, seats=3, computers=2, computer_delay=DELAY, **OPEN[game]
    )
    await posted(session)
    await alice.slash(f"{game} start")
    await session.fake.settle(quiet=0.02)
    fingerprint = status(session).fingerprint
    assert fingerprint is not None
    assert f"Deck fingerprint {short(fingerprint)}" in str(table_message(session).payload())
    # while the deal runs, /verify proves alice's own cards and the table's to her alone (every
    # card she saw before asking: the computers may show more meanwhile)
    seen_before = view_cards(status(session, alice.id).view)
    mine = await alice.slash("verify")
    assert mine.message is not None
    assert mine.message.ephemeral
    [proofs] = mine.message.attachments
    now = tmp_path / proofs
    now.write_bytes(mine.message.files[proofs])
    reveals = tomllib.loads(now.read_text())["commitments"][0].get("reveals", [])
    proved_now = {r["card"] for r in reveals}
    assert seen_before <= proved_now
    # a file that proves nothing (Pontoon before its first card) is not a pass
    assert verify(now).returncode == (0 if proved_now else 1)
    await play_deal(session, alice, game, rng)
    await until(lambda: not status(session).deal_open, what="the deal's end")
    listed = await alice.slash("history", game=game)
    assert listed.message is not None
    assert listed.message.ephemeral
    shown = str(listed.message.embeds[0])
    assert "#" in shown
    deal_id = int(shown.split("`#", 1)[1].split("`", 1)[0])
    answer = await alice.slash("history", deal=deal_id)
    assert answer.message is not None
    assert answer.message.ephemeral
    [name] = answer.message.attachments
    assert name == f"parlour-{game}-deal-{deal_id}.toml"
    text = answer.message.files[name].decode("utf-8")
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    done = verify(path)
    assert done.returncode == 0, done.stdout + done.stderr
    assert '"verdict": "verified"' in done.stdout
    data = tomllib.loads(text)
    assert data["commitments"][0]["fingerprint"] == fingerprint
    assert data["reader"] == str(alice.id)
    # every card code anywhere in the file is a proved one: the table's or alice's own
    proved = {r["card"] for r in data["commitments"][0]["reveals"]}
    assert set(data["cards"]["public"]) | set(data["cards"]["mine"]) == proved
    assert set(cards_in(data)) <= proved
    # another member gets a refusal for alice's deal, and a tampered file fails
    refused = await bob.slash("history", deal=deal_id)
    assert refused.message is not None
    assert refused.message.attachments == []
    reveal = data["commitments"][0]["reveals"][0]
    path.write_text(text.replace(f'card = "{reveal["card"]}"', 'card = "??"', 1), encoding="utf-8")
    assert verify(path).returncode == 1
