"""Every documented limit, one past it and at it: the spec's schema plus ``checks`` (what the
fake's REST layer runs on each request) refuse the first with Discord's nested errors and accept
the second."""

from __future__ import annotations

from typing import Any

import pytest

from sandbox.routes import form_errors

MESSAGES = "/channels/{channel_id}/messages"
CALLBACK = "/interactions/{interaction_id}/{interaction_token}/callback"
COMMANDS = "/applications/{application_id}/guilds/{guild_id}/commands"


def button(i: int = 0, **extra: Any) -> dict[str, Any]:
    return {"type": 2, "style": 1, "label": "b", "custom_id": f"b{i}", **extra}


def row(*children: dict[str, Any]) -> dict[str, Any]:
    return {"type": 1, "components": list(children)}


def select(count: int = 2, **extra: Any) -> dict[str, Any]:
    opts = [{"label": f"o{i}", "value": f"v{i}"} for i in range(count)]
    return {"type": 3, "custom_id": "s", "options": opts, **extra}


def embed(**fields: Any) -> dict[str, Any]:
    return {"embeds": [fields]}


def field_list(n: int) -> list[dict[str, str]]:
    return [{"name": "n", "value": "v"} for _ in range(n)]


def v2(count: int) -> dict[str, Any]:
    texts = [{"type": 10, "content": "t"} for _ in range(count)]
    return {"flags": 1 << 15, "components": texts}


# (what, body at the limit, body one past it); all sent as a channel message
MESSAGE_LIMITS: list[tuple[str, dict[str, Any], dict[str, Any]]] = [
    ("content 2000", {"content": "x" * 2000}, {"content": "x" * 2001}),
    ("embeds 10", {"embeds": [{}] * 10}, {"embeds": [{}] * 11}),
    ("embed title 256", embed(title="x" * 256), embed(title="x" * 257)),
    ("embed description 4096", embed(description="x" * 4096), embed(description="x" * 4097)),
    ("embed fields 25", embed(fields=field_list(25)), embed(fields=field_list(26))),
    (
        "field name 256",
        embed(fields=[{"name": "x" * 256, "value": "v"}]),
        embed(fields=[{"name": "x" * 257, "value": "v"}]),
    ),
    (
        "field value 1024",
        embed(fields=[{"name": "n", "value": "x" * 1024}]),
        embed(fields=[{"name": "n", "value": "x" * 1025}]),
    ),
    ("footer 2048", embed(footer={"text": "x" * 2048}), embed(footer={"text": "x" * 2049})),
    ("author 256", embed(author={"name": "x" * 256}), embed(author={"name": "x" * 257})),
    (
        "embeds 6000 in total",
        {"embeds": [{"description": "x" * 4000}, {"description": "x" * 2000}]},
        {"embeds": [{"description": "x" * 4000}, {"description": "x" * 2001}]},
    ),
    (
        "5 action rows",
        {"components": [row(button(i)) for i in range(5)]},
        {"components": [row(button(i)) for i in range(6)]},
    ),
    (
        "5 buttons a row",
        {"components": [row(*[button(i) for i in range(5)])]},
        {"components": [row(*[button(i) for i in range(6)])]},
    ),
    (
        "button label 80",
        {"components": [row(button(label="x" * 80))]},
        {"components": [row(button(label="x" * 81))]},
    ),
    (
        "button style",
        {"components": [row(button(style=4))]},
        {"components": [row(button(style=9))]},
    ),
    (
        "custom_id 100",
        {"components": [row(button(custom_id="x" * 100))]},
        {"components": [row(button(custom_id="x" * 101))]},
    ),
    ("select options 25", {"components": [row(select(25))]}, {"components": [row(select(26))]}),
    (
        "option label 100",
        {"components": [row(select(1, options=[{"label": "x" * 100, "value": "v"}]))]},
        {"components": [row(select(1, options=[{"label": "x" * 101, "value": "v"}]))]},
    ),
    (
        "placeholder 150",
        {"components": [row(select(placeholder="x" * 150))]},
        {"components": [row(select(placeholder="x" * 151))]},
    ),
    (
        "max_values <= options",
        {"components": [row(select(3, max_values=3))]},
        {"components": [row(select(3, max_values=4))]},
    ),
    (
        "a select alone in its row",
        {"components": [row(select()), row(button())]},
        {"components": [row(select(), button())]},
    ),
    ("no empty row", {"components": [row(button())]}, {"components": [row()]}),
    (
        "unique custom_ids",
        {"components": [row(button(1), button(2))]},
        {"components": [row(button(1), button(1))]},
    ),
    (
        "a link button has no custom_id",
        {"components": [row({"type": 2, "style": 5, "label": "l", "url": "https://x.y"})]},
        {"components": [row(button(style=5, url="https://x.y"))]},
    ),
    (
        "flags a channel message may carry",
        {"content": "x", "flags": 1 << 2},
        {"content": "x", "flags": 1 << 6},
    ),
    ("Components V2: 40 in all", v2(40), v2(41)),
    (
        "without V2 only rows at the top",
        {"components": [row(button())]},
        {"components": [{"type": 10, "content": "t"}]},
    ),
]


@pytest.mark.parametrize(("what", "ok", "over"), MESSAGE_LIMITS, ids=[m[0] for m in MESSAGE_LIMITS])
def test_message_limits(what, ok, over):
    assert form_errors("POST", MESSAGES, ok) == {}, what
    errors = form_errors("POST", MESSAGES, over)
    assert errors, what
    assert "_errors" in str(errors)


def test_errors_nest_the_field_path_like_discord():
    errors = form_errors("POST", MESSAGES, {"components": [row(button(label="x" * 81))]})
    [problem] = errors["components"]["0"]["components"]["0"]["label"]["_errors"]
    assert problem == {"code": "BASE_TYPE_MAX_LENGTH", "message": "Must be 80 or fewer in length."}
    missing = form_errors("POST", CALLBACK, {"data": {"content": "no type"}})
    assert missing["type"]["_errors"][0]["code"] == "BASE_TYPE_REQUIRED"


def modal(*inputs: dict[str, Any]) -> dict[str, Any]:
    components = [{"type": 18, "label": "L", "component": i} for i in inputs]
    return {"type": 9, "data": {"custom_id": "m", "title": "T", "components": components}}


def text_input(i: int = 0, **extra: Any) -> dict[str, Any]:
    return {"type": 4, "custom_id": f"t{i}", "style": 1, **extra}


def choices(n: int, name: str = "n", value: str = "v") -> dict[str, Any]:
    return {"type": 8, "data": {"choices": [{"name": name, "value": value}] * n}}


CALLBACK_LIMITS = [
    (
        "modal 5 components",
        modal(*[text_input(i) for i in range(5)]),
        modal(*[text_input(i) for i in range(6)]),
    ),
    (
        "text input label 45",
        {
            "type": 9,
            "data": {
                "custom_id": "m",
                "title": "T",
                "components": [row(text_input(label="x" * 45))],
            },
        },
        {
            "type": 9,
            "data": {
                "custom_id": "m",
                "title": "T",
                "components": [row(text_input(label="x" * 46))],
            },
        },
    ),
    (
        "text input value 4000",
        modal(text_input(value="x" * 4000)),
        modal(text_input(value="x" * 4001)),
    ),
    (
        "text input placeholder 100",
        modal(text_input(placeholder="x" * 100)),
        modal(text_input(placeholder="x" * 101)),
    ),
    (
        "modal title 45",
        {**modal(text_input()), "data": {**modal(text_input())["data"], "title": "x" * 45}},
        {**modal(text_input()), "data": {**modal(text_input())["data"], "title": "x" * 46}},
    ),
    ("25 choices", choices(25), choices(26)),
    ("choice name 100", choices(1, name="x" * 100), choices(1, name="x" * 101)),
    ("choice value 100", choices(1, value="x" * 100), choices(1, value="x" * 101)),
    (
        "ephemeral is fine in a response",
        {"type": 4, "data": {"content": "x", "flags": 64}},
        {"type": 4, "data": {"content": "x", "flags": 1 << 1}},
    ),
]


@pytest.mark.parametrize(
    ("what", "ok", "over"), CALLBACK_LIMITS, ids=[c[0] for c in CALLBACK_LIMITS]
)
def test_callback_limits(what, ok, over):
    assert form_errors("POST", CALLBACK, ok) == {}, what
    assert form_errors("POST", CALLBACK, over), what


def command(name: str = "cmd", **extra: Any) -> dict[str, Any]:
    return {"name": name, "description": "d", "type": 1, **extra}


def option(name: str, *, required: bool = False, **extra: Any) -> dict[str, Any]:
    return {"type": 3, "name": name, "description": "d", "required": required, **extra}


def string_choices(n: int) -> list[dict[str, str]]:
    return [{"name": f"c{i}", "value": f"v{i}"} for i in range(n)]


COMMAND_LIMITS = [
    ("name 32", [command("x" * 32)], [command("x" * 33)]),
    ("name is lowercase", [command("abc")], [command("Abc")]),
    ("name rule", [command("a-b_c'd")], [command("a b")]),
    ("description 1-100", [command(description="x" * 100)], [command(description="x" * 101)]),
    ("description required", [command()], [command(description="")]),
    (
        "25 options",
        [command(options=[option(f"o{i}") for i in range(25)])],
        [command(options=[option(f"o{i}") for i in range(26)])],
    ),
    (
        "25 choices",
        [command(options=[option("o", choices=string_choices(25))])],
        [command(options=[option("o", choices=string_choices(26))])],
    ),
    (
        "required before optional",
        [command(options=[option("a", required=True), option("b")])],
        [command(options=[option("a"), option("b", required=True)])],
    ),
    (
        "unique option names",
        [command(options=[option("a"), option("b")])],
        [command(options=[option("a"), option("a")])],
    ),
    ("unique command names", [command("a"), command("b")], [command("a"), command("a")]),
    (
        "8000 characters",
        [
            command(
                options=[
                    option(
                        f"o{i}",
                        description="x" * 100,
                        choices=[{"name": "n" * 100, "value": "v" * 100}] * 1,
                    )
                    for i in range(25)
                ]
            )
        ],
        [
            command(
                options=[
                    option(
                        f"o{i}",
                        description="x" * 100,
                        choices=[{"name": "n" * 100, "value": "v" * 100}] * 25,
                    )
                    for i in range(25)
                ]
            )
        ],
    ),
    (
        "100 commands",
        [command(f"c{i}") for i in range(100)],
        [command(f"c{i}") for i in range(101)],
    ),
    (
        "permissions as a string",
        [command(default_member_permissions="32")],
        [command(default_member_permissions="thirty-two")],
    ),
]


@pytest.mark.parametrize(("what", "ok", "over"), COMMAND_LIMITS, ids=[c[0] for c in COMMAND_LIMITS])
def test_command_limits(what, ok, over):
    assert form_errors("PUT", COMMANDS, ok) == {}, what
    assert form_errors("PUT", COMMANDS, over), what
