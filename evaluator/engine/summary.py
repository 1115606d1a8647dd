"""The showdown's summary in plain words, one sentence per pot ("ann wins 120 with a flush, ace high; ..."), and which
hand of a player's answer won a share (:func:`winning_hand`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from evaluator.engine.answer import ShowdownResult
from evaluator.mechanisms.division import Division
from evaluator.results import PlayedHand, PotResult
from evaluator.results.wording import scooped, share_label, who
from evaluator.values.pots import Share

__all__ = ["summarize", "winning_hand"]

def summarize(pots: Sequence[PotResult], hands: Mapping[str, Mapping[str, PlayedHand]], division: Division) -> str:
    sentences = []
    for i, pot in enumerate(pots):
        scoop = scooped(pot, hands, division.shown_hand)
        parts = [scoop] if scoop is not None else [_share_sentence(pot, share, hands, division)
                                                    for share in pot.shares]
        if pot.owes:
            parts.append(", ".join(f"{p} owes {chips}" for p, chips in pot.owes) + f" to {pot.owes_to}")
        if pot.carried_over:
            parts.append(f"nobody wins: {pot.carried_over} carried over to the next deal" if not pot.shares
                         else f"{pot.carried_over} carried over to the next deal")
        elif not pot.shares and not pot.owes:  # a pot of no chips that nobody wins (Riding Ramone's boot)
            parts.append("nobody wins")
        prefix = "" if len(pots) == 1 else ("Main pot: " if i == 0 else f"Side pot {i}: ")
        text = "; ".join(parts)
        if not prefix and text.startswith("nobody"):
            text = "N" + text[1:]
        sentences.append(prefix + text + ".")
    return " ".join(sentences)


def _share_sentence(pot: PotResult, share: Share, hands: Mapping[str, Mapping[str, PlayedHand]],
                    division: Division) -> str:
    """One share in words, with the hand its first winner won it with."""
    first = share.winners[0] if share.winners else None
    played = hands[first].get(division.shown_hand(pot, share.name, first)) if first is not None else None
    with_what = f" with {_lower_first(played.description)}" if played and played.description else ""
    label = share_label(share.name, len(pot.shares), played)
    return _share_words(pot, share, _names(share.winners), label, with_what)


def _share_words(pot: PotResult, share: Share, who: str, label: str, with_what: str) -> str:
    """One share in words: "ann wins 120 with ...", "bob and cy split 60", "ann wins 150 uncontested" (nobody else
    was eligible: no hand was needed), and for a pot of no chips "ann wins with ..." or "ann and bob tie with ..."."""
    several = len(share.winners) > 1
    chips = f" {share.amount}" if pot.amount else ""
    if len(pot.eligible) == 1:
        return f"{who} wins{chips} uncontested"
    if share.name == "split":
        return f"{who} split{chips}" if pot.amount else f"no hand qualifies: {who} tie"
    verb = ("split" if pot.amount else "tie") if several else "wins"
    return f"{who} {verb}{chips}{label}{with_what}"


def winning_hand(result: ShowdownResult, pot: PotResult, share: str, winner: str) -> tuple[str, str]:
    """The player and the name of the hand in his answer with which ``winner`` won ``share`` of ``pot``: the share's
    own hand, the hand the Breaker left him, or, where players play several hands, that hand of his."""
    game = result.variant.with_options(result.options)
    name = game.division.shown_hand(pot, share, winner)
    return next((found for m in game.pipeline if (found := m.owner(winner, name)) is not None), (winner, name))


def _names(ids: Sequence[str]) -> str:
    if len(ids) == 1:
        return who(ids[0])
    players = [who(p) for p in ids]
    if len(players) <= 2:
        return " and ".join(players)
    return ", ".join(players[:-1]) + " and " + players[-1]


def _lower_first(text: str) -> str:
    """"Flush, ace high" -> "flush, ace high"; "Q-J-T-4-A low" stays as it is."""
    return text[:1].lower() + text[1:] if text[1:2].islower() else text

