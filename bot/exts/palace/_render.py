"""Palace Poker for people: the table message, the My cards text, one sentence per event.

Everything here is a pure function of an engine view or event plus a ``names`` map (player id
-> display name), so the renderers are tested on real engine views without Discord. The
public renderers read only what :class:`~games.palace.PalaceView` shows everyone (banners,
soldiers, the cards turned up and rejected for banners, counts, palace cards shown at a final
showdown); the viewer's own palace cards and the palaces they were shown in a battle appear
only in :func:`my_cards`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from bot.render import chips
from bot.table import EmbedField
from games.cards import Card, show
from games.events import Event
from games.palace import Betting, PalaceOptions, PalaceView, Phase, SeatView, Status
from games.palace import Ending as End

TITLE = "Palace Poker"

Names = Mapping[str, str]
"""Player id -> display name; an id missing here is shown as a Discord mention."""


def name(names: Names, pid: object) -> str:
    """A player's display name (a mention when the cog could not resolve one)."""
    key = str(pid)
    found = names.get(key)
    if found:
        return found
    return f"<@{key}>" if key.isdigit() else key


def cards_text(cards: Iterable[Card | str]) -> str:
    """``A♠ K♦ 10♥`` (codes are parsed), ``none`` for no cards."""
    parsed = [c if isinstance(c, Card) else Card.parse(c) for c in cards]
    return show(parsed) if parsed else "none"


def _plural(count: int, word: str) -> str:
    return f"{count} {word}" + ("" if count == 1 else "s")


def options_line(options: PalaceOptions) -> str:
    """The stakes in one line: what a player needs before sitting down."""
    if options.betting is Betting.LIMIT:
        structure = f"limit, at most {options.max_raises} raises a battle"
    else:
        structure = "no-limit raises"
    hands = "battle hands announced" if options.announce_battle_hands else "battle hands secret"
    return (
        f"Small bet {options.small_bet} · big bet {options.big_bet} · ante {options.ante} · "
        f"{structure} · {hands} · {options.turn_timeout} s a turn"
    )


# -- the table message ------------------------------------------------------------------------


def public_fields(view: PalaceView, names: Names) -> list[EmbedField]:
    """Palace Poker's part of the table message (the kit adds seats, stacks, whose turn, the
    deadline and the latest moves): pot and piles, the battle, every seat's banner and soldiers
    with a count of its face-down palace cards, the cards rejected for banners while the hand
    lasts (PP-5: dealt face up), and how the hand ended.

    Only the public view is accepted: the viewer's own palace cards must never reach it.
    """
    if view.viewer is not None:
        raise ValueError("the table message renders only the public view")
    fields = [EmbedField("Pot", pot_line(view), inline=False)]
    if view.battle is not None:
        fields.append(EmbedField("⚔️ Battle", battle_line(view, names), inline=False))
    if view.phase is Phase.DISCARD_STEP and view.to_act is not None:
        fields.append(
            EmbedField(
                "Free discard step",
                f"{name(names, view.to_act)} may discard soldiers for free "
                f"(at most {view.options.max_soldiers} kept).",
                inline=False,
            )
        )
    lines = [seat_line(seat, view, names) for seat in view.seats]
    if view.sitting_out:
        lines.append("Sitting out: " + ", ".join(name(names, p) for p in view.sitting_out))
    fields.append(EmbedField("Banners and soldiers", "\n".join(lines), inline=False))
    if view.rejected_banner_cards and view.phase is not Phase.OVER:
        fields.append(EmbedField("Rejected for banners", rejects_line(view), inline=False))
    if view.phase is Phase.OVER:
        fields.append(EmbedField("Result", "\n".join(result_lines(view, names)), inline=False))
    fields.append(EmbedField("Stakes", options_line(view.options), inline=False))
    return fields


def rejects_line(view: PalaceView) -> str:
    """PP-5: the cards turned face up and rejected in the banner deal, once each in the order
    first turned (a card turned again after a reshuffle of the rejects is not repeated)."""
    return cards_text(dict.fromkeys(view.rejected_banner_cards))


def pot_line(view: PalaceView) -> str:
    """Pot and piles."""
    return (
        f"**{chips(view.pot)}** · draw pile {view.draw_count} · "
        f"discard pile {view.discard_count} · round {view.rounds + 1}"
    )


def battle_line(view: PalaceView, names: Names) -> str:
    """Who attacks whom, who answers and what calling costs."""
    battle = view.battle
    if battle is None:
        return "No battle."
    raises = f"raises {battle.raises}"
    if view.options.betting is Betting.LIMIT:
        raises += f"/{view.options.max_raises}"
    return (
        f"{name(names, battle.attacker)} attacks {name(names, battle.defender)} · {raises}\n"
        f"{name(names, battle.to_act)} may fold, call {battle.to_call} or raise."
    )


_ENDINGS = {
    End.LAST_PLAYER: "is the last player in the hand",
    End.SAME_BANNERS: "hold banners of one suit: no battle is possible",
    End.QUIET_ROUND: "win the showdown after a quiet round",
    End.MAX_ROUNDS: "win the showdown after the last allowed round",
    End.BATTLE_TIE: "tied the last battle and split the pot",
}


def result_lines(view: PalaceView, names: Names) -> list[str]:
    """How the hand ended: winners, what they got, hand names of a final showdown."""
    result = view.result
    if result is None:
        return ["The hand is over."]
    who = " and ".join(name(names, p) for p in result.winners)
    paid = ", ".join(f"{name(names, p)} {chips(a)}" for p, a in result.payouts.items())
    lines = [f"🏆 {who} {_ENDINGS[result.ending]}: {paid}."]
    lines += [f"{name(names, pid)}: {hand}" for pid, hand in result.hands.items()]
    return lines


def seat_line(seat: SeatView, view: PalaceView, names: Names) -> str:
    """One seat: banner and soldiers face up, palace cards as a count (unless shown, PP-21)."""
    who = name(names, seat.player) + (" (dealer)" if seat.is_dealer else "")
    if seat.player == view.to_act:
        who = "▶ " + who
    if seat.status is Status.FOLDED:
        line = f"{who}: folded"
    elif seat.status is Status.BEATEN:
        line = f"{who}: beaten in battle"
    else:
        banner = str(seat.banner) if seat.banner is not None else "none"
        line = (
            f"{who}: banner **{banner}** · soldiers {cards_text(seat.soldiers)} · "
            f"palace {'🂠' * seat.palace_count or 'none'}"
        )
    shown = view.shown_palaces.get(seat.player)
    if shown:
        line += f" · palace shown: {cards_text(shown)}"
    return line


# -- My cards (ephemeral) and DMs ---------------------------------------------------------------


def my_cards(view: PalaceView, names: Names) -> str:
    """One player's private view: their palace cards and any palace they were shown (PP-17)."""
    me = view.viewer
    seat = next((s for s in view.seats if s.player == me), None)
    if me is None or seat is None:
        return "You are not dealt into this hand."
    lines = [f"**{TITLE} · deal {view.deal_number}: your cards**"]
    if view.palace:
        lines.append(f"Your palace cards (only you see them): **{cards_text(view.palace)}**")
    elif seat.status is not Status.IN:
        lines.append("You are out of this hand; your palace cards were set aside unseen.")
    if seat.status is Status.IN:
        banner = str(seat.banner) if seat.banner is not None else "none"
        lines.append(f"Your banner: **{banner}** · your soldiers: {cards_text(seat.soldiers)}")
        lines.append(
            f"Your battle stake: {chips((len(seat.soldiers) + 1) * view.options.small_bet)}"
        )
    for owner, cards in view.seen_palaces.items():
        lines.append(f"You were shown {name(names, owner)}'s palace cards: {cards_text(cards)}")
    if view.phase is not Phase.OVER and view.to_act == me:
        lines.append("It is your move.")
    return "\n".join(lines)


def private_line(event: Event, names: Names) -> str:
    """A private event for its player's DM. The kit follows these lines with the player's
    :func:`my_cards`, so a new deal's palace is only announced here, not listed twice."""
    data = event.data
    if event.kind == "palace_cards":
        return f"New deal: you are dealt {_plural(len(data.get('cards', [])), 'palace card')}."
    if event.kind == "palace_shown":
        owner = name(names, data.get("owner"))
        return f"After the battle you see {owner}'s palace cards: **{cards_text(data['cards'])}**"
    return event.text


# -- public events as sentences ------------------------------------------------------------------


def event_line(event: Event, names: Names) -> str | None:
    """A public event as a sentence with display names; ``None`` for events not worth a line.

    Only the event's public data is read: a private event raises, so a caller that mixes them up
    fails loudly instead of leaking a palace card.
    """
    if not event.is_public:
        raise ValueError(f"{event.kind} is private to {event.to}")
    d = event.data
    n = _Namer(names)
    match event.kind:
        case "cut":
            return f"{n(d['dealer'])} wins the cut for the deal."
        case "ante":
            short = [f"{n(p)} ({a})" for p, a in d.get("paid", {}).items() if a < _most(d)]
            text = f"Everyone antes {_most(d)}; pot {d.get('pot')}."
            return text + (" All-in for less: " + ", ".join(short) + "." if short else "")
        case "banner":
            # PP-5 deals the rejected cards face up: the whole table saw them, so they are named.
            rejected = d.get("rejected") or []
            tail = f" (after turning up {cards_text(rejected)})" if rejected else ""
            return f"{n(d['player'])}'s banner is {cards_text([d['banner']])}{tail}."
        case "rejects_reshuffled":
            return f"The deck ran out: {d['count']} rejected cards are shuffled back in."
        case "palace_dealt":
            return f"3 palace cards each, face down; {d['draw_count']} cards in the draw pile."
        case "turn":
            return None
        case "buy":
            return f"{n(d['player'])} buys {cards_text([d['card']])}; pot {d['pot']}."
        case "discards_reshuffled":
            return f"The draw pile is empty: {d['count']} discards become the new draw pile."
        case "discard_soldiers":
            if not d["count"]:
                return f"{n(d['player'])} keeps every soldier."
            return f"{n(d['player'])} discards {_plural(d['count'], 'soldier')} face down."
        case "discard":
            return (
                f"{n(d['player'])} pays to discard {_plural(d['count'], 'soldier')} face down; "
                f"pot {d['pot']}."
            )
        case "stay":
            return f"{n(d['player'])} stays."
        case "fold":
            return f"{n(d['player'])} folds."
        case "bet":
            return (
                f"⚔️ {n(d['attacker'])} attacks {n(d['defender'])} and bets {d['amount']}; "
                f"pot {d['pot']}."
            )
        case "raise":
            return f"{n(d['player'])} calls {d['called']} and raises {d['amount']}."
        case "call":
            return f"{n(d['player'])} calls {d['amount']}: the battle is shown down."
        case "battle_fold":
            return f"{n(d['player'])} folds to {n(d['winner'])}."
        case "raise_returned":
            return f"{n(d['player'])} takes back the uncalled raise of {d['amount']}."
        case "battle_tie":
            a, b = d["players"]
            return f"{n(a)} and {n(b)} tie the battle."
        case "battle_won":
            hand = f" with {d['hand']}" if d.get("hand") else ""
            return f"🏆 {n(d['winner'])} wins the battle against {n(d['loser'])}{hand}."
        case "capture":
            soldiers = d.get("soldiers", [])
            return (
                f"{n(d['player'])} captures banner and soldiers: now "
                f"{_plural(len(soldiers), 'soldier')} ({cards_text(soldiers)})."
            )
        case "palace_revealed":
            return f"{n(d['player'])} shows {cards_text(d['cards'])}: {d['hand']}."
        case "hand_over":
            who = " and ".join(n(p) for p in d["winners"])
            paid = ", ".join(f"{n(p)} {a}" for p, a in d["payouts"].items())
            return f"The hand is over: {who} {_ENDINGS[End(d['ending'])]} ({paid})."
    return event.text


def event_lines(events: Iterable[Event], names: Names) -> list[str]:
    """The public sentences of some events, in order (private events are skipped)."""
    lines = []
    for event in events:
        if event.is_public:
            line = event_line(event, names)
            if line:
                lines.append(line)
    return lines


def _most(data: Mapping[str, object]) -> int:
    paid = data.get("paid")
    if isinstance(paid, Mapping) and paid:
        return max(int(v) for v in paid.values())
    return 0


class _Namer:
    def __init__(self, names: Names) -> None:
        self.names = names

    def __call__(self, pid: object) -> str:
        return name(self.names, pid)


# -- rules ------------------------------------------------------------------------------------

RULES = """\
**Palace Poker** (2-10 players, one deck). Everyone antes; each player gets a face-up **banner** \
(suits differ within each group of four seats) and 3 face-down **palace cards** (by DM, or \
**My cards**).
**On your turn**, one of:
• **buy** — pay the small bet, take the top card face up as a **soldier**, then discard any \
soldiers for free (at most 5 kept);
• **discard** — pay the small bet and discard one or more soldiers face down;
• **bet** — attack a player whose banner suit differs from yours, betting \
(your soldiers + 1) × small bet;
• **stay** — do nothing; • **fold** — leave the hand.
**Battle:** the defender folds (the attacker captures their banner and soldiers), calls with \
their own stake, or raises (limit: the big bet, or 2 × small bet with no soldiers, a few \
times per battle; no-limit: at least the big bet); the battlers go on until one folds or \
calls. On a call each side's best 5 of palace + \
banner + soldiers counts, but cards of the **opponent's banner suit** don't. The loser is out; \
the winner captures banner and soldiers and discards down to 5. The caller sees the other's \
palace cards; the other sees the caller's only if the caller won or tied.
**End:** one player left wins the pot; with two left they must bet or fold; if everyone left \
shares a banner suit the pot is split; a full round with no buy and no bet ends in a showdown \
of all palaces (best 5, no suit excluded).
A timed-out player stays where they can, and otherwise folds."""
