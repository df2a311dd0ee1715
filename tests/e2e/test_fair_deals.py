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
    started = str(table_message(session).payload())
    if game == "palace":  # the deal's start is drawn once its PP-6 commitment is booked
        # read from what the bot sent, not the message now: on a loaded machine the computers'
        # next moves can push the line out of the table's last lines before the test looks
        def drawn() -> str | None:
            sent = (str(call.body) for call in session.calls())
            return next((b for b in sent if "(PP-6)" in b and "Deck fingerprint" in b), None)

        await until(lambda: drawn() is not None, what="the PP-6 line")
        started = str(drawn())
    assert f"Deck fingerprint {short(fingerprint)}" in started
    # while the deal runs, /verify proves alice's own cards and the table's to her alone (every
    # card she saw before asking: the computers may show more meanwhile)
    seen_before = view_cards(status(session, alice.id).view)
    mine = await alice.slash("verify")
    assert mine.message is not None
    assert mine.message.ephemeral
    [proofs] = mine.message.attachments
    now = tmp_path / proofs
    now.write_bytes(mine.message.files[proofs])
    orders = tomllib.loads(now.read_text())["commitments"]  # the deal's, then each reshuffle's
    proved_now = {r["card"] for c in orders for r in c.get("reveals", [])}
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
    proved = {r["card"] for c in data["commitments"] for r in c["reveals"]}
    assert set(data["cards"]["public"]) | set(data["cards"]["mine"]) == proved
    assert set(cards_in(data)) <= proved
    if game == "palace":  # PP-6 shuffled the cards left after the banners: committed apart
        pp6 = data["commitments"][1]
        assert (pp6["label"], pp6["rule"]) == ("reshuffle 1 (PP-6)", "PP-6")
        assert pp6["reveals"]  # alice's palace cards, proved in the PP-6 order
        line = (
            f"New order committed after the shuffle (PP-6): fingerprint {short(pp6['fingerprint'])}"
        )
        assert line in started
        assert '"rule": "PP-6"' in done.stdout
    # another member gets a refusal for alice's deal, and a tampered file fails
    refused = await bob.slash("history", deal=deal_id)
    assert refused.message is not None
    assert refused.message.attachments == []
    reveal = data["commitments"][0]["reveals"][0]
    path.write_text(text.replace(f'card = "{reveal["card"]}"', 'card = "??"', 1), encoding="utf-8")
    assert verify(path).returncode == 1


async def test_my_cards_has_a_verify_button_giving_the_proofs_of_what_the_player_has_seen(
    session, alice, tmp_path
):
    await alice.slash("paiute open", buy_in=300, seats=3, computers=1, computer_delay=DELAY)
    await posted(session)
    await alice.slash("paiute start")
    await session.fake.settle(quiet=0.02)
    hand = view_cards(status(session, alice.id).view)
    mine = await alice.click(table_message(session), "My cards")
    assert mine.message is not None
    assert mine.message.ephemeral
    assert "Verify" in mine.message.buttons
    proofs = await alice.click(mine.message, "Verify")
    assert proofs.message is not None
    assert proofs.message.ephemeral
    assert proofs.message is not mine.message  # a reply of its own, with the file
    [name] = proofs.message.attachments
    path = tmp_path / name
    path.write_bytes(proofs.message.files[name])
    data = tomllib.loads(path.read_text())
    assert data["reader"] == str(alice.id)
    assert hand <= {r["card"] for r in data["commitments"][0]["reveals"]}
    done = verify(path)
    assert done.returncode == 0, done.stdout + done.stderr
