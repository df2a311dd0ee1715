"""The table renderers refuse a player's view by type: mypy rejects the call."""

from __future__ import annotations

from pathlib import Path

from mypy import api

SNIPPET = """\
from bot.pictures import Public, paiute_scene, palace_scene, pontoon_scene, table_scene
from games.paiute import Paiute
from games.palace import PalacePoker
from games.pontoon import Pontoon

palace = PalacePoker.new(["a", "b"], {"a": 10, "b": 10})
paiute = Paiute.new(["a", "b"], {"a": 10, "b": 10})
pontoon = Pontoon.new(["a", "b"], {"a": 100, "b": 100})
palace_scene(Public(palace.view(None)), {})
paiute_scene(Public(paiute.view(None)), {})
pontoon_scene(Public(pontoon.view(None)), {})
table_scene(Public(palace.view(None)), {})
palace_scene(palace.view("a"), {})  # line 13
paiute_scene(paiute.view("a"), {})
pontoon_scene(pontoon.view("a"), {})
table_scene(palace.view("a"), {})
"""


def test_passing_a_bare_view_to_a_table_renderer_is_a_type_error(tmp_path: Path):
    source = tmp_path / "snippet.py"
    source.write_text(SNIPPET)
    out, _, status = api.run(
        ["--strict", "--no-incremental", "--follow-imports=silent", str(source)]
    )
    errors = [line for line in out.splitlines() if ": error:" in line]
    assert status == 1
    assert [int(line.split(":")[1]) for line in errors] == [13, 14, 15, 16], out
    assert all('expected "Public[' in line for line in errors), out
