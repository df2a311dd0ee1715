"""Operator configuration: environment variables, or a ``.env`` file in the working directory.

Read once, in ``python -m bot``; nothing else reads the environment. ``.env.example`` lists
every variable with its default.
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Annotated

from pydantic import Field, SecretStr, field_validator, model_validator
from pydantic_settings import BaseSettings, NoDecode, SettingsConfigDict


class Settings(BaseSettings):
    """What an operator sets. Without ``DISCORD_TOKEN`` the bot runs the local sandbox."""

    model_config = SettingsConfigDict(env_file=".env", env_file_encoding="utf-8", extra="ignore")

    discord_token: SecretStr | None = None
    database_path: Path = Path("parlour.db")
    database_url: str | None = None
    """A ``postgresql://`` URL (the ``postgres`` extra): used instead of ``database_path``."""
    dev_guild_id: int | None = Field(None, gt=0)
    """Sync the slash commands to this server at start (instant), instead of not at all."""
    log_level: str = "INFO"
    shard_count: int = Field(1, ge=1, le=4096)
    """How many shards the whole bot runs (Discord requires sharding from 2,500 servers);
    every process of one bot sets the same count."""
    shard_ids: Annotated[tuple[int, ...], NoDecode] = ()
    """The shards this process serves (``0,1``); empty: all of them."""
    shard_lease_seconds: float = Field(30.0, ge=1.0, le=3600.0)
    """How long a process's hold on its shards outlives its last heartbeat: a process that
    died without a word (SIGKILL, a lost host) is replaced after at most this long."""

    @field_validator("discord_token", mode="before")
    @classmethod
    def _blank_token_is_none(cls, value: object) -> object:
        """``DISCORD_TOKEN=`` (as copied from ``.env.example``) means no token."""
        return None if isinstance(value, str) and not value.strip() else value

    @field_validator("dev_guild_id", mode="before")
    @classmethod
    def _blank_guild_is_none(cls, value: object) -> object:
        return None if isinstance(value, str) and not value.strip() else value

    @field_validator("shard_ids", mode="before")
    @classmethod
    def _comma_separated(cls, value: object) -> object:
        """``SHARD_IDS=0,1`` (as an operator writes it), or blank for every shard."""
        if isinstance(value, str):
            return tuple(int(part) for part in value.replace(" ", "").split(",") if part)
        return value

    @model_validator(mode="after")
    def _shards_in_range(self) -> Settings:
        wrong = [s for s in self.shard_ids if not 0 <= s < self.shard_count]
        if wrong or len(set(self.shard_ids)) != len(self.shard_ids):
            raise ValueError(f"SHARD_IDS must be distinct numbers below SHARD_COUNT: {wrong}")
        return self

    @field_validator("log_level")
    @classmethod
    def _known_level(cls, value: str) -> str:
        level = value.strip().upper()
        if level not in logging.getLevelNamesMapping():
            raise ValueError(f"unknown log level {value!r}")
        return level

    @property
    def shards(self) -> tuple[int, ...]:
        """The shards this process serves."""
        return self.shard_ids or tuple(range(self.shard_count))

    @property
    def token(self) -> str | None:
        """The token's text, or ``None`` (the sandbox)."""
        return self.discord_token.get_secret_value() if self.discord_token else None
