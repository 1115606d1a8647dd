"""Names and sentences for people: the summary a chat bot posts as it is, in plain words.

Internal names (share and hand names such as ``high_spade``, ranking codes such as ``HIGH-SPADE``) never reach the
summary or the picture as they are: :func:`plain` turns a name into words ("high spade"). A pot won whole by one
player in a game that splits pots is said in one sentence, "ann scoops 100 with ... and ...", and a share's name is
not repeated when the hand's own description already says it ("8-4-3-2-A low", not "(low) with 8-4-3-2-A low").
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import lru_cache

from evaluator.results import SEPARATOR, PlayedHand, PotResult

__all__ = ["plain", "returned_words", "scooped", "share_label", "who"]


def who(player: str) -> str:
    """A winner in words: a player's id, or for one of his separate hands (Double Trouble's ``ann:left``) "ann's
    left hand"."""
    if SEPARATOR not in player:
        return player
    owner, sep, hand = player.rpartition(SEPARATOR)
    return f"{owner}'s {plain(hand)} hand" if sep and owner else player


@lru_cache(maxsize=1024)
def plain(name: str) -> str:
    """An internal name in words: ``high_spade`` -> ``high spade``, ``HIGH-SPADE`` -> ``high spade``, ``whole-pot``
    -> ``whole pot``."""
    return " ".join(name.replace("_", " ").replace("-", " ").split()).lower()


def share_label(name: str, shares: int, played: PlayedHand | None) -> str:
    """The share's name after its amount, " (high spade)", where the pot has several shares, the share is not the
    high hand, and the hand's description does not say it already."""
    if name == "high" or shares <= 1:
        return ""
    words = plain(name)
    described = (played.description or "").lower() if played is not None else ""
    return "" if f" {words}" in f" {described}" else f" ({words})"


def scooped(pot: PotResult, hands: Mapping[str, Mapping[str, PlayedHand]],
            hand_of: Callable[[PotResult, str, str], str]) -> str | None:
    """The pot in one part when one player takes every chip of a pot that splits: every share of it (``ann scoops
    100 with three kings and 8-4-3-2-A low``), or its only share because the other side has no winner (``bob scoops
    300 with two pair: nobody has the high spade``); None when the pot is said share by share. ``hand_of`` names the
    hand a share of the pot (by its name) was won with by its winner."""
    if len(pot.shares) == 1 and not pot.shares[0].note:  # one share said as it is (a scoop is said by its note)
        return None
    shares = [s for s in pot.shares if s.amount]
    winners = {s.winners for s in shares}
    if not shares or len(winners) != 1 or len(next(iter(winners))) != 1 or any(s.name == "split" for s in shares):
        return None
    player = next(iter(winners))[0]
    alone = len(shares) == 1
    if alone and not (shares[0].note and shares[0].amount == pot.amount and ": " in shares[0].note
                      and shares[0].note != "uncontested"):
        return None
    described = []
    for share in shares:
        played = hands[player].get(hand_of(pot, share.name, player))
        text = played.description if played is not None and played.description else None
        if text and text not in described:
            described.append(text[:1].lower() + text[1:] if text[1:2].islower() else text)
    with_what = f" with {' and '.join(described)}" if described else ""
    why = f": {shares[0].note.split(': ')[0]}" if alone and shares[0].note else ""
    return f"{who(player)} scoops {sum(s.amount for s in shares)}{with_what}{why}"


def returned_words(returned: Mapping[str, int]) -> str:
    """The chips given back, as a sentence to add to a summary: " 30 uncalled chips go back to bob." """
    return "".join(f" {chips} uncalled {'chip goes' if chips == 1 else 'chips go'} back to {player}."
                   for player, chips in returned.items())
