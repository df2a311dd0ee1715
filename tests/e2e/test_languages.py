"""Languages through the real bot: /language, the client locale the sandbox sends, the
server's language for the table and the reader's for replies."""

from __future__ import annotations

import io

import pytest

from bot.client import Parlour, build_bot
from bot.text.pseudo import OPEN, PSEUDO
from sandbox.harness import Session
from sandbox.runner import run_sandbox
from sandbox.terminal import Verb, parse_line
from services.economy import EconomyService
from services.preferences import PreferencesService

pytestmark = [pytest.mark.usefixtures("chips_add_up"), pytest.mark.shared_fake]


def prefs(session: Session) -> PreferencesService:
    bot = session.bot
    assert isinstance(bot, Parlour)
    return bot.preferences


def economy(session: Session) -> EconomyService:
    bot = session.bot
    assert isinstance(bot, Parlour)
    return bot.economy


async def test_language_reports_and_keeps_the_readers_choice(session, alice):
    shown = await alice.slash("language")
    assert shown.ephemeral
    assert "English" in shown.content
    assert "your Discord language" in shown.content
    chosen = await alice.slash("language", language="en")
    assert "your choice" in chosen.content
    assert await prefs(session).language(alice.id) == "en"
    await alice.slash("language", language="auto")
    assert await prefs(session).language(alice.id) is None


async def test_the_table_speaks_the_servers_language_and_a_reply_the_readers(session, alice, bob):
    await economy(session).update_settings(session.guild.id, language=PSEUDO)
    alice.user.locale = "pt-BR"  # not one of ours: she reads the server's language
    opened = await alice.slash("pontoon open", buy_in=300)
    assert OPEN in opened.content
    joined = await bob.slash("pontoon join", buy_in=300)  # en-US: English
    assert OPEN not in joined.content
    assert "300" in joined.content
    await session.fake.settle(quiet=0.02, within=3.0)
    tables = [m for m in session.messages() if m.author.bot and not m.ephemeral and m.embeds]
    assert len(tables) == 1
    assert str(tables[0].embeds[0]["title"]).startswith(OPEN)  # public: the server's
    refused = await bob.slash("pontoon join", buy_in=300)
    assert OPEN not in refused.content  # a refusal is the reader's too
    await prefs(session).choose(bob.id, PSEUDO)
    again = await bob.slash("pontoon join", buy_in=300)
    assert OPEN in again.content


async def test_an_admin_sets_the_servers_language(session, alice):
    await alice.slash("admin settings", language="tr")
    settings = await session.bot.economy.settings(session.guild.id)
    assert settings.language == "tr"
    assert await prefs(session).server_language(session.guild.id) == "tr"


def test_the_sandbox_sets_a_users_client_locale():
    line = parse_line("locale alice de")
    assert line.verb is Verb.LOCALE
    assert (line.user, line.words) == ("alice", ("de",))


async def test_a_sandbox_script_with_a_locale(tmp_path):
    script = tmp_path / "script.txt"
    script.write_text("locale alice en-GB\nalice /language\nlocale bob klingon\n", "utf-8")
    out = io.StringIO()
    code = await run_sandbox(build_bot, database=tmp_path / "db", script=script, out=out)
    transcript = out.getvalue()
    assert code == 0, transcript
    assert "alice's Discord speaks en-GB" in transcript
    assert "English" in transcript
    assert "'klingon' is not a Discord locale" in transcript
