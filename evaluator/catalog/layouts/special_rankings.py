"""Special rankings on layouts: Rails, Depot and Ruby Run."""

from __future__ import annotations

from evaluator.catalog.layouts.blocks import (
    formation_of,
    game,
    grid_positions,
    layout,
)
from evaluator.catalog.parts import high
from evaluator.formation import Count, Formation
from evaluator.formation.layout import Position, grid_groups
from evaluator.formation.live_groups import GroupsByCard
from evaluator.rankings.special import RUNS, TICKET, ticket_ranking
from evaluator.variant import OptionSpec

__all__ = ["SPECIAL_RANKINGS"]

_RAILS = (*grid_positions(("A1", "A2", "A3")), Position(name="TIE", x=1, y=1),
          *grid_positions(("B1", "B2", "B3"), y0=2))
_RAILS_GROUPS = grid_groups((("rail A", ("A1", "A2", "A3", "TIE")), ("rail B", ("B1", "B2", "B3", "TIE"))))

_DEPOT = (*grid_positions(("T1", "T2", "T3"), ("", "SW", "", "D"), ("B1", "B2", "B3")),)
_DEPOT_RAILS = grid_groups((
    ("top rail T1-T2-T3", ("T1", "T2", "T3", "D")), ("bottom rail B1-B2-B3", ("B1", "B2", "B3", "D")),
    ("centre rail T2-SW-B2", ("T2", "SW", "B2", "D")), ("diagonal rail T1-SW-B3", ("T1", "SW", "B3", "D")),
    ("diagonal rail T3-SW-B1", ("T3", "SW", "B1", "D")),
))

_TICKET_PLACES = ("three-of-a-kind", "two-pair", "straight")
_TICKET_NOTE = ("The Ticket's place among the categories is the reference's assumption (between straight and three "
                "of a kind); option ticket_above moves it.")


def _ticket_option(formation: Formation) -> OptionSpec:
    return OptionSpec(
        name="ticket_above", default="three-of-a-kind",
        description="The category the Ticket ranks directly above: three-of-a-kind (the reference's assumption, "
                    "between straight and three of a kind), two-pair (below three of a kind) or straight (between "
                    "straight and flush).",
        values={place: ({} if place == "three-of-a-kind" else {"hands": high(formation, ranking=ticket_ranking(place))})
                for place in _TICKET_PLACES},
    )


_RAILS_USE = formation_of(_RAILS_GROUPS)
_DEPOT_USE = formation_of(_DEPOT_RAILS)

_RUBY = (*grid_positions(("O1", "O2", "O3")), Position(name="SLAM", x=3, y=0.5),
         *grid_positions(("U1", "U2", "U3"), y0=1))
_RUBY_GROUPS = grid_groups((("overs", ("O1", "O2", "O3", "SLAM")), ("unders", ("U1", "U2", "U3", "SLAM"))))
_TWO_TO_TEN = tuple(range(0, 9))

SPECIAL_RANKINGS = (
    game("rails", "Rails", "3 hole cards + two rails (A1 A2 + spike A3, B1 B2 + spike B3) and the TIE between "
         "them; a hand is any five of the hole cards, ONE whole rail and the TIE (rails never mix). TICKET "
         "ranking: aces low only, and a Ticket (four of a suit + a J, Q or K of another suit).",
         "variants.md §3 rails", tags=("special-ranking", "layout"), hole=Count.exactly(3),
         board=layout(_RAILS, _RAILS_GROUPS, "Rail A (A1, A2 and the spike A3) above rail B (B1, B2 and the spike "
                      "B3), with the TIE between them, which goes with either rail."),
         hands=high(_RAILS_USE, ranking=TICKET), options=(_ticket_option(_RAILS_USE),),
         notes=("Position names are those of the reference entry.", _TICKET_NOTE)),
    game("depot", "Depot", "2 hole cards + five rails through a switch (T1-T2-T3, B1-B2-B3, T2-SW-B2, T1-SW-B3, "
         "T3-SW-B1) and the Depot D; a hand is any five of the hole cards, ONE rail and the Depot. TICKET ranking: "
         "aces low only, and a Ticket (four of a suit + a J, Q or K of another suit).", "variants.md §3 depot",
         tags=("special-ranking", "layout"), aliases=("depot-holdem",), hole=Count.exactly(2),
         board=layout(_DEPOT, _DEPOT_RAILS, "Top rail T1 T2 T3, bottom rail B1 B2 B3, the Switch SW in the centre "
                      "between them and the Depot D at the end. Rails: the top and bottom rails, T2-SW-B2 up the "
                      "centre and the diagonals T1-SW-B3, T3-SW-B1; the Depot goes with every rail."),
         hands=high(_DEPOT_USE, ranking=TICKET), options=(_ticket_option(_DEPOT_USE),),
         notes=("The diagram is lost: the geometry is the reference's inference (sources-and-gaps B6); position "
                "names are those of the reference entry.", _TICKET_NOTE)),
    game("ruby-run", "Ruby Run", "3 hole cards + three over cards, three under cards and the SLAM; a slam of 2-10 "
         "makes the overs live, a J, Q, K or A the unders; a hand is any five of the hole cards and the four live "
         "cards. RUNS ranking: colour runs first (suited over same-colour, longer, red over black), then the poker "
         "hand with aces high only.", "variants.md §3 ruby-run", tags=("special-ranking", "layout"),
         hole=Count.exactly(3),
         board=layout(_RUBY, _RUBY_GROUPS, "Over cards O1-O3 above under cards U1-U3, and the SLAM beside them: "
                      "2-10 makes O1-O3 + SLAM live, J-A makes U1-U3 + SLAM live."),
         hands=high(formation_of(_RUBY_GROUPS), ranking=RUNS),
         live_groups=GroupsByCard(position="SLAM", low_ranks=_TWO_TO_TEN, low_group="overs", high_group="unders"),
         notes=("Position names are those of the reference entry; send every card, the unders too (the face-down "
                "variation changes nothing at showdown).",)),
)
