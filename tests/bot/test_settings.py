"""Operator settings from the environment and ``.env``."""

from __future__ import annotations

from pathlib import Path

import pytest
from pydantic import ValidationError

from bot.settings import Settings

VARIABLES = (
    "DISCORD_TOKEN",
    "DATABASE_PATH",
    "DATABASE_URL",
    "DEV_GUILD_ID",
    "LOG_LEVEL",
    "SHARD_COUNT",
    "SHARD_IDS",
    "SHARD_LEASE_SECONDS",
)


@pytest.fixture(autouse=True)
def clean_environment(monkeypatch, tmp_path):
    for name in VARIABLES:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.chdir(tmp_path)  # no developer's .env


def test_defaults_mean_the_sandbox():
    settings = Settings()
    assert settings.token is None
    assert settings.database_path == Path("parlour.db")
    assert settings.dev_guild_id is None
    assert settings.log_level == "INFO"


def test_env_file_with_blank_values_as_copied_from_the_example(tmp_path):
    example = Path(__file__).resolve().parents[2] / ".env.example"
    (tmp_path / ".env").write_text(example.read_text(encoding="utf-8"), encoding="utf-8")
    settings = Settings()
    assert settings.token is None
    assert settings.dev_guild_id is None
    assert not settings.database_url  # blank: the SQLite file
    assert settings.shards == (0,)  # one process, unsharded
    listed = {
        line.split("=")[0]
        for line in example.read_text(encoding="utf-8").splitlines()
        if "=" in line and not line.startswith("#")
    }
    assert listed == set(VARIABLES)
    assert listed == {name.upper() for name in Settings.model_fields}


def test_the_token_is_a_secret_and_values_are_typed(monkeypatch):
    secret = "abc.def.ghi"  # noqa: S105 - a made-up token
    monkeypatch.setenv("DISCORD_TOKEN", secret)
    monkeypatch.setenv("DEV_GUILD_ID", "123456789012345678")
    monkeypatch.setenv("LOG_LEVEL", "debug")
    settings = Settings()
    assert settings.token == secret
    assert secret not in repr(settings)
    assert settings.dev_guild_id == 123456789012345678
    assert settings.log_level == "DEBUG"


@pytest.mark.parametrize(("name", "value"), [("DEV_GUILD_ID", "general"), ("LOG_LEVEL", "LOUD")])
def test_bad_values_are_refused(monkeypatch, name, value):
    monkeypatch.setenv(name, value)
    with pytest.raises(ValidationError):
        Settings()


def test_shard_ids_are_written_as_an_operator_writes_them(monkeypatch):
    monkeypatch.setenv("SHARD_COUNT", "4")
    monkeypatch.setenv("SHARD_IDS", "2, 3")
    assert Settings().shards == (2, 3)
    monkeypatch.setenv("SHARD_IDS", "")
    assert Settings().shards == (0, 1, 2, 3)


@pytest.mark.parametrize("ids", ["4", "1,1", "-1", "one"])
def test_shard_ids_outside_the_count_are_refused(monkeypatch, ids):
    monkeypatch.setenv("SHARD_COUNT", "4")
    monkeypatch.setenv("SHARD_IDS", ids)
    with pytest.raises(ValidationError):
        Settings()
