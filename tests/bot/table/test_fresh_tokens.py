"""The bot's clock of interaction tokens: a player's private update rides on their latest
answered interaction at the table's channel only while Discord still honours its token
(15 minutes from the interaction, less a minute's margin), counted from when the interaction
was made (its id), not from when the bot answered it.

The interactions are stand-ins for discord.py's: the tokens' keeper reads only the user, the
channel, how it was answered, when it was made and its followup webhook."""

from __future__ import annotations

import datetime as dt
from types import SimpleNamespace
from typing import Any

import discord

from bot.table._fresh import FRESH_S, MARGIN_S, TOKEN_S, FreshTokens, made_at

ANSWERED = discord.InteractionResponseType.message_update


class Clock:
    def __init__(self) -> None:
        self.now = 1_000.0

    def __call__(self) -> float:
        return self.now


def clicked(
    user: int,
    channel: int | None = 10,
    *,
    age: float = 0.0,
    answer: discord.InteractionResponseType | None = ANSWERED,
) -> Any:
    """An interaction made ``age`` seconds ago, answered with ``answer``."""
    made = discord.utils.utcnow() - dt.timedelta(seconds=age)
    return SimpleNamespace(
        user=SimpleNamespace(id=user),
        channel_id=channel,
        created_at=made,
        response=SimpleNamespace(type=answer),
        followup=object(),  # each interaction's own webhook
    )


def test_the_token_is_used_for_fourteen_minutes_and_not_in_its_last_one():
    assert TOKEN_S == 15 * 60
    assert FRESH_S == TOKEN_S - MARGIN_S == 14 * 60
    clock = Clock()
    tokens = FreshTokens(clock=clock)
    click = clicked(1)
    tokens.seen(click)
    clock.now += FRESH_S - 1
    assert tokens.get(1, 10) is click.followup
    clock.now += 1
    assert tokens.get(1, 10) is None
    assert len(tokens) == 0  # forgotten, not only hidden


def test_a_late_answer_leaves_less_of_the_tokens_life():
    clock = Clock()
    tokens = FreshTokens(clock=clock)
    late = clicked(1, age=2.5)  # Discord's 15 minutes began when the click was made
    assert abs(made_at(late, clock) - (clock.now - 2.5)) < 0.5
    tokens.seen(late)
    clock.now += FRESH_S - 3.5
    assert tokens.get(1, 10) is late.followup
    clock.now += 1.5
    assert tokens.get(1, 10) is None


def test_an_interaction_answered_with_a_modal_or_not_at_all_is_not_kept():
    tokens = FreshTokens(clock=Clock())
    tokens.seen(clicked(1, answer=discord.InteractionResponseType.modal))
    tokens.seen(clicked(2, answer=None))
    tokens.seen(clicked(3, channel=None))
    assert len(tokens) == 0


def test_the_latest_interaction_of_a_player_in_a_channel_replaces_the_older_one():
    clock = Clock()
    tokens = FreshTokens(clock=clock)
    first, other_channel = clicked(1), clicked(1, channel=11)
    tokens.seen(first)
    tokens.seen(other_channel)
    clock.now += 600
    second = clicked(1)
    tokens.seen(second)
    clock.now += FRESH_S - 300  # the first would be stale by now; the second is not
    assert tokens.get(1, 10) is second.followup
    assert tokens.get(1, 11) is None  # seen 14 minutes and more ago
    assert tokens.get(2, 10) is None


def test_a_token_discord_refused_is_dropped_until_the_next_interaction():
    tokens = FreshTokens(clock=Clock())
    tokens.seen(clicked(1))
    tokens.drop(1, 10)
    assert tokens.get(1, 10) is None
    again = clicked(1)
    tokens.seen(again)
    assert tokens.get(1, 10) is again.followup


class _Rebuilt(SimpleNamespace):
    """An interaction whose ``followup`` is a new webhook object on every read, as
    discord.py's property builds it."""

    @property
    def followup(self) -> Any:
        return object()


def test_a_token_refused_for_a_private_update_is_not_tried_again_for_a_turn_ping():
    tokens = FreshTokens(clock=Clock())
    fields = {k: v for k, v in vars(clicked(1)).items() if k != "followup"}
    click: Any = _Rebuilt(**fields)
    tokens.seen(click)
    assert len(tokens.at(10)) == 1  # a public followup (a turn ping) may ride on it
    tokens.drop(1, 10)  # Discord refused it for the player's private update
    assert tokens.get(1, 10) is None
    assert tokens.at(10) == []  # no ping tries it again (a refused request: an invalid one)
