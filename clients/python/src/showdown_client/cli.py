"""``showdown``: the Showdown API from a terminal.

    showdown settle deal.json [--png out.png | --svg out.svg] [--json]   (``-`` reads the deal from stdin)
    showdown settle --variant omaha-hi-lo-8 --players 'ann: Ah Kh Qd Jc | bob: ...' --board '...' --pot 300
    showdown odds spot.json [--method exact|monte-carlo] [--samples N] [--seed N] [--png out.png] [--json]
    showdown variants [--search iron]
    showdown variant iron-cross [--json]
    showdown evaluate omaha --hole Ah Kh Qd Jc --board 2c 7d 9h Ts 3s [--option name=value] [--combinations]

The server is ``--url``, else ``SHOWDOWN_URL``, else http://127.0.0.1:8000. Exit status: 0 done, 1 the service
refused the request (its problems are printed, each at its JSON pointer), 2 bad usage or input, 3 no answer.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, Final

from rich.console import Console
from rich.table import Table
from rich.text import Text

from showdown_client.client import DEFAULT_URL, URL_ENV, ShowdownClient
from showdown_client.errors import ProblemError, TransportError
from showdown_client.models import (
    Board,
    Equities,
    EvaluateRequest,
    Hand,
    HandEvaluation,
    ShowdownResult,
    VariantDocument,
)
from showdown_client.table_talk import TableTalkError, table_request

__all__ = ["main"]

EXIT_PROBLEM: Final = 1
EXIT_USAGE: Final = 2
EXIT_NO_ANSWER: Final = 3


class _UsageError(Exception):
    """Input the command line cannot send (a file that is missing or not JSON, a malformed option)."""


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="showdown", description="Settle poker showdowns with a Showdown server.")
    parser.add_argument("--url", help=f"the server (default: ${URL_ENV}, else {DEFAULT_URL})")
    parser.add_argument("--timeout", type=float, default=30.0, help="seconds to wait for an answer (default 30)")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    settle = commands.add_parser("settle", help="adjudicate a showdown read from a JSON file")
    settle.add_argument("deal", nargs="?", help="a JSON file with a POST /v1/showdowns request, or - for stdin")
    _add_table_talk(settle)
    picture = settle.add_mutually_exclusive_group()
    picture.add_argument("--png", type=Path, metavar="FILE", help="also write the showdown as a PNG picture")
    picture.add_argument("--svg", type=Path, metavar="FILE", help="also write the showdown as an SVG picture")
    settle.add_argument("--json", action="store_true", help="print the answer as JSON instead of a table")

    odds = commands.add_parser("odds", help="odds mid-hand: a showdown with null for each unknown card")
    odds.add_argument("deal", help="a JSON file with a POST /v1/equities request, or - for stdin")
    odds.add_argument("--method", choices=("auto", "exact", "monte-carlo"), help="how to compute (default auto)")
    odds.add_argument("--samples", type=int, metavar="N", help="Monte Carlo samples")
    odds.add_argument("--seed", type=int, metavar="N", help="seed of the Monte Carlo draws")
    bars = odds.add_mutually_exclusive_group()
    bars.add_argument("--png", type=Path, metavar="FILE", help="also write the odds as a PNG picture")
    bars.add_argument("--svg", type=Path, metavar="FILE", help="also write the odds as an SVG picture")
    odds.add_argument("--json", action="store_true", help="print the answer as JSON instead of a table")

    variants = commands.add_parser("variants", help="list the catalog")
    variants.add_argument("--search", metavar="TEXT", help="only variants whose id, name, alias, tag or "
                                                           "description contains TEXT")

    variant = commands.add_parser("variant", help="describe one variant")
    variant.add_argument("variant_id", metavar="ID", help="a variant id or alias")
    variant.add_argument("--json", action="store_true", help="print the whole document as JSON")

    evaluate = commands.add_parser("evaluate", help="evaluate one player's cards")
    evaluate.add_argument("variant", help="a variant id or alias")
    evaluate.add_argument("--hole", nargs="*", default=[], metavar="CARD", help="face-down cards, e.g. Ah Kd")
    evaluate.add_argument("--up", nargs="*", default=[], metavar="CARD", help="face-up cards (stud games)")
    evaluate.add_argument("--board", nargs="*", default=[], metavar="CARD",
                          help="community cards in deal order, or POSITION=CARD for layout games (1=Kd 5=2h)")
    evaluate.add_argument("--option", action="append", default=[], metavar="NAME=VALUE", help="a variant option")
    evaluate.add_argument("--combinations", action="store_true", help="also list every legal combination")
    evaluate.add_argument("--json", action="store_true", help="print the answer as JSON instead of a table")
    _add_settle_history(commands)
    return parser


def _add_settle_history(commands: Any) -> None:
    history = commands.add_parser("settle-history", help="settle a hand from its PHH hand history")
    history.add_argument("history", help="a .phh file (PHH, TOML) of one hand, or - for stdin")
    history.add_argument("--json", action="store_true", help="print the answer as JSON instead of a table")


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    out = Console(soft_wrap=False)
    err = Console(stderr=True)
    client = ShowdownClient(args.url, timeout=(3.05, args.timeout))
    try:
        with client:
            return int(_run(args, client, out))
    except _UsageError as exc:
        err.print(f"showdown: {exc}", markup=False, highlight=False)
        return EXIT_USAGE
    except ProblemError as exc:
        _print_problem(err, exc)
        return EXIT_PROBLEM
    except TransportError as exc:
        err.print(f"showdown: no answer from {client.base_url}: {exc}", markup=False, highlight=False)
        return EXIT_NO_ANSWER


def _run(args: argparse.Namespace, client: ShowdownClient, out: Console) -> int:
    if args.command == "settle":
        request = _settle_request(args)
        result = client.settle(request)
        if args.json:
            _print_json(out, result.raw)
        else:
            _print_showdown(out, result)
        if args.png is not None:
            _write(out, args.png, client.render(request, "png"))
        if args.svg is not None:
            _write(out, args.svg, client.render(request, "svg"))
    elif args.command == "odds":
        spot = {**_read_deal(args.deal), **{key: value for key in ("method", "samples", "seed")
                                             if (value := getattr(args, key)) is not None}}
        equities = client.odds(spot)
        if args.json:
            _print_json(out, equities.raw)
        else:
            _print_odds(out, equities)
        if args.png is not None:
            _write(out, args.png, client.render_odds(spot, "png"))
        if args.svg is not None:
            _write(out, args.svg, client.render_odds(spot, "svg"))
    elif args.command == "variants":
        catalog = [v for v in client.variants() if not args.search or v.matches(args.search)]
        table = Table("id", "name", "aliases", "tags", "description", title=Text(f"{len(catalog)} variants"))
        for v in catalog:
            _row(table, v.id, v.name, ", ".join(v.aliases), ", ".join(v.tags), v.description)
        out.print(table)
    elif args.command == "variant":
        document = client.variant(args.variant_id)
        if args.json:
            _print_json(out, document.raw)
        else:
            _print_variant(out, document)
    elif args.command == "settle-history":
        _run_settle_history(args, client, out)
    elif args.command == "evaluate":
        evaluation = client.evaluate(EvaluateRequest(
            variant=args.variant, hole=args.hole, up=args.up, board=_board(args.board),
            options=_options(args.option), list_combinations=args.combinations))
        if args.json:
            _print_json(out, evaluation.raw)
        else:
            _print_evaluation(out, evaluation)
    return 0


def _run_settle_history(args: argparse.Namespace, client: ShowdownClient, out: Console) -> None:
    try:
        text = sys.stdin.read() if args.history == "-" else Path(args.history).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise _UsageError(f"cannot read {args.history}: {exc}") from None
    settled = client.settle_history(text)
    if args.json:
        _print_json(out, settled.raw)
        return
    _print_showdown(out, settled.result)
    table = Table("player", f"won (in units of {settled.chip_unit})", title=Text("chips won"))
    for player, won in settled.net().items():
        _row(table, player, f"{won:+}")
    out.print(table)


# --- Input ----------------------------------------------------------------------------------------------------


def _read_deal(source: str) -> dict[str, Any]:
    try:
        text = sys.stdin.read() if source == "-" else Path(source).read_text(encoding="utf-8")
    except OSError as exc:
        raise _UsageError(f"cannot read {source}: {exc.strerror or exc}") from None
    try:
        deal = json.loads(text)
    except json.JSONDecodeError as exc:
        raise _UsageError(f"{'stdin' if source == '-' else source} is not JSON: {exc}") from None
    if not isinstance(deal, dict):
        raise _UsageError("the deal must be a JSON object (a POST /v1/showdowns request)")
    return deal


def _add_table_talk(settle: argparse.ArgumentParser) -> None:
    """``settle --variant omaha-hi-lo-8 --players 'ann: Ah Kh Qd Jc | bob: ...' --board '...' --pot 300``."""
    talk = settle.add_argument_group("the deal as table talk (instead of a JSON file)")
    talk.add_argument("--variant", metavar="ID", help="a variant id or alias")
    talk.add_argument("--players", metavar="TEXT", help="'ann: Ah Kh | bob: Qs Qc | cy: folded' (stud: hole / up)")
    talk.add_argument("--board", metavar="TEXT", default="", help="'2c 7d 9h 10s 3s', or '1=Kd 5=2h' for layouts")
    talk.add_argument("--pot", metavar="MONEY", default="",
                      help="one pot (300) or contributions ('ann 100, bob 100, cy 40')")
    talk.add_argument("--options", metavar="TEXT", default="", help="'name=value name=value'")


def _settle_request(args: argparse.Namespace) -> dict[str, Any]:
    """The JSON file, or the request the table-talk flags spell; exactly one of the two."""
    if (args.deal is None) == (args.players is None):
        raise _UsageError("settle takes a JSON deal file or --players (with --variant and --pot), not both")
    if args.deal is not None:
        return _read_deal(args.deal)
    if not args.variant:
        raise _UsageError("--players needs --variant")
    try:
        return table_request(variant=args.variant, players=args.players, board=args.board, money=args.pot,
                             options=args.options)
    except TableTalkError as exc:
        raise _UsageError("the deal cannot be read:\n  " + "\n  ".join(exc.problems)) from None


def _board(cards: Sequence[str]) -> Board | None:
    if not cards:
        return None
    if all("=" in card for card in cards):
        return dict(card.split("=", 1) for card in cards)
    if any("=" in card for card in cards):
        raise _UsageError("--board takes cards in deal order or POSITION=CARD pairs, not both")
    return list(cards)


def _options(pairs: Sequence[str]) -> dict[str, str]:
    options: dict[str, str] = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep or not name:
            raise _UsageError(f"--option takes NAME=VALUE (got {pair!r})")
        options[name] = value
    return options


# --- Output ---------------------------------------------------------------------------------------------------


def _write(out: Console, path: Path, picture: bytes) -> None:
    try:
        path.write_bytes(picture)
    except OSError as exc:
        raise _UsageError(f"cannot write {path}: {exc.strerror or exc}") from None
    out.print(f"picture written to {path}", markup=False, highlight=False)


def _row(table: Table, *cells: str) -> None:
    """A row of plain text: what the service or the client wrote is never read as rich markup."""
    table.add_row(*(Text(cell) for cell in cells))


def _print_json(out: Console, data: Mapping[str, Any]) -> None:
    out.print_json(json.dumps(data))


def _cards(cards: Sequence[str] | Mapping[str, str]) -> str:
    if isinstance(cards, Mapping):
        return " ".join(f"{position}={card}" for position, card in cards.items())
    return " ".join(cards)


def _hand_text(hand: Hand) -> str:
    if not hand.qualifies:
        return f"- ({hand.reason})" if hand.reason else "-"
    wilds = ", ".join(f"{w.card} as {w.as_}" for w in hand.wilds)
    return f"{hand.description} [{_cards(hand.cards)}]" + (f" ({wilds})" if wilds else "")


def _print_showdown(out: Console, result: ShowdownResult) -> None:
    out.print(result.summary, markup=False, highlight=False)
    kinds = list(dict.fromkeys(kind for player in result.players for kind in player.hands))
    table = Table("player", *kinds, "payout", title=Text(f"{result.variant}"))
    for player in result.players:
        cells = ["folded" if player.folded else (_hand_text(player.hands[k]) if k in player.hands else "")
                 for k in kinds]
        _row(table, player.id, *cells, str(result.payouts.get(player.id, 0)))
    out.print(table)
    pots = Table("pot", "amount", "share", "winners", "chips", title=Text("pots"))
    for number, pot in enumerate(result.pots):
        name = "main" if number == 0 else f"side {number}"
        for award in pot.awards:
            _row(pots, name, str(pot.amount), award.share, ", ".join(award.winners) or "-",
                         ", ".join(f"{p} {c}" for p, c in award.payouts.items() if c) or "-")
        if pot.carried_over:
            _row(pots, name, str(pot.amount), "carried over", "-", str(pot.carried_over))
    out.print(pots)


def _print_odds(out: Console, equities: Equities) -> None:
    out.print(Text(equities.summary))
    chips = bool(equities.money_in)
    table = Table("player", "equity", *(("expected chips",) if chips else ()), "95% interval")
    for p in equities.players:
        if p.interval is None:
            interval = "exact"
        elif chips:
            interval = f"{p.interval[0]:.1f} to {p.interval[1]:.1f}"
        else:
            interval = f"{p.interval[0]:.1%} to {p.interval[1]:.1%}"
        expected = () if p.expected is None else (f"{p.expected:.2f}",)
        _row(table, p.id, f"{p.equity:.1%}", *expected, interval)
    out.print(table)


def _print_evaluation(out: Console, evaluation: HandEvaluation) -> None:
    table = Table("hand", "best", "cards used", title=Text(evaluation.variant))
    for kind, hand in evaluation.hands.items():
        _row(table, kind, _hand_text(hand), _cards(hand.hole) + (" + " + _cards(hand.board) if hand.board else ""))
    out.print(table)
    for kind, hands in (evaluation.combinations or {}).items():
        combos = Table("#", "hand", "cards", title=Text(f"{kind}: {len(hands)} combinations, best first"))
        for number, hand in enumerate(hands, start=1):
            _row(combos, str(number), hand.description or "-", _cards(hand.cards))
        out.print(combos)


def _print_variant(out: Console, document: VariantDocument) -> None:
    aliases = f" (also: {', '.join(document.aliases)})" if document.aliases else ""
    out.print(f"{document.name} [{document.id}]{aliases}", markup=False, highlight=False)
    out.print(document.description, markup=False, highlight=False)
    if document.options:
        table = Table("option", "values", "default", "description", title=Text("options"))
        for option in document.options:
            _row(table, option.name, ", ".join(option.values), option.default, option.description)
        out.print(table)
    for note in document.notes:
        out.print(f"- {note}", markup=False, highlight=False)
    out.print("example request:", markup=False, highlight=False)
    _print_json(out, document.example)


def _print_problem(err: Console, problem: ProblemError) -> None:
    err.print(f"showdown: {problem.status} {problem.title}: {problem.detail}", markup=False, highlight=False)
    if problem.errors:
        table = Table("pointer", "problem", "code")
        for pointer, detail, code in problem.pointers:
            _row(table, pointer or "(body)", detail, code)
        err.print(table)


if __name__ == "__main__":
    sys.exit(main())
