"""Pontoon for people: every event, refusal, button and view of ``games.pontoon`` as ``Text``.

Pure functions of what the engine hands out (typed events, ``IllegalAction`` codes, views,
``ActionSpec``s) and a :class:`~bot.text.format.Names`; nothing here resolves a message, so
the same result reads in any language the catalogs have (``bot/locale/<lang>/pontoon.po``).
The public renderers read only the public view; a player's own cards appear only in
:func:`private_lines` and :func:`describe_private`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bot.text import Msg, Number, Text, msg
from bot.text.format import Names, card, cards, chips
from games.actions import ActionSpec, ChoiceField
from games.errors import IllegalAction, Refusal
from games.events import GameEvent
from games.pontoon import (
    ActionKind,
    BankBroken,
    BankDeclined,
    BankerDraws,
    BankerMode,
    BankerPontoon,
    BankerShows,
    BankerStays,
    BankGivenUp,
    BankOffered,
    BankPasses,
    BankSold,
    Bought,
    Bust,
    Cut,
    DealOver,
    Dealt,
    Declared,
    FirstCard,
    FiveCardTrick,
    HandKind,
    HandLoses,
    HandView,
    HandWins,
    KittyPut,
    KittyReturned,
    NewCard,
    NoDeal,
    NoShoot,
    PontoonOptions,
    PontoonRefusal,
    PontoonView,
    Score,
    ShootBet,
    ShootMoment,
    Shuffled,
    SitsOut,
    SplitPair,
    Staked,
    StandReason,
    Stands,
    Stuck,
    Twisted,
    YourCards,
)


@dataclass(frozen=True, slots=True)
class Field:
    """One field of the table message (the kit's ``EmbedField`` of the redesign contract)."""

    name: Text
    value: Text | list[Text]
    """One text, or lines."""
    inline: bool = False


DECIDING = (Cut, Declared, FiveCardTrick, Bust, BankerPontoon, BankBroken, BankPasses)
"""Events kept on the table to the end of the deal: who banks, what beat whom outright, and a
bank too short to pay in full (PO-22)."""

TITLE = msg("pontoon.title")
RULES = msg("pontoon.rules")


def joined(parts: Sequence[Text], sep: str = "space") -> Text:
    """Several parts as one text, ``sep`` naming the catalog's separator (space, comma, bar)."""
    if not parts:
        return ""
    result = parts[-1]
    for part in reversed(parts[:-1]):
        result = msg(f"pontoon.join.{sep}", head=part, tail=result)
    return result


def n(amount: int) -> Number:
    """A chip amount inside a sentence, in the reader's number format."""
    return Number(amount)


# -- values and hands -----------------------------------------------------------------------


def value(score: Score) -> Msg:
    """A hand's value: "pontoon", "soft 17", "bust (24)", "five-card trick (19)"."""
    total = n(score.total)
    if score.kind == HandKind.PONTOON:
        return msg("pontoon.value.pontoon")
    if score.kind == HandKind.FIVE_CARD_TRICK:
        return msg("pontoon.value.five_card_trick", total=total)
    if score.kind == HandKind.TWENTY_ONE:
        return msg("pontoon.value.twenty_one")
    if score.kind == HandKind.BUST:
        return msg("pontoon.value.bust", total=total)
    return msg("pontoon.value.soft" if score.soft else "pontoon.value.total", total=total)


def hand(h: HandView) -> Text:
    """One hand as the viewer sees it: cards, value when all are seen, stakes, how it ended."""
    parts: list[Text] = [cards(h.cards) or msg("pontoon.no_cards")]
    if h.value is not None and h.bust:  # "(22) · bust", not "(bust (22))"
        parts.append(msg("pontoon.hand.value", value=n(h.value.total)))
    elif h.value is not None:
        parts.append(msg("pontoon.hand.value", value=value(h.value)))
    if h.stake:
        parts.append(msg("pontoon.hand.stake", amount=n(h.stake)))
    if h.shoot:
        parts.append(msg("pontoon.hand.shoot", amount=n(h.shoot)))
    if h.declared:
        parts.append(msg("pontoon.hand.declared"))
    elif h.bust:  # a bust hand is done, but it does not stand
        parts.append(msg("pontoon.hand.bust"))
    elif h.done:
        parts.append(msg("pontoon.hand.stands"))
    return joined(parts)


def split_hand(h: HandView, hands: int) -> Text:
    """A hand among ``hands`` of one punter: with split hands, the one in play is marked."""
    if hands > 1 and h.in_play:
        return joined([hand(h), msg("pontoon.hand.in_play")])
    return hand(h)


# -- the table message and My cards ----------------------------------------------------------


def public_fields(view: PontoonView, names: Names) -> list[Field]:
    """The game's fields of the table message, from the PUBLIC view: the players' hands are
    on their seat lines (``seat_detail``); a field only for the house bank and a bank sale."""
    fields: list[Field] = []
    if view.banker is None:
        fields.append(Field(msg("pontoon.field.bank"), bank_detail(view, names)))
    if view.offer is not None:
        sale = msg(
            "pontoon.for_sale", buyer=names.mention(view.offer.to), price=n(view.offer.price)
        )
        fields.append(Field(msg("pontoon.field.for_sale"), sale))
    return fields


def bank_detail(view: PontoonView, names: Names) -> Text:
    """The bank's hand (and kitty): on the banker's seat line, or the house's field."""
    cards_now = hand(view.banker_hand) if view.banker_hand.cards else msg("pontoon.no_cards")
    who = "seat" if view.banker is not None else "house"
    if view.shoot or view.kitty:
        return msg(f"pontoon.{who}.bank_kitty", hand=cards_now, kitty=chips(view.kitty))
    return msg(f"pontoon.{who}.bank", hand=cards_now)


def seat_detail(view: PontoonView, pid: str, names: Names) -> Text | None:
    """One player's part of the deal beside their seat line: the bank, their hands (the split
    hand in play marked), or that they sit out."""
    if view.banker == pid:
        return bank_detail(view, names)
    for p in view.punters:
        if p.pid != pid:
            continue
        if p.sat_out:
            return msg("pontoon.seat.sits_out")
        if p.hands:
            return joined([split_hand(h, len(p.hands)) for h in p.hands], "bar")
    return None


def private_lines(view: PontoonView | None, pid: str) -> list[Text]:
    """``pid``'s own hands and stack, from THEIR view (``None``: no deal)."""
    if view is None:
        return [msg("pontoon.mine.no_deal")]
    lines: list[Text] = []
    if view.banker == pid:
        lines.append(msg("pontoon.mine.banker", hand=hand(view.banker_hand)))
    for p in view.punters:
        if p.pid != pid:
            continue
        if p.sat_out:
            lines.append(msg("pontoon.mine.sits_out"))
        for i, h in enumerate(p.hands, 1):
            if len(p.hands) > 1:
                lines.append(msg("pontoon.mine.hand_n", number=i, hand=split_hand(h, 2)))
            else:
                lines.append(msg("pontoon.mine.hand", hand=hand(h)))
    if not lines:
        lines.append(msg("pontoon.mine.no_cards"))
    lines.append(msg("pontoon.mine.stack", chips=chips(view.stacks.get(pid, 0))))
    return lines


# -- events ---------------------------------------------------------------------------------


def describe_event(event: GameEvent, names: Names) -> Text | None:
    """One public event as a line of the table's log."""
    who = names.mention
    match event:
        case Cut():
            return msg("pontoon.event.cut", banker=who(event.banker))
        case Shuffled():
            return msg("pontoon.event.shuffle")
        case KittyPut(player=None):
            return msg("pontoon.event.kitty_house", amount=n(event.amount))
        case KittyPut():
            return msg(
                "pontoon.event.kitty",
                player=who(event.player),
                amount=n(event.amount),
                total=n(event.total),
            )
        case KittyReturned():
            return msg(
                "pontoon.event.kitty_returned", player=who(event.player), amount=n(event.amount)
            )
        case BankOffered():
            return msg(
                "pontoon.event.bank_offered",
                seller=who(event.seller),
                buyer=who(event.buyer),
                price=n(event.price),
            )
        case BankSold():
            return msg(
                "pontoon.event.bank_sold",
                buyer=who(event.buyer),
                seller=who(event.seller),
                price=n(event.price),
            )
        case BankDeclined():
            return msg("pontoon.event.bank_declined", player=who(event.player))
        case BankGivenUp():
            return msg("pontoon.event.bank_given_up", player=who(event.player))
        case BankPasses():
            reason = msg(f"pontoon.reason.{event.reason.value}")
            return msg("pontoon.event.bank_passes", banker=who(event.banker), reason=reason)
        case NoDeal():
            return msg(f"pontoon.event.no_deal.{event.reason.value}")
        case SitsOut():
            key = "pontoon.event.sits_out_broke" if event.broke else "pontoon.event.sits_out"
            return msg(key, player=who(event.player))
        case Dealt():
            return msg(
                "pontoon.event.dealt_first" if event.round == 1 else "pontoon.event.dealt_second"
            )
        case Staked():
            return msg("pontoon.event.stake", player=who(event.player), amount=n(event.amount))
        case ShootBet():
            key = {
                ShootMoment.FIRST: "pontoon.event.shoot",
                ShootMoment.FOURTH_CARD: "pontoon.event.shoot_fourth",
                ShootMoment.SPLIT_HAND: "pontoon.event.shoot_split",
            }[event.moment]
            return msg(key, player=who(event.player), amount=n(event.amount))
        case NoShoot():
            return msg("pontoon.event.no_shoot", player=who(event.player))
        case Bought():
            return msg("pontoon.event.buy", player=who(event.player), amount=n(event.amount))
        case Twisted():
            return msg("pontoon.event.twist", player=who(event.player), card=card(event.card))
        case Stuck():
            return msg("pontoon.event.stick", player=who(event.player))
        case SplitPair():
            return msg(
                "pontoon.event.split",
                player=who(event.player),
                cards=cards(event.cards),
                hands=event.hands,
            )
        case Declared():
            return msg("pontoon.event.pontoon", player=who(event.player), card=card(event.card))
        case Stands():
            key = (
                "pontoon.event.stands"
                if event.reason == StandReason.TWENTY_ONE
                else "pontoon.event.stands_pack_empty"
            )
            return msg(key, player=who(event.player))
        case FiveCardTrick():
            return msg("pontoon.event.five_card_trick", player=who(event.player))
        case Bust():
            return msg(
                "pontoon.event.bust_shoot" if event.shoot else "pontoon.event.bust",
                player=who(event.player),
                cards=cards(event.cards),
                total=event.total,
                stake=n(event.stake),
                shoot=n(event.shoot),
            )
        case BankerPontoon():
            return msg("pontoon.event.banker_pontoon", cards=cards(event.cards))
        case BankerShows():
            return msg(
                "pontoon.event.banker_shows", cards=cards(event.cards), value=value(event.score)
            )
        case BankerDraws(banker=None):
            return msg("pontoon.event.house_draws", card=card(event.card), value=value(event.score))
        case BankerDraws():
            return msg(
                "pontoon.event.banker_draws",
                banker=who(event.banker),
                card=card(event.card),
                value=value(event.score),
            )
        case BankerStays():
            return msg(
                "pontoon.event.banker_stays", player=who(event.player), value=value(event.score)
            )
        case HandLoses():
            return msg(
                "pontoon.event.hand_loses_shoot" if event.shoot else "pontoon.event.hand_loses",
                player=who(event.player),
                paid=n(event.paid),
                shoot=n(event.shoot),
            )
        case HandWins():
            return msg(
                "pontoon.event.hand_wins_shoot" if event.shoot else "pontoon.event.hand_wins",
                player=who(event.player),
                amount=n(event.won),
                value=value(event.score),
                shoot=n(event.shoot),
            )
        case BankBroken():
            return msg(
                "pontoon.event.bank_broken", available=n(event.available), owed=n(event.owed)
            )
        case DealOver():
            return msg("pontoon.event.deal_over")
    return None


def describe_private(event: GameEvent, names: Names) -> Text | None:
    """One private event as a line of the player's DM."""
    match event:
        case FirstCard():
            return msg("pontoon.private.first_card", card=card(event.card))
        case NewCard():
            return msg("pontoon.private.new_card", card=card(event.card))
        case YourCards():
            return msg(
                "pontoon.private.your_cards", cards=cards(event.cards), value=value(event.score)
            )
    return describe_event(event, names)


# -- buttons and refusals -------------------------------------------------------------------


def action_label(spec: ActionSpec, names: Names, view: PontoonView | None = None) -> Text:
    """The button's words for an action; ``view`` (the table as it is) picks the words that
    depend on the moment (a new kitty or a top-up, an offer's price, declining or giving up)."""
    kind = spec.kind
    if kind == ActionKind.SHOOT:  # "none" is the No shoot button (``quick_amounts``)
        return msg("pontoon.action.shoot")
    if kind == ActionKind.STAY:
        opening = view is not None and view.phase == "opening"
        return msg("pontoon.action.deal" if opening else "pontoon.action.stay")
    if kind == ActionKind.KITTY:
        new = view is None or view.kitty == 0
        return msg("pontoon.action.kitty_new" if new else "pontoon.action.kitty_more")
    if kind == ActionKind.OFFER_BANK:
        to = spec.fields.get("to")
        if isinstance(to, ChoiceField) and len(to.options) == 1:
            return msg("pontoon.action.offer_bank", player=names.plain(to.options[0]))
        return msg("pontoon.action.offer_bank_any")
    if kind == ActionKind.ACCEPT_BANK:
        if view is not None and view.offer is not None:
            return msg("pontoon.action.accept_bank", price=n(view.offer.price))
        return msg("pontoon.action.accept_bank_any")
    if kind == ActionKind.DECLINE_BANK and view is not None and view.offer is None:
        return msg("pontoon.action.give_up_bank")
    if kind in set(ActionKind):
        return msg(f"pontoon.action.{kind}")
    return kind


def kind_words(kind: object) -> Text:
    """An action kind inside a sentence ("buy a card"); an unknown one as it was typed."""
    text = str(kind)
    return msg(f"pontoon.kind.{text}") if text in set(ActionKind) else text


def _kinds(kinds: object) -> Text:
    listed = list(kinds) if isinstance(kinds, list | tuple) else []
    return joined([kind_words(k) for k in listed], "comma")


_BANK_ANSWERS = (ActionKind.ACCEPT_BANK, ActionKind.DECLINE_BANK)
"""``/pontoon bank``'s answers: refused "now" only when no offer of the bank is theirs (or,
declining, no empty kitty of their own in Shoot Pontoon)."""


def refusal(error: IllegalAction, names: Names) -> Text:
    """Why an action was refused, in the words of the buttons and commands."""
    p = error.params
    code = error.code
    if code in set(PontoonRefusal):
        fields = {k: _number(v) for k, v in p.items()}
        return Msg(f"pontoon.refusal.{code}", fields)
    if code == Refusal.NOT_YOUR_TURN:
        to_act = p.get("to_act")
        if to_act is None:
            return msg("pontoon.refusal.nobody_to_act")
        return msg("pontoon.refusal.not_your_turn", player=names.mention(str(to_act)))
    if code == Refusal.UNKNOWN_ACTION:
        return msg("pontoon.refusal.unknown_action", action=str(p.get("kind")))
    if code == Refusal.NOT_NOW and p.get("kind") in _BANK_ANSWERS:
        return msg("pontoon.refusal.no_bank_offer")  # "can't decline now" hid that none came
    if code == Refusal.NOT_NOW:
        return msg(
            "pontoon.refusal.not_now",
            action=kind_words(p.get("kind")),
            allowed=_kinds(p.get("allowed")),
        )
    if code == Refusal.AMOUNT_OUT_OF_RANGE:
        kind = str(p.get("kind"))
        low, high = p.get("min"), p.get("max")
        bounds = {"min": _number(low), "max": _number(high)}
        if kind in _AMOUNT_KINDS:
            return Msg(f"pontoon.refusal.amount.{kind}", bounds)
        return Msg("pontoon.refusal.amount", {"action": kind_words(kind), **bounds})
    if code == Refusal.NOT_A_CHOICE and p.get("kind") == ActionKind.OFFER_BANK:
        options = p.get("options")
        listed = list(options) if isinstance(options, list | tuple) else []
        players = joined([names.mention(str(o)) for o in listed], "comma")
        return msg("pontoon.refusal.offer_to", players=players)
    if code in (Refusal.NOT_A_CHOICE, Refusal.BAD_ACTION):
        return msg(f"pontoon.refusal.{code}", action=kind_words(p.get("kind")))
    if code in (Refusal.DEAL_OVER, Refusal.NOT_PLAYING):
        return msg(f"pontoon.refusal.{code}")
    return code


_AMOUNT_KINDS = frozenset(
    {ActionKind.STAKE, ActionKind.SHOOT, ActionKind.BUY, ActionKind.KITTY, ActionKind.OFFER_BANK}
)
"""The amount refusals that have their own sentence (the verb of today's wording)."""


def _number(value: object) -> object:
    """A chip amount among a refusal's parameters in the reader's number format."""
    return Number(value) if isinstance(value, int) and not isinstance(value, bool) else value


def reply(kind: str, names: Names, **fields: object) -> Text:
    """The ephemeral answer to a slash command that was played."""
    params: dict[str, object] = {}
    for key, val in fields.items():
        if key == "to":
            params["player"] = names.mention(str(val))
        elif isinstance(val, int):
            params[key] = n(val)
    return Msg(f"pontoon.reply.{kind}", params)


def lobby_lines(options: PontoonOptions) -> list[Text]:
    """The table's stakes and options before the first deal: what a player joins."""
    lines: list[Text] = [
        msg(
            "pontoon.lobby.stakes",
            min=n(options.min_bet),
            max=n(options.max_bet),
            min_stick=n(options.min_stick),
        ),
        msg(f"pontoon.lobby.split.{options.split.value}"),
    ]
    if options.banker == BankerMode.HOUSE:
        lines.append(msg("pontoon.lobby.bank.house", total=n(options.house_stands_on)))
    else:
        lines.append(msg("pontoon.lobby.bank.player"))
    if options.shoot:
        lines.append(msg("pontoon.lobby.shoot", min=n(options.min_bet), max=n(options.max_bet)))
    return lines


def stakes_line(options: PontoonOptions) -> Text:
    """The stakes in one line, kept on the table beside the picture: the bets' bounds, the
    least total to stick on, and Shoot Pontoon's kitty."""
    lines = lobby_lines(options)
    return joined([lines[0], lines[-1]], "bar") if options.shoot else lines[0]
