"""The message catalogs: every language has every id, with the same fields and valid plurals."""

from __future__ import annotations

import functools
import string

import pytest
from babel.messages.pofile import read_po

from bot.text import DEFAULT_LOCALE, LOCALE_DIR, MissingMessage, Number, catalog, languages, msg


def fields_of(template: str) -> set[str]:
    """The named fields of a ``str.format`` template (the languages are compared by them)."""
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


@functools.cache
def entries(lang: str) -> dict[str, tuple[str, ...]]:
    """Every message of ``lang``: id -> its templates (one, or one per plural form)."""
    found: dict[str, tuple[str, ...]] = {}
    for po in sorted((LOCALE_DIR / lang).glob("*.po")):
        with po.open("rb") as handle:
            parsed = read_po(handle, locale=lang)
        for message in parsed:
            if not message.id:
                continue
            key = str(message.id[0] if isinstance(message.id, tuple | list) else message.id)
            raw = message.string if isinstance(message.string, tuple) else (message.string,)
            found[key] = tuple(str(s or "") for s in raw)
    return found


def test_english_is_the_source_and_every_message_is_filled_in():
    english = entries(DEFAULT_LOCALE)
    assert english
    assert [key for key, strings in english.items() if not all(strings)] == []


DISCORD_CLIENTS = {"en", "de", "tr"}
"""Our languages Discord has a client locale for: only they get slash command strings
(``command.*`` in ``commands.po``); Persian, Arabic and Sindhi readers see them in English."""


@pytest.mark.parametrize("lang", languages())
def test_every_language_has_every_message_with_the_same_fields(lang):
    english = entries(DEFAULT_LOCALE)
    if lang not in DISCORD_CLIENTS:
        english = {k: v for k, v in english.items() if not k.startswith("command.")}
    other = entries(lang)
    assert sorted(set(english) - set(other)) == []
    assert sorted(set(other) - set(english)) == []
    for key, strings in other.items():
        wanted = set().union(*(fields_of(s) for s in english[key]))
        for template in strings:
            assert fields_of(template) <= wanted, (lang, key, template)
            assert template, (lang, key)


@pytest.mark.parametrize("lang", languages())
def test_plural_messages_have_each_form_of_their_language(lang):
    with next((LOCALE_DIR / lang).glob("*.po")).open("rb") as handle:
        forms = read_po(handle, locale=lang).num_plurals
    source = entries(DEFAULT_LOCALE)
    for key, strings in entries(lang).items():
        english = source[key]
        if len(english) > 1:
            assert len(strings) == forms, (lang, key)


def test_numbers_and_plurals_follow_the_locale():
    en = catalog("en")
    assert en.text(msg("common.chips", count=1, amount=Number(1))) == "1 chip"
    assert en.text(msg("common.chips", count=1250, amount=Number(1250))) == "1,250 chips"


def test_an_unknown_id_is_an_error_not_a_silent_id():
    with pytest.raises(MissingMessage):
        catalog("en").text(msg("no.such.message"))
