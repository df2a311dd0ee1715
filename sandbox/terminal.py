"""The sandbox's terminal language and how messages look in it.

One line is one thing a person does or looks at::

    alice /pontoon open min_bet:10       a slash command (options as name:value; @bob, #tables)
    bob click Join                       click a button (label or custom_id) on the latest
                                         message bob can see that has it
    bob select "Discard a card" 9h       pick values in a select menu (custom_id or placeholder)
    bob submit Buy-in=150                fill in and submit the modal the bot last opened (a
                                         field by its label or custom_id)
    alice say hello                      write in the channel; ``alice dm hi`` writes to the bot
    locale alice de                      alice's Discord client speaks German (en-US, tr, ...)
    use #tables                          everyone acts in #tables from now on
    dms alice | channel | users | help | wait 0.5 | quit

Parsing and rendering are pure; ``client`` runs the lines against a fake.
"""

from __future__ import annotations

import re
import shlex
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum

from sandbox.messages import Message
from sandbox.wire import JSON

HELP = """\
  <user> /<command> [sub] [name:value ...]   run a slash command (@user, #channel, "a b")
  <user> click <button>                      click a button by label or custom_id
  <user> select <menu> <value> [...]         choose in a select menu
  <user> submit <field>=<value> [...]        submit the modal the bot opened for you
                                             (a field by its label, e.g. Buy-in=150)
  <user> say <text>   |   <user> dm <text>   write in the channel / to the bot by DM
  locale <user> <discord locale>             set the user's client language (de, tr, en-US)
  use #<channel>                             everyone acts in that channel from now on
  channel   dms <user>   users   wait <seconds>   help   quit"""


class Verb(StrEnum):
    """What a line asks for."""

    SLASH = "slash"
    CLICK = "click"
    SELECT = "select"
    SUBMIT = "submit"
    SAY = "say"
    DM = "dm"
    SHOW_CHANNEL = "channel"
    SHOW_DMS = "dms"
    USERS = "users"
    WAIT = "wait"
    LOCALE = "locale"
    USE = "use"
    HELP = "help"
    QUIT = "quit"
    NOTHING = "nothing"


class LineError(ValueError):
    """A line the terminal does not understand (the message says how to write it)."""


@dataclass(frozen=True)
class Line:
    """One parsed line: who, what, and the words and ``name:value`` options that follow."""

    verb: Verb
    user: str = ""
    words: tuple[str, ...] = ()
    options: dict[str, str] = field(default_factory=dict)

    @property
    def text(self) -> str:
        """The words joined back together (for say/dm)."""
        return " ".join(self.words)


ACTOR_VERBS = {"click": Verb.CLICK, "select": Verb.SELECT, "submit": Verb.SUBMIT}
TEXT_VERBS = {"say": Verb.SAY, "dm": Verb.DM}
ALONE = {
    "channel": Verb.SHOW_CHANNEL,
    "show": Verb.SHOW_CHANNEL,
    "users": Verb.USERS,
    "help": Verb.HELP,
    "?": Verb.HELP,
    "quit": Verb.QUIT,
    "exit": Verb.QUIT,
}


def parse_line(raw: str) -> Line:
    """Parse one line of the terminal language; raises ``LineError`` with a hint."""
    stripped = raw.strip()
    if not stripped or stripped.startswith("#"):
        return Line(Verb.NOTHING)
    try:
        tokens = shlex.split(stripped)
    except ValueError as error:
        raise LineError(f"cannot read that line: {error}") from None
    head, rest = tokens[0].lower(), tokens[1:]
    if head in ALONE and not rest:
        return Line(ALONE[head])
    if head == "dms" and len(rest) == 1:
        return Line(Verb.SHOW_DMS, rest[0])
    if head == "wait" and len(rest) == 1:
        return Line(Verb.WAIT, words=(rest[0],))
    if head == "use" and len(rest) == 1:
        return Line(Verb.USE, words=(rest[0].lstrip("#"),))
    if head == "locale" and len(rest) == 2:
        return Line(Verb.LOCALE, rest[0], (rest[1],))
    if not rest:
        raise LineError(f"{stripped!r}: say what {head} does, e.g. '{head} /ping' (try 'help')")
    user, what, args = head, rest[0], rest[1:]
    if what.startswith("/"):
        words = [what[1:], *[a for a in args if ":" not in a]]
        options = dict(a.split(":", 1) for a in args if ":" in a)
        return Line(Verb.SLASH, user, tuple(w for w in words if w), options)
    lowered = what.lower()
    if lowered in TEXT_VERBS:
        return Line(TEXT_VERBS[lowered], user, tuple(args))
    if lowered == "submit":  # a field by custom_id or label: amount:150, Buy-in=150
        pairs = [_pair(a) for a in args if re.search(r"[:=]", a)]
        return Line(Verb.SUBMIT, user, options=dict(pairs))
    if lowered in ACTOR_VERBS and args:
        return Line(ACTOR_VERBS[lowered], user, tuple(args))
    raise LineError(f"{stripped!r}: unknown action {what!r} (try 'help')")


def _pair(arg: str) -> tuple[str, str]:
    """``name:value`` or ``name=value``, split at the first of the two."""
    name, value = re.split(r"[:=]", arg, maxsplit=1)
    return name, value


def _render_component(component: JSON) -> str:
    kind = component.get("type")
    if kind == 2:
        label = str(component.get("label") or component.get("custom_id") or "?")
        return f"[~{label}~]" if component.get("disabled") else f"[{label}]"
    if kind == 3:
        options = " | ".join(str(o.get("label")) for o in component.get("options") or [])
        return f"<{component.get('placeholder') or 'choose'}: {options}>"
    return f"<component {kind}>"


def render_message(message: Message, where: str, *, note: str = "") -> list[str]:
    """A message as the terminal shows it: a header, its text, embeds and components."""
    author = message.author.name
    suffix = f" ({note})" if note else ""
    if message.deleted:
        return [f"[{where}] {author}: (message deleted){suffix}"]
    text = "is thinking..." if message.loading else message.content
    lines = [f"[{where}] {author}:{suffix} {text}".rstrip()]
    for embed in message.embeds:
        for part in (embed.get("title"), embed.get("description")):
            if part:
                lines.extend(f"  | {row}" for row in str(part).splitlines())
        for embed_field in embed.get("fields") or []:
            lines.append(f"  | {embed_field.get('name')}: {embed_field.get('value')}")
        if embed.get("footer", {}).get("text"):
            lines.append(f"  | {embed['footer']['text']}")
    _render_rows(message.components, lines)
    return lines


def _render_rows(components: list[JSON], lines: list[str]) -> None:
    """Action rows as a line each; a V2 container's text displays as text, its pictures as
    ``[picture name: alt text]``."""
    for row in components:
        kind = row.get("type")
        if kind == 17:  # a container: its parts in order
            _render_rows(list(row.get("components") or []), lines)
        elif kind == 10:
            lines.extend(f"  | {text}" for text in str(row.get("content") or "").splitlines())
        elif kind == 12:
            for item in row.get("items") or []:
                url = str((item.get("media") or {}).get("url") or "")
                name = url.removeprefix("attachment://")
                lines.append(f"  [picture {name}: {item.get('description') or 'no alt text'}]")
        else:
            children = row.get("components") if kind == 1 else [row]
            lines.append("  " + " ".join(_render_component(c) for c in children or []))


def render_modal(modal: JSON, user: str) -> list[str]:
    """A modal the bot opened, with the line that answers it."""
    fields: list[str] = []
    for row in modal.get("components") or []:
        inner = [row["component"]] if "component" in row else list(row.get("components") or [])
        label = row.get("label")
        for text_input in inner:
            fields.append(f"{text_input.get('custom_id')} ({label or text_input.get('label')})")
    return [
        f"[only {user}] modal {modal.get('title')!r}: " + ", ".join(fields),
        f"  answer with: {user} submit <field>=<value> ... (a field by its label or custom_id)",
    ]


def modal_inputs(modal: JSON) -> list[tuple[str, str]]:
    """A modal's text inputs as (custom_id, label)."""
    found: list[tuple[str, str]] = []
    for row in modal.get("components") or []:
        inner = [row["component"]] if "component" in row else list(row.get("components") or [])
        for text_input in inner:
            label = str(row.get("label") or text_input.get("label") or "")
            found.append((str(text_input.get("custom_id")), label))
    return found


def modal_answers(modal: JSON, given: Mapping[str, str]) -> dict[str, str]:
    """The answers to a modal by custom_id, from fields named by custom_id or by the start of
    their label, any case (``Buy-in=150`` fills "Buy-in (100–5000)")."""
    inputs = modal_inputs(modal)
    answers: dict[str, str] = {}
    for name, value in given.items():
        if any(name == custom_id for custom_id, _ in inputs):
            answers[name] = value
            continue
        wanted = name.lower()
        match = [cid for cid, label in inputs if label.lower().startswith(wanted)]
        if len(match) != 1:
            labels = ", ".join(repr(label) for _, label in inputs)
            raise LineError(f"the modal has no field {name!r}; its fields: {labels}")
        answers[match[0]] = value
    return answers


def where(message: Message) -> str:
    """Where a message is, as a transcript label: ``#general``, ``DM alice``, ``only bob``."""
    if message.visible_to is not None:
        return f"only {message.visible_to.name}"
    if message.channel.recipient is not None:
        return f"DM {message.channel.recipient.name}"
    return f"#{message.channel.name}"


_MARKUP = re.compile(r"<@!?(\d+)>|<#(\d+)>|<t:(-?\d+)(?::([tTdDfFR]))?>")


def humanize(text: str, users: Mapping[int, str], channels: Mapping[int, str], now: float) -> str:
    """Discord's markup as a Discord client would show it: ``@bob``, ``#general``, ``in 2 min``.

    The transcript is for people; raw snowflakes and unix times say nothing to them.
    """

    def replace(match: re.Match[str]) -> str:
        user, channel, stamp, _style = match.groups()
        if user is not None:
            return "@" + users.get(int(user), user)
        if channel is not None:
            return "#" + channels.get(int(channel), channel)
        delta = int(stamp) - now
        span = _span(abs(delta))
        return f"in {span}" if delta >= 0 else f"{span} ago"

    return _MARKUP.sub(replace, text)


def _span(seconds: float) -> str:
    whole = round(seconds)
    if whole < 60:
        return f"{whole} s"
    if whole < 3600:
        return f"{whole // 60} min"
    return f"{whole // 3600} h"
