"""Who reads which language, right-to-left isolates, the pseudo-locale, and the slash
commands' catalog ids."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import discord
from babel.numbers import format_decimal
from discord import app_commands

from bot.exts.language import CatalogTranslator, string_id
from bot.exts.language.__main__ import tree_strings
from bot.text import DEFAULT_LOCALE, Number, catalog, has_catalog, load, msg
from bot.text.bidi import FSI, LRI, PDI, isolate, right_to_left
from bot.text.choose import LANGUAGES, autonym, from_discord, resolve
from bot.text.pseudo import CLOSE, OPEN, PSEUDO, pseudo_template
from tests.pseudo_words import unwrapped


def test_discord_client_locales_map_to_our_languages():
    assert from_discord("en-US") == from_discord("en-GB") == "en"
    assert from_discord("de") == "de"
    assert from_discord("tr") == "tr"
    assert from_discord("pt-BR") is None
    assert from_discord(None) is None


def test_the_reader_gets_their_choice_then_their_client_then_the_server():
    assert resolve(PSEUDO, "en-GB", "en") == PSEUDO  # their /language choice first
    assert resolve(None, "en-GB", PSEUDO) == "en"  # else their Discord client's
    assert resolve(None, "pt-BR", PSEUDO) == PSEUDO  # not one of ours: the server's
    assert resolve(None, None, PSEUDO) == PSEUDO
    # a language with no catalog (yet) falls through to the next
    assert resolve("xx", None, PSEUDO) == PSEUDO
    assert resolve(None, None, "xx") == DEFAULT_LOCALE


def test_the_six_languages_are_offered_by_their_own_names():
    assert LANGUAGES == ("en", "de", "tr", "fa", "ar", "sd")
    assert [autonym(c) for c in ("en", "de", "tr")] == ["English", "Deutsch", "Türkçe"]
    assert autonym("fa") == "فارسی"


def test_persian_arabic_and_sindhi_read_right_to_left():
    assert [right_to_left(c) for c in LANGUAGES] == [False, False, False, True, True, True]
    assert not right_to_left(PSEUDO)


def test_isolates_wrap_left_to_right_pieces_and_name_rtl_ones_by_their_first_letter():
    assert isolate("<@123>") == f"{LRI}<@123>{PDI}"  # around the mention, never inside
    assert isolate("10♥ K♠") == f"{LRI}10♥ K♠{PDI}"
    assert isolate("سارا") == f"{FSI}سارا{PDI}"
    assert isolate("") == ""
    assert isolate(isolate("A♠")) == isolate("A♠")


PERSIAN = """\
msgid ""
msgstr ""
"Language: fa\\n"
"Plural-Forms: nplurals=2; plural=(n > 1);\\n"

msgid "common.none"
msgstr "هیچ"

msgid "table.say.no_dm"
msgstr "{player}، با `/{command} hand` کارت‌هایت را ببین."

msgid "common.chips"
msgid_plural "common.chips"
msgstr[0] "{amount} ژتون"
msgstr[1] "{amount} ژتون"

msgid "x.plays"
msgstr "{player} {cards} را بازی می‌کند و {chips} می‌گذارد ({none})."
"""


def test_a_right_to_left_catalog_isolates_every_left_to_right_field(tmp_path: Path):
    (tmp_path / "fa").mkdir()
    (tmp_path / "fa" / "x.po").write_text(PERSIAN, encoding="utf-8")
    fa = load("fa", tmp_path)
    assert fa.rtl
    chips = msg("common.chips", count=1250, amount=Number(1250))
    said = fa.text(
        msg("x.plays", player="<@42>", cards="10♥ A♠", chips=chips, none=msg("common.none"))
    )
    assert f"{LRI}<@42>{PDI}" in said
    assert f"{LRI}10♥ A♠{PDI}" in said
    number = format_decimal(1250, locale="fa")
    assert f"{LRI}{number}{PDI} ژتون" in said  # the number isolated, the chips message not
    assert f"({'هیچ'})" in said  # a translated field is right-to-left text: no isolate
    # the template's own command and the mention field, each isolated whole
    note = fa.text(msg("table.say.no_dm", player="<@42>", command="palace"))
    assert note.startswith(f"{LRI}<@42>{PDI}")
    assert f"`{LRI}/{LRI}palace{PDI} hand{PDI}`" in note  # the whole command, in one piece


def test_left_to_right_catalogs_add_nothing():
    said = catalog("en").text(msg("table.say.no_dm", player="<@42>", command="palace"))
    assert LRI not in said
    assert PDI not in said


def test_the_pseudo_locale_marks_every_message_and_keeps_its_fields():
    assert has_catalog(PSEUDO)
    assert pseudo_template("{player} buys a soldier for {price}.") == (
        f"{OPEN}{{player}} búúýš áá šóóldííéér fóór {{price}}.{CLOSE}"
    )
    assert pseudo_template("{{literal}} {n:>3}").format(n=5) == f"{OPEN}{{líítééráál}}   5{CLOSE}"
    xa = catalog(PSEUDO)
    assert xa.ids == catalog("en").ids
    one = xa.text(msg("common.chips", count=1, amount=Number(1)))
    assert one.startswith(OPEN)
    assert one.endswith(CLOSE)
    assert "1" in one
    assert unwrapped(xa.text(msg("table.say.no_dm", player="<@42>", command="palace"))) == []


def test_the_scan_finds_english_outside_the_marks():
    assert unwrapped(f"{OPEN}x{OPEN}y{CLOSE}{CLOSE} Deal over <@1> 10♥", ["alice"]) == [
        "Deal",
        "over",
    ]
    assert unwrapped("alice · <t:1700000000:R> https://x.example/a", ["alice"]) == []


async def test_commands_po_holds_every_command_string_in_the_codes_english():
    strings = await tree_strings()
    assert "command.palace.open.description" in strings
    english = catalog("en")
    in_po = {i for i in english.ids if i.startswith("command.")}
    assert sorted(in_po ^ set(strings)) == []  # python -m bot.exts.language regenerates it
    assert {k: english.text(msg(k)) for k in strings} == strings


async def test_the_translator_leaves_english_and_unknown_locales_alone():
    command: app_commands.Command[Any, Any, None] = app_commands.Command(
        name="ping", description="Pong", callback=_ping
    )
    context: app_commands.TranslationContext[Any, Any] = app_commands.TranslationContext(
        app_commands.TranslationContextLocation.command_description, command
    )
    assert string_id(context.location, command) == "command.ping.description"
    translator = CatalogTranslator()
    text = app_commands.locale_str("Pong")
    assert await translator.translate(text, discord.Locale.american_english, context) is None
    assert await translator.translate(text, discord.Locale.japanese, context) is None


async def _ping(interaction: discord.Interaction) -> None:
    """A command to name."""
