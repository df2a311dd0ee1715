"""Every player-facing string comes from here: message ids, resolved through gettext catalogs.

Presenters build :class:`Msg` values (an id, parameters, optionally a count for plural forms);
the renderer resolves them for one reader with :meth:`Catalog.text`. The catalogs are gettext
``.po`` files, one per domain and language (``bot/locale/<lang>/<domain>.po``, e.g.
``bot/locale/en/palace.po``), read with Babel: ids are the msgids (``"palace.event.buy"``), the
translations are Python ``str.format`` templates with named fields (``"{player} buys a
soldier for {price}."``). Adding a language is adding its ``.po`` files.

Parameters are resolved recursively (a :class:`Msg` inside a :class:`Msg`), :class:`Number`
is formatted in the catalog's locale with Babel, anything else is ``str()``-ed as it is
(mentions, card faces, names). In a right-to-left language every such left-to-right piece is
wrapped in Unicode isolates here (:mod:`bot.text.bidi`), the one place that does it. The
pseudo-locale ``en-XA`` (:mod:`bot.text.pseudo`) is English marked ``⟦…⟧``, built at load for
the tests that find text which skipped the catalog.

>>> en = catalog("en")
>>> en.text(msg("common.chips", count=1250, amount=Number(1250)))
'1,250 chips'
"""

from __future__ import annotations

import functools
import io
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from babel import Locale
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.numbers import format_decimal
from babel.support import Translations

from bot.text.bidi import isolate, isolate_template, right_to_left
from bot.text.pseudo import PSEUDO, pseudo_template

LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"
DEFAULT_LOCALE = "en"


@dataclass(frozen=True, slots=True)
class Number:
    """An integer shown in the reader's number format (``1,250`` / ``1.250`` / ``۱٬۲۵۰``)."""

    value: int


@dataclass(frozen=True, slots=True)
class Msg:
    """A message to be said: its catalog id, the template's fields and, for plural forms, the
    count that picks the form."""

    id: str
    params: Mapping[str, Any] = field(default_factory=dict)
    count: int | None = None


def msg(id: str, count: int | None = None, **params: Any) -> Msg:
    """``msg("palace.event.buy", player=..., price=...)``."""
    return Msg(id, params, count)


Text = Msg | str
"""What a presenter hands the renderer: a message to translate, or text already final (a
player's display name, card faces)."""


NUMBERS_KEPT = 4096
"""Formatted numbers kept per language (then the cache starts again)."""

TEMPLATES_KEPT = 4096
"""Templates kept per language, by message id and count (then the cache starts again)."""


class MissingMessage(KeyError):
    """An id no catalog of that language has: a bug the catalog tests catch."""


class Catalog:
    """One language's messages, from every ``.po`` domain of that language."""

    def __init__(self, locale: str, translations: Translations, ids: frozenset[str]) -> None:
        self.locale = locale
        self._translations = translations
        self._ids = ids
        self._babel_locale = Locale.parse("en" if locale == PSEUDO else locale.replace("-", "_"))
        self._templates: dict[tuple[str, int | None], str] = {}
        """Each message's template as this language writes it, by id and count (the catalog
        lookup, and in a right-to-left language the isolation of its own mentions and commands,
        once per message, not once per use: a table redraw says the same few dozen)."""
        self._finished: dict[str, str] = {}
        """Messages without fields, finished (their template is the whole text): at most one
        per message id of the catalog."""
        self._numbers: dict[int, str] = {}
        """Numbers as this language writes them: Babel's formatting was a tenth of the bot's
        time, and a table shows the same few stacks and pots over and over."""
        self.rtl = right_to_left(locale)
        """Written right to left: left-to-right fields are isolated (:mod:`bot.text.bidi`)."""

    @property
    def ids(self) -> frozenset[str]:
        """Every message id this language has."""
        return self._ids

    def text(self, message: Text) -> str:
        """``message`` in this language, its fields filled in."""
        if isinstance(message, str):
            return message
        template = self._templates.get((message.id, message.count))
        if template is None:
            template = self._template(message)
        if not message.params and message.count is None:
            # a message without fields reads the same every time: kept finished
            found = self._finished.get(message.id)
            if found is None:
                found = self._finished[message.id] = template.format_map({})
            return found
        fields = self._fields(message.params)
        if message.count is not None and "count" not in fields:
            # the number that picks the plural form is a field too, as in gettext's habit
            fields["count"] = self._value(Number(message.count))
        if self.rtl:
            fields = {
                name: text if isinstance(message.params.get(name), Msg) else isolate(text)
                for name, text in fields.items()
            }
        return template.format_map(fields)

    def _template(self, message: Msg) -> str:
        """``message``'s template, looked up and kept (see ``_templates``)."""
        if message.id not in self._ids:
            raise MissingMessage(f"{self.locale}: no message {message.id!r}")
        if message.count is None:
            template = self._translations.gettext(message.id)
        else:
            template = self._translations.ngettext(message.id, message.id, message.count)
        if self.rtl:
            template = isolate_template(template)
        if len(self._templates) >= TEMPLATES_KEPT:
            self._templates.clear()
        self._templates[message.id, message.count] = template
        return template

    def _fields(self, params: Mapping[str, Any]) -> dict[str, str]:
        """Each field as text: ``_value``, with the two commonest kinds (text already final,
        a number already formatted) answered here, as a table redraw fills some fifty fields."""
        fields: dict[str, str] = {}
        numbers = self._numbers
        for name, value in params.items():
            kind = type(value)
            if kind is str:
                fields[name] = value
            elif kind is Number and value.value in numbers:
                fields[name] = numbers[value.value]
            else:
                fields[name] = self._value(value)
        return fields

    def join(self, parts: Iterable[Text], sep: str = " ") -> str:
        """Several messages as one text."""
        return sep.join([self.text(p) for p in parts])

    def _value(self, value: Any) -> str:
        if isinstance(value, Msg | str):
            return self.text(value)
        if isinstance(value, Number):
            found = self._numbers.get(value.value)
            if found is None:
                if len(self._numbers) >= NUMBERS_KEPT:
                    self._numbers.clear()
                found = format_decimal(value.value, locale=self._babel_locale)
                self._numbers[value.value] = found
            return found
        return str(value)


def languages() -> list[str]:
    """The languages that have catalogs (the pseudo-locale is not one of them)."""
    return sorted(p.name for p in LOCALE_DIR.iterdir() if p.is_dir() and any(p.glob("*.po")))


@functools.cache
def has_catalog(locale: str) -> bool:
    """Whether ``catalog(locale)`` loads: a language with ``.po`` files, or the pseudo-locale."""
    return locale == PSEUDO or any((LOCALE_DIR / locale).glob("*.po"))


@functools.cache
def catalog(locale: str = DEFAULT_LOCALE) -> Catalog:
    """The catalog of ``locale`` (every domain), loaded once; ``en-XA`` is made from English."""
    return load(locale)


def load(locale: str, root: Path = LOCALE_DIR) -> Catalog:
    """Read ``root/<locale>/*.po`` afresh (``catalog`` caches this for the bot's own)."""
    pseudo = locale == PSEUDO
    folder = root / (DEFAULT_LOCALE if pseudo else locale)
    merged: Translations | None = None
    ids: set[str] = set()
    for po in sorted(folder.glob("*.po")):
        with po.open("rb") as handle:
            parsed = read_po(handle, locale=DEFAULT_LOCALE if pseudo else locale, domain=po.stem)
        for message in parsed:
            if not message.id:
                continue
            if pseudo:
                raw = message.string
                message.string = (
                    tuple(pseudo_template(str(t)) for t in raw)
                    if isinstance(raw, tuple | list)
                    else pseudo_template(str(raw))
                )
            key = str(message.id[0] if isinstance(message.id, tuple | list) else message.id)
            if key in ids:
                raise ValueError(f"{po}: message {key!r} is defined twice")
            ids.add(key)
        buffer = io.BytesIO()
        write_mo(buffer, parsed)
        buffer.seek(0)
        domain = Translations(buffer, domain=po.stem)
        if merged is None:
            merged = domain
        else:
            merged.merge(domain)
    if merged is None:
        raise FileNotFoundError(f"no catalogs for {locale!r} in {folder}")
    return Catalog(locale, merged, frozenset(ids))
