"""Palace Poker's buttons and refusals in words: what an action is called, and why the engine
refused one, in the words of the buttons and commands (never its internal kind names).

The engine refuses with a code and its facts (``games.palace.PalaceRefusal`` or the shared
``games.errors.Refusal``); every code has a sentence here. A refusal of an action that is not
legal now ends with what the player can do instead ("You can: buy, stay, attack, fold.").
"""

from __future__ import annotations

from bot.exts.palace._words import joined, n
from bot.text import Text, msg
from bot.text.format import Names
from games.actions import ActionSpec
from games.errors import IllegalAction, Param, Refusal
from games.palace import ActionKind, PalaceRefusal, PalaceView

KINDS = frozenset(ActionKind)

_HINTS = {
    ActionKind.DISCARD: "cards",
    ActionKind.DISCARD_SOLDIERS: "cards",
    ActionKind.BET: "target",
    ActionKind.RAISE: "amount",
}
"""What a malformed action of each kind needs (the rest take no fields)."""


def kind_words(kind: object) -> Text:
    """An action inside a sentence, as its button says it ("discard soldiers", "attack"); a
    kind the game does not know, as it was given."""
    text = str(kind)
    return msg(f"palace.kind.{text}") if text in KINDS else text


def _kinds(kinds: Param) -> Text:
    listed = list(kinds) if isinstance(kinds, list | tuple) else []
    return joined([kind_words(k) for k in listed])


def action_label(spec: ActionSpec, view: PalaceView | None = None) -> Text:
    """A button's words. With the table's view, the paid actions say what they cost: "Buy a
    soldier (10)", "Discard (10)", "Attack (20)", "Call (20)"; short of it, "Call all-in (5)"
    (issue 33.7: "Call (0)" did not say the player was all-in)."""
    kind = str(spec.kind)
    if kind not in KINDS:
        return kind
    mover = None
    if view is not None and view.to_act is not None:
        mover = next((s for s in view.seats if s.player == view.to_act), None)
    if mover is not None and view is not None:
        small = view.options.small_bet
        if kind == ActionKind.BUY:
            return msg("palace.action.buy_for", price=n(small))
        if kind == ActionKind.DISCARD:  # the paid discard (the free step is discard_soldiers)
            return msg("palace.action.discard_for", price=n(small))
        if kind == ActionKind.BET:
            stake = (len(mover.soldiers) + 1) * small
            which = "palace.action.bet_all_in" if mover.stack < stake else "palace.action.bet_for"
            return msg(which, stake=n(min(stake, mover.stack)))
        if kind == ActionKind.CALL and view.battle is not None:
            owed = view.battle.to_call
            which = "palace.action.call_all_in" if mover.stack < owed else "palace.action.call_for"
            return msg(which, amount=n(min(owed, mover.stack)))
    return msg(f"palace.action.{kind}")


def refusal(error: IllegalAction, names: Names) -> Text:
    """Why an action was refused, in the player's words."""
    reason = _reason(error, names)
    if "allowed" in error.params and error.code != Refusal.UNKNOWN_ACTION:
        return msg("palace.refusal.you_can", reason=reason, allowed=_kinds(error.params["allowed"]))
    return reason


def _reason(error: IllegalAction, names: Names) -> Text:
    p = error.params
    code = error.code
    kind = str(p.get("kind"))
    if code == Refusal.NOT_YOUR_TURN:
        to_act = p.get("to_act")
        return msg("palace.refusal.not_your_turn", player=names.mention(_text(to_act)))
    if code == Refusal.UNKNOWN_ACTION:
        return msg("palace.refusal.unknown_action", kind=kind, allowed=_kinds(p.get("allowed")))
    if code == Refusal.BAD_ACTION:
        hint = _HINTS.get(ActionKind(kind), "none") if kind in KINDS else "none"
        return msg(
            "palace.refusal.bad_action",
            kind=kind_words(kind),
            hint=msg(f"palace.refusal.hint.{hint}"),
        )
    if code == Refusal.NOT_NOW:
        return msg("palace.refusal.not_now", kind=kind_words(kind))
    if code == Refusal.AMOUNT_OUT_OF_RANGE:
        low, high = _int(p.get("min")), _int(p.get("max"))
        if low == high:
            return msg("palace.refusal.raise_exactly", amount=n(low))
        return msg("palace.refusal.raise_between", min=n(low), max=n(high))
    if code == Refusal.NOT_A_CHOICE:
        options = p.get("options")
        listed = list(options) if isinstance(options, list | tuple) else []
        return msg("palace.refusal.attack_whom", players=joined([names.mention(o) for o in listed]))
    if code in (PalaceRefusal.NOTHING_TO, PalaceRefusal.CANT_AFFORD):
        if kind not in _WHAT_OF[PalaceRefusal(code)]:
            return msg("palace.refusal.not_allowed")
        price, stack = n(_int(p.get("price"))), n(_int(p.get("stack")))
        return msg(f"palace.refusal.{code}.{kind}", price=price, stack=stack)
    if code == PalaceRefusal.RAISE_CAP:
        return msg("palace.refusal.raise_cap", count=_int(p.get("max")), max=n(_int(p.get("max"))))
    if code in (PalaceRefusal.CARD_COUNT,):
        low, high = _int(p.get("min")), _int(p.get("max"))
        if low == high:
            return msg("palace.refusal.card_count_exactly", min=n(low))
        return msg("palace.refusal.card_count", min=n(low), max=n(high))
    if code in (PalaceRefusal.BAD_CARD, PalaceRefusal.NOT_YOUR_SOLDIER):
        return msg(f"palace.refusal.{code}", card=str(p.get("card")))
    if code in set(PalaceRefusal) or code in (Refusal.DEAL_OVER, Refusal.NOT_PLAYING):
        return msg(f"palace.refusal.{code}")
    return msg("palace.refusal.not_allowed")


_WHAT_OF = {
    PalaceRefusal.NOTHING_TO: {ActionKind.CALL, ActionKind.RAISE, ActionKind.DISCARD_SOLDIERS},
    PalaceRefusal.CANT_AFFORD: {ActionKind.BUY, ActionKind.DISCARD, ActionKind.RAISE},
}
"""The kinds each of these codes has a sentence for (the engine gives no others)."""


def _int(value: Param) -> int:
    return value if isinstance(value, int) else 0


def _text(value: Param) -> str | None:
    return None if value is None else str(value)
