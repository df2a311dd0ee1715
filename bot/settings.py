"""Operator configuration: environment variables, or a ``.env`` file in the working directory.

Read once, in ``python -m bot``; nothing else reads the environment. ``.env.example`` lists
every variable with its default.
"""

from __future__ import annotations

import logging
from pathlib import Path

from pydantic import Field, SecretStr, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict


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

    @field_validator("discord_token", mode="before")
    @classmethod
    def _blank_token_is_none(cls, value: object) -> object:
        """``DISCORD_TOKEN=`` (as copied from ``.env.example``) means no token."""
        return None if isinstance(value, str) and not value.strip() else value

    @field_validator("dev_guild_id", mode="before")
    @classmethod
    def _blank_guild_is_none(cls, value: object) -> object:
        return None if isinstance(value, str) and not value.strip() else value

    @field_validator("log_level")
    @classmethod
    def _known_level(cls, value: str) -> str:
        level = value.strip().upper()
        if level not in logging.getLevelNamesMapping():
            raise ValueError(f"unknown log level {value!r}")
        return level

    @property
    def token(self) -> str | None:
        """The token's text, or ``None`` (the sandbox)."""
        return self.discord_token.get_secret_value() if self.discord_token else None
