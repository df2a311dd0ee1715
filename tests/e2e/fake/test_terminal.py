"""The terminal client against the probe bot: every kind of line, and how its effects print."""

from __future__ import annotations

import asyncio
import io

import pytest

from sandbox.client import TerminalClient
from sandbox.harness import open_session
from sandbox.log import BotErrors
from sandbox.runner import run_sandbox
from sandbox.terminal import LineError, Verb, humanize, parse_line
from tests.e2e.fake.probe_bot import build_probe_bot

SCRIPT = """\
alice /game open min_bet:10 rated:yes
alice /challenge opponent:@bob stakes:25
carol click Accept
bob click Accept
dms bob
alice /pick
alice select pick:fruit apple banana
alice /feedback
alice submit topic:"two words"
alice /dm text:psst
bob say hi all
bob /nope
alice wave
"""


def test_lines_parse_into_verbs_words_and_options():
    line = parse_line('alice /pontoon open min_bet:10 note:"a b"')
    assert line.verb is Verb.SLASH
    assert line.words == ("pontoon", "open")
    assert line.options == {"min_bet": "10", "note": "a b"}
    assert parse_line("bob click Join").words == ("Join",)
    assert parse_line("dms alice").user == "alice"
    assert parse_line("  # comment").verb is Verb.NOTHING
    with pytest.raises(LineError, match="unknown action"):
        parse_line("alice wave")


async def test_a_script_against_the_probe_bot(tmp_path):
    path = tmp_path / "script.txt"
    path.write_text(SCRIPT, encoding="utf-8")
    out = io.StringIO()
    code = await run_sandbox(build_probe_bot, database=tmp_path / "db", script=path, out=out)
    transcript = out.getvalue()
    assert code == 0, transcript
    expected = [
        "[#general] Parlour: Game open, min bet 10, rated=True",
        "  [Accept] [Decline] [~Closed~]",
        "[only carol] Parlour: This is not for you.",
        "[#general] Parlour: (edited) @bob accepted!",
        "[DM bob] Parlour: Your game starts now.",
        "  <Pick a fruit: apple | apricot | banana | cherry | grape>",
        "[only alice] Parlour: You picked apple, banana",
        "[only alice] modal 'Feedback': topic (Topic), details (Details)",
        "[only alice] Parlour: Thanks: two words / -",
        "[DM alice] Parlour: psst",
        "!! /nope was not synced, so no user can invoke it in this guild",
        "!! 'alice wave': unknown action 'wave' (try 'help')",
    ]
    lines = transcript.splitlines()
    for line in expected:
        assert line in lines, transcript
    assert "<@" not in transcript  # mentions read as names


def test_transcript_shows_mentions_channels_and_times_as_people_read_them():
    text = "<@5> and <@!6> in <#9>, time runs out <t:1120:R>, started <t:880:R>, <@7> unknown"
    shown = humanize(text, {5: "alice", 6: "bob"}, {9: "general"}, now=1000.0)
    assert shown == (
        "@alice and @bob in #general, time runs out in 2 min, started 2 min ago, @7 unknown"
    )


async def test_submit_fills_a_modal_field_by_its_label_and_use_switches_the_channel(tmp_path):
    """Issue 14, item 18: ``bob submit Buy-in=150`` (a field by its label); every channel is
    usable (``use #tables``); alice is the one admin, and the banner says so."""
    path = tmp_path / "script.txt"
    path.write_text(
        'alice /feedback\nalice submit Topic="two words"\nuse #tables\n'
        "alice /game open min_bet:10 rated:yes\n",
        encoding="utf-8",
    )
    out = io.StringIO()
    code = await run_sandbox(build_probe_bot, database=tmp_path / "db", script=path, out=out)
    lines = out.getvalue().splitlines()
    assert code == 0, lines
    assert "alice may manage the server (/admin); the others are plain members." in lines
    assert "[only alice] Parlour: Thanks: two words / -" in lines
    assert "everyone acts in #tables now" in lines
    assert "[#tables] Parlour: Game open, min bet 10, rated=True" in lines
    assert parse_line("bob submit Buy-in=150").options == {"Buy-in": "150"}


async def test_what_the_bot_does_between_lines_prints_as_it_happens(tmp_path):
    """Issue 14, item 18: a turn timer's move showed only with the next typed line."""
    out = io.StringIO()
    async with open_session(build_probe_bot, database_path=tmp_path / "db") as session:
        client = TerminalClient(session, out, BotErrors().attach())
        watcher = asyncio.create_task(client.watch(every=0.05))
        try:
            # not a typed line: the bot acts by itself, as on a turn timer
            await session.actors["alice"].slash("dm", text="psst")
            for _ in range(100):
                if "psst" in out.getvalue():
                    break
                await asyncio.sleep(0.05)
        finally:
            watcher.cancel()
    assert "[DM alice] Parlour: psst" in out.getvalue().splitlines()
