"""No English below the bot: no string the engine hands out holds a sentence (three or more
words), over 200 random deals of every table option."""

from __future__ import annotations

from typing import Any

from games.pontoon import PontoonEventKind, PontoonRefusal

from .scan import play


def _strings(node: Any) -> list[str]:
    if isinstance(node, str):
        return [node]
    if isinstance(node, dict):
        return [s for k, v in node.items() for s in _strings(k) + _strings(v)]
    if isinstance(node, list | tuple):
        return [s for v in node for s in _strings(v)]
    return []


def test_no_sentence_in_events_refusals_specs_or_views():
    seen = play(200)
    dumps: list[Any] = [e.model_dump(mode="json") for e in seen.events]
    dumps += [[r.code, r.params] for r in seen.refusals]
    dumps += [s.model_dump(mode="json") for s in seen.specs]
    dumps += [v.model_dump(mode="json") for v in seen.views]
    wordy = [s for d in dumps for s in _strings(d) if len(s.split()) >= 3]
    assert wordy == []
    assert all("label" not in s.model_dump() for s in seen.specs)
    # the scan saw most of what there is to see
    assert {e.kind for e in seen.events} >= set(PontoonEventKind) - {
        PontoonEventKind.BANK_OFFERED,
        PontoonEventKind.BANK_SOLD,
        PontoonEventKind.BANK_DECLINED,
        PontoonEventKind.BANK_BROKEN,
        PontoonEventKind.KITTY_RETURNED,
        PontoonEventKind.BANK_GIVEN_UP,
        PontoonEventKind.NO_DEAL,
        PontoonEventKind.STANDS,
        PontoonEventKind.CUT,
    }
    assert len({r.code for r in seen.refusals} & set(PontoonRefusal)) >= 4
