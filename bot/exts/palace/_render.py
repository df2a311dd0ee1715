"""Palace Poker's presenter: the table message, the My cards text and one line per event, as
catalog messages (``bot/locale/<lang>/palace.po``), never assembled English.

Everything here is a pure function of an engine view or event plus a :class:`Names` (how to
name a player), so it is tested on real engine views without Discord. The public renderers
read only what :class:`~games.palace.PalaceView` shows everyone (banners, soldiers, the cards
turned up and rejected for banners, counts, palace cards shown at a final showdown); the
viewer's own palace cards and the palaces they were shown in a battle appear only in
:func:`my_cards`.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.exts.palace._words import hand_name, joined, n
from bot.text import Msg, Text, msg
from bot.text.format import HIDDEN, Names, card, cards, cards_or_none, chips, order_committed
from games.cards import Card
from games.events import GameEvent, OrderCommitted
from games.palace import (
    Ante,
    Banner,
    BattleFolded,
    BattleTied,
    BattleWon,
    BetPlaced,
    Betting,
    Bought,
    Called,
    Captured,
    Cut,
    Discarded,
    DiscardsReshuffled,
    Folded,
    HandOver,
    PalaceCards,
    PalaceDealt,
    PalaceOptions,
    PalaceRevealed,
    PalaceShown,
    PalaceView,
    Phase,
    Raised,
    RaiseReturned,
    RejectsReshuffled,
    SeatView,
    SoldiersDiscarded,
    Status,
    Stayed,
    Turn,
)

DECIDING = (Cut, BattleWon, BattleTied, BattleFolded)
"""Events kept on the table to the end of the hand: the PP-3 cut and the battles' outcomes."""

TITLE = msg("palace.title")
RULES = msg("palace.rules")


@dataclass(frozen=True, slots=True)
class Field:
    """One field of the table message: a name and its lines."""

    name: Text
    value: list[Text]


def options_line(options: PalaceOptions) -> Msg:
    """The stakes in one line: what a player needs before sitting down."""
    if options.betting is Betting.LIMIT:
        raises = options.max_raises
        structure = msg("palace.stakes.limit", count=raises, max_raises=n(raises))
    else:
        structure = msg("palace.stakes.no_limit")
    hands = "announced" if options.announce_battle_hands else "secret"
    return msg(
        "palace.stakes",
        small_bet=n(options.small_bet),
        big_bet=n(options.big_bet),
        ante=n(options.ante),
        structure=structure,
        hands=msg(f"palace.stakes.hands_{hands}"),
        timeout=n(options.turn_timeout),
    )


# -- the table message ------------------------------------------------------------------------


def public_fields(view: PalaceView, names: Names) -> list[Field]:
    """Palace Poker's part of the table message (the kit adds the seats, each with its banner,
    soldiers and palace count from :func:`seat_detail`, whose turn, the deadline and the latest
    moves): the pot and piles with the cards rejected for banners while the hand lasts (PP-5),
    the battle in one line, the discard step, and how the hand ended. The stakes are the
    lobby's (issue 14: no stakes line repeated on every update).

    Only the public view is accepted: the viewer's own palace cards must never reach it.
    """
    if view.viewer is not None:
        raise ValueError("the table message renders only the public view")
    pot: Text = pot_line(view)
    if view.rejected_banner_cards and view.phase is not Phase.OVER:
        pot = msg("palace.pot.rejects", pot=pot, cards=rejects_line(view))
    lines = [pot]
    if view.battle is not None:
        lines.append(battle_short(view, names))
    fields = [] if view.phase is Phase.OVER else [Field(msg("palace.field.pot"), lines)]
    if view.phase is Phase.DISCARD_STEP and view.to_act is not None:
        step = msg(
            "palace.discard_step",
            player=names.mention(view.to_act),
            max_soldiers=n(view.options.max_soldiers),
        )
        fields.append(Field(msg("palace.field.discard_step"), [step]))
    if view.phase is Phase.OVER:
        fields.append(Field(msg("palace.field.result"), result_lines(view, names)))
    return fields


def battle_short(view: PalaceView, names: Names) -> Text:
    """The battle in one line (the turn line and the buttons say who answers and how)."""
    battle = view.battle
    if battle is None:
        return ""
    raises = _raises(view, battle.raises)
    return msg(
        "palace.battle.short",
        attacker=names.mention(battle.attacker),
        defender=names.mention(battle.defender),
        raises=raises,
        to_call=n(battle.to_call),
    )


def seat_detail(view: PalaceView, pid: str) -> Text | None:
    """One player's banner, soldiers and palace count beside their seat line (the dealer
    marked, a palace shown at the end, PP-21)."""
    if pid in view.sitting_out:
        return msg("palace.seat.detail.sits_out")
    seat = next((s for s in view.seats if s.player == pid), None)
    if seat is None:
        return None
    line: Text
    if seat.status is Status.FOLDED:
        line = msg("palace.seat.detail.folded")
    elif seat.status is Status.BEATEN:
        line = msg("palace.seat.detail.beaten")
    else:
        line = msg(
            "palace.seat.detail",
            banner=_banner(seat.banner),
            soldiers=cards_or_none(seat.soldiers),
            palace=HIDDEN * seat.palace_count or msg("common.none"),
        )
    shown = view.shown_palaces.get(seat.player)
    if shown:
        line = msg("palace.seat.shown", seat=line, cards=cards_or_none(shown))
    return msg("palace.seat.detail.dealer", detail=line) if seat.is_dealer else line


def rejects_line(view: PalaceView) -> Text:
    """PP-5: the cards turned face up and rejected in the banner deal, once each in the order
    first turned (a card turned again after a reshuffle of the rejects is not repeated)."""
    return cards_or_none(dict.fromkeys(view.rejected_banner_cards))


def pot_line(view: PalaceView) -> Msg:
    """Pot and piles."""
    return msg(
        "palace.pot",
        pot=chips(view.pot),
        draw=n(view.draw_count),
        discards=n(view.discard_count),
        round=n(view.rounds + 1),
    )


def _paid(payouts: dict[str, int], names: Names, *, as_chips: bool = False) -> Text:
    return joined(
        [
            msg("palace.payout", player=names.mention(p), amount=chips(a) if as_chips else n(a))
            for p, a in payouts.items()
        ]
    )


def _winners_count(ending: object, winners: list[str]) -> int | None:
    """How many won, for the showdown lines whose verb agrees with it ("@bob wins")."""
    return len(winners) if str(ending) in ("quiet_round", "max_rounds") else None


def result_lines(view: PalaceView, names: Names) -> list[Text]:
    """How the hand ended: winners, what they got, hand names of a final showdown."""
    result = view.result
    if result is None:
        return [msg("palace.result.none")]
    who = joined([names.mention(p) for p in result.winners], "and")
    paid = _paid(result.payouts, names, as_chips=True)
    count = _winners_count(result.ending, result.winners)
    lines: list[Text] = [msg(f"palace.result.{result.ending}", count=count, winners=who, paid=paid)]
    lines += [
        msg("palace.result.hand", player=names.mention(pid), hand=hand_name(hand))
        for pid, hand in result.hands.items()
    ]
    return lines


def seat_line(seat: SeatView, view: PalaceView, names: Names) -> Text:
    """One seat: banner and soldiers face up, palace cards as a count (unless shown, PP-21)."""
    who: Text = names.mention(seat.player)
    if seat.is_dealer:
        who = msg("palace.seat.dealer", player=who)
    if seat.player == view.to_act:
        who = msg("palace.seat.to_act", player=who)
    line: Text
    if seat.status is Status.FOLDED:
        line = msg("palace.seat.folded", player=who)
    elif seat.status is Status.BEATEN:
        line = msg("palace.seat.beaten", player=who)
    else:
        line = msg(
            "palace.seat.in",
            player=who,
            banner=_banner(seat.banner),
            soldiers=cards_or_none(seat.soldiers),
            palace=HIDDEN * seat.palace_count or msg("common.none"),
        )
    shown = view.shown_palaces.get(seat.player)
    if shown:
        line = msg("palace.seat.shown", seat=line, cards=cards_or_none(shown))
    return line


def _banner(banner: Card | None) -> Text:
    return str(banner) if banner is not None else msg("common.none")


# -- My cards (ephemeral) and DMs ---------------------------------------------------------------


def my_cards(view: PalaceView, names: Names) -> list[Text]:
    """One player's private view: their palace cards and any palace they were shown (PP-17)."""
    me = view.viewer
    seat = next((s for s in view.seats if s.player == me), None)
    if me is None or seat is None:
        return [msg("palace.mine.not_dealt")]
    lines: list[Text] = [msg("palace.mine.title", title=TITLE, deal=n(view.deal_number))]
    if view.palace:
        lines.append(msg("palace.mine.palace", cards=cards(view.palace)))
    elif seat.status is not Status.IN and view.out_seen_by is not None:  # PP-17
        caller = names.mention(view.out_seen_by)  # the caller of the battle they lost
        lines.append(msg("palace.mine.out_seen", who=caller))
    elif seat.status is not Status.IN:
        lines.append(msg("palace.mine.out"))
    if seat.status is Status.IN:
        soldiers = cards_or_none(seat.soldiers)
        lines.append(msg("palace.mine.banner", banner=_banner(seat.banner), soldiers=soldiers))
        stake = (len(seat.soldiers) + 1) * view.options.small_bet
        lines.append(msg("palace.mine.stake", stake=chips(stake)))
    for owner, shown in view.seen_palaces.items():
        lines.append(
            msg("palace.mine.seen", owner=names.mention(owner), cards=cards_or_none(shown))
        )
    if view.phase is not Phase.OVER and view.to_act == me:
        lines.append(msg("palace.mine.your_move"))
    return lines


def private_line(event: GameEvent, names: Names) -> Text | None:
    """A private event for its player's DM. The kit follows these lines with the player's
    :func:`my_cards`, so a new deal's palace is only announced here, not listed twice."""
    match event:
        case PalaceCards(cards=dealt):
            return _counted("palace.private.palace_cards", len(dealt))
        case PalaceShown(owner=owner, cards=shown):
            return msg(
                "palace.private.palace_shown", owner=names.mention(owner), cards=cards(shown)
            )
    return None


# -- public events as sentences ------------------------------------------------------------------


def event_line(event: GameEvent, names: Names) -> Text | None:
    """A public event as a sentence; ``None`` for events not worth a line.

    Only public events are accepted: a private one raises, so a caller that mixes them up
    fails loudly instead of leaking a palace card.
    """
    if not event.is_public:
        raise ValueError(f"{event.kind} is private to {event.to}")
    who = names.mention
    match event:
        case Cut(dealer=dealer):
            return msg("palace.event.cut", dealer=who(dealer))
        case Ante(paid=paid, pot=pot):
            most = max(paid.values(), default=0)
            short = [
                msg("palace.event.ante_paid", player=who(p), amount=n(a))
                for p, a in paid.items()
                if a < most
            ]
            if short:
                return msg("palace.event.ante_short", ante=n(most), pot=n(pot), short=joined(short))
            return msg("palace.event.ante", ante=n(most), pot=n(pot))
        case Banner(player=player, banner=banner, rejected=rejected):
            # PP-5 deals the rejected cards face up: the whole table saw them, so they are named.
            if rejected:
                return msg(
                    "palace.event.banner_rejected",
                    player=who(player),
                    banner=card(banner),
                    rejected=cards(rejected),
                )
            return msg("palace.event.banner", player=who(player), banner=card(banner))
        case RejectsReshuffled(count=count):
            return msg("palace.event.rejects_reshuffled", number=n(count))
        case PalaceDealt(each=each, draw_count=draw):
            return msg("palace.event.palace_dealt", each=n(each), draw=n(draw))
        case Turn():
            return None
        case Bought(player=player, card=bought, pot=pot):
            return msg("palace.event.buy", player=who(player), card=card(bought), pot=n(pot))
        case DiscardsReshuffled(count=count):
            return msg("palace.event.discards_reshuffled", number=n(count))
        case OrderCommitted():
            return order_committed(event)
        case SoldiersDiscarded(player=player, count=count):
            if not count:
                return msg("palace.event.kept_soldiers", player=who(player))
            return _counted("palace.event.discard_soldiers", count, player=who(player))
        case Discarded(player=player, count=count, pot=pot):
            return _counted("palace.event.discard", count, player=who(player), pot=n(pot))
        case Stayed(player=player):
            return msg("palace.event.stay", player=who(player))
        case Folded(player=player):
            return msg("palace.event.fold", player=who(player))
        case BetPlaced(attacker=attacker, defender=defender, amount=amount, pot=pot):
            return msg(
                "palace.event.bet_all_in" if event.all_in else "palace.event.bet",
                attacker=who(attacker),
                defender=who(defender),
                amount=n(amount),
                pot=n(pot),
            )
        case Raised(player=player, called=called, amount=amount):
            return msg("palace.event.raise", player=who(player), called=n(called), amount=n(amount))
        case Called(player=player, amount=amount, all_in=True):
            return msg("palace.event.call_all_in", player=who(player), amount=n(amount))
        case Called(player=player, amount=amount):
            return msg("palace.event.call", player=who(player), amount=n(amount))
        case BattleFolded(player=player, winner=winner):
            return msg("palace.event.battle_fold", player=who(player), winner=who(winner))
        case RaiseReturned(player=player, amount=amount):
            return msg("palace.event.raise_returned", player=who(player), amount=n(amount))
        case BattleTied(players=[first, second]):
            return msg("palace.event.battle_tie", first=who(first), second=who(second))
        case BattleWon(winner=winner, loser=loser, hand=hand):
            if hand is not None:
                return msg(
                    "palace.event.battle_won_with",
                    winner=who(winner),
                    loser=who(loser),
                    hand=hand_name(hand),
                )
            return msg("palace.event.battle_won", winner=who(winner), loser=who(loser))
        case Captured(player=player, soldiers=soldiers):
            return _counted(
                "palace.event.capture",
                len(soldiers),
                player=who(player),
                cards=cards_or_none(soldiers),
            )
        case PalaceRevealed(player=player, cards=shown, hand=hand):
            return msg(
                "palace.event.palace_revealed",
                player=who(player),
                cards=cards_or_none(shown),
                hand=hand_name(hand),
            )
        case HandOver(ending=ending, winners=winners, payouts=payouts):
            return msg(
                f"palace.event.over.{ending}",
                count=_winners_count(ending, winners),
                winners=joined([who(p) for p in winners], "and"),
                paid=_paid(payouts, names),
            )
    return None


def _counted(id: str, count: int, **params: object) -> Msg:
    """A plural message: ``count`` picks the form, ``{number}`` shows it."""
    return msg(id, count=count, number=n(count), **params)


def _raises(view: PalaceView, raises: int) -> Text:
    """The battle's raises so far, against the cap where the betting has one."""
    if view.options.betting is Betting.LIMIT:
        return msg(
            "palace.battle.raises_of", raises=n(raises), max_raises=n(view.options.max_raises)
        )
    return msg("palace.battle.raises", raises=n(raises))
