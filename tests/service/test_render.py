"""Pictures (issue 3, "Pictures"): ``GET /v1/variants/{id}/layout.svg`` draws a variant's board and
``POST /v1/showdowns/render`` draws an adjudicated showdown, as SVG or PNG, from one scene model."""

from __future__ import annotations

import dataclasses
import io
import xml.etree.ElementTree as ET
from typing import Any

import pytest
from flask.testing import FlaskClient
from PIL import Image

from evaluator import Deal, Seat, Variant, adjudicate, all_variants, example_request, parse_cards, variant_named
from evaluator.formation import UNBOUNDED, BoardGroup, Count, Formation
from evaluator.formation.layout import Layout, Position
from evaluator.variant import BoardShape
from service.render import layout_scene, showdown_scene, to_png, to_svg
from service.render.fonts import drawable
from service.render.scene import PALETTE, Group, Polyline, Text, wrap
from service.schemas import ShowdownRequestSchema
from service.views import render as render_views
from tests.service.conftest import holdem, one_app_per_module, pointers, problem

app = one_app_per_module()

SVG_NS = "{http://www.w3.org/2000/svg}"
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
CATALOG_IDS = [v.id for v in all_variants()]
ADJUDICABLE_IDS = [v.id for v in all_variants() if v.not_showdown is None]
CROSS_GROUPS = (BoardGroup(name="vertical", positions=("N", "C", "S")),
                BoardGroup(name="horizontal", positions=("W", "C", "E")))


def cross_variant() -> Variant:
    """Texas Hold'em on a cross of five board cards, playing the two hole cards with one line of three."""
    layout = Layout(positions=(Position(name="N", x=1, y=0), Position(name="E", x=2, y=1),
                               Position(name="S", x=1, y=2), Position(name="W", x=0, y=1),
                               Position(name="C", x=1, y=1)),
                    groups=CROSS_GROUPS, description="A cross of five cards; a hand uses one line of three.")
    base = variant_named("texas-holdem")
    hands = tuple(dataclasses.replace(spec, formation=Formation(groups=CROSS_GROUPS)) for spec in base.hands)
    return dataclasses.replace(base, id="test-cross", name="Test Cross", board=BoardShape(layout=layout),
                               hands=hands)


CROSS_DEAL = Deal(seats=(Seat(id="ann", hole=parse_cards("Ah Kh")), Seat(id="bob", hole=parse_cards("Qs Qc"))),
                  board=parse_cards("Kd 7c 2h 9s 2d"), positions=("N", "E", "S", "W", "C"), pot=300)


def svg_root(data: bytes | str) -> ET.Element:
    root = ET.fromstring(data)  # well-formed XML, or this raises
    assert root.tag == f"{SVG_NS}svg"
    assert float(root.attrib["width"]) > 0 and float(root.attrib["height"]) > 0
    return root


def groups(root: ET.Element, role: str) -> list[ET.Element]:
    return [g for g in root.iter(f"{SVG_NS}g") if g.attrib.get("class") == role]


def texts(root: ET.Element) -> str:
    return " ".join(t.text or "" for t in root.iter(f"{SVG_NS}text"))


def rings(card: ET.Element) -> list[str]:
    """The winners' colours outlining a drawn card."""
    return [r.attrib["stroke"] for r in card.iter(f"{SVG_NS}rect") if r.attrib.get("stroke") in PALETTE]


def png_size(data: bytes) -> tuple[int, int]:
    assert data.startswith(PNG_SIGNATURE)
    with Image.open(io.BytesIO(data)) as image:
        image.verify()
    with Image.open(io.BytesIO(data)) as image:
        assert image.format == "PNG"
        return image.size


# --- GET /v1/variants/{id}/layout.svg -----------------------------------------------------------------------


@pytest.mark.parametrize("variant_id", CATALOG_IDS)
def test_every_catalog_variant_has_a_layout_picture(client: FlaskClient, variant_id: str) -> None:
    response = client.get(f"/v1/variants/{variant_id}/layout.svg")
    assert response.status_code == 200
    assert response.mimetype == "image/svg+xml"
    root = svg_root(response.data)
    variant = variant_named(variant_id)
    drawn = [g.attrib["data-position"] for g in groups(root, "position")]
    layout = variant.board.layout
    if layout is not None:
        assert drawn == list(layout.names)
        legend = {g.attrib["data-group"] for g in groups(root, "legend")}
        assert {group.name for group in layout.groups} <= legend
    else:
        count = variant.board.count
        n = count.max if count.max < UNBOUNDED else count.min
        assert drawn == [str(i) for i in range(1, n + 1)]
    assert variant.name in texts(root)


def test_layout_picture_accepts_aliases(client: FlaskClient) -> None:
    response = client.get("/v1/variants/HOLDEM/layout.svg")
    assert response.status_code == 200 and "Texas Hold'em" in texts(svg_root(response.data))


def test_unknown_variant_has_no_layout_picture(client: FlaskClient) -> None:
    body = problem(client.get("/v1/variants/no-such-game/layout.svg"), 404)
    assert body["type"].endswith("/unknown-variant")
    assert "no-such-game" in body["detail"]


def test_layout_picture_is_get_only(client: FlaskClient) -> None:
    response = client.post("/v1/variants/texas-holdem/layout.svg", json={})
    problem(response, 405)
    assert "GET" in response.headers["Allow"]


def test_a_layout_board_is_drawn_with_its_positions_and_groups(client: FlaskClient,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    cross = cross_variant()
    monkeypatch.setattr(render_views, "variant_in_path", lambda name: cross)
    response = client.get("/v1/variants/test-cross/layout.svg")
    assert response.status_code == 200 and response.mimetype == "image/svg+xml"
    root = svg_root(response.data)
    positions = {g.attrib["data-position"]: g for g in groups(root, "position")}
    assert list(positions) == ["N", "E", "S", "W", "C"]
    for name, g in positions.items():  # each position is a card-shaped slot named in its middle
        assert any(t.text == name for t in g.iter(f"{SVG_NS}text"))
        w, h = (float(g.find(f"{SVG_NS}rect").attrib[k]) for k in ("width", "height"))  # type: ignore[union-attr]
        assert h > w
    lines = {g.attrib["data-group"] for g in groups(root, "group-line")}
    legend = {g.attrib["data-group"] for g in groups(root, "legend")}
    assert lines == legend == {"vertical", "horizontal"}
    assert "vertical: N, C, S" in texts(root) and "horizontal: W, C, E" in texts(root)

    def place(name: str) -> tuple[float, float]:
        rect = positions[name].find(f"{SVG_NS}rect")
        assert rect is not None
        return float(rect.attrib["x"]), float(rect.attrib["y"])

    # Drawn at their grid places: a cross.
    assert place("N")[0] == place("C")[0] == place("S")[0]
    assert place("W")[1] == place("C")[1] == place("E")[1]
    assert place("W")[0] < place("C")[0] < place("E")[0] and place("N")[1] < place("C")[1] < place("S")[1]


def test_group_lines_join_neighbours_rather_than_cut_across() -> None:
    """A 2x2 block listed in reading order is joined by three sides of the square, never by a diagonal."""
    block = Layout(positions=tuple(Position(name=n, x=x, y=y) for n, x, y in (("a", 0, 0), ("b", 1, 0),
                                                                              ("c", 0, 1), ("d", 1, 1))),
                   groups=(BoardGroup(name="block", positions=("a", "b", "c", "d")),))
    scene = layout_scene(dataclasses.replace(variant_named("texas-holdem"), board=BoardShape(layout=block)))
    line = next(i for i in scene.items if isinstance(i, Group) and i.role == "group-line")
    assert len(line.items) == 3
    for link in line.items:
        assert isinstance(link, Polyline)
        (x1, y1), (x2, y2) = link.points
        assert x1 == x2 or y1 == y2


def test_layout_scene_draws_the_same_picture_as_png() -> None:
    scene = layout_scene(cross_variant())
    width, height = png_size(to_png(scene))
    assert (width, height) == (round(scene.width * 2), round(scene.height * 2))
    assert 400 < width < 3000 and 400 < height < 3000


# --- POST /v1/showdowns/render ------------------------------------------------------------------------------


def test_showdown_picture_is_svg_by_default(client: FlaskClient) -> None:
    request = holdem()
    response = client.post("/v1/showdowns/render", json=request)
    assert response.status_code == 200
    assert response.mimetype == "image/svg+xml"
    assert response.headers["Content-Disposition"] == 'inline; filename="showdown.svg"'
    assert "X-Request-ID" in response.headers
    root = svg_root(response.data)
    cards = [g.attrib["data-card"] for g in groups(root, "card")]
    dealt = request["board"] + [c for p in request["players"] for c in p["hole"]]
    assert sorted(cards) == sorted(dealt)
    shown = texts(root)
    for player in ("ann", "bob", "cy"):
        assert player in shown
    assert "Full house, aces full of kings" in shown and "Two pair, kings and queens, ace kicker" in shown
    summary = client.post("/v1/showdowns", json=request).get_json()["summary"]
    assert " ".join(t.text or "" for g in groups(root, "summary") for t in g.iter(f"{SVG_NS}text")) == summary


def test_winning_cards_are_outlined_in_the_winners_colour(client: FlaskClient) -> None:
    root = svg_root(client.post("/v1/showdowns/render?format=svg", json=holdem()).data)
    by_card = {g.attrib["data-card"]: rings(g) for g in groups(root, "card")}
    # ann's aces full of kings: her two aces and the board's Ac Kd Ks.
    assert {card for card, colours in by_card.items() if colours} == {"Ah", "Ad", "Ac", "Kd", "Ks"}
    assert all(colours == [PALETTE[0]] for colours in by_card.values() if colours)
    legend = groups(root, "legend")
    assert [g.attrib["data-player"] for g in legend] == ["ann"]
    assert "ann wins 300: Full house, aces full of kings" in texts(legend[0])


def test_split_pots_give_each_winner_a_colour(client: FlaskClient) -> None:
    request = {"variant": "omaha-hi-lo-8", "board": ["Ac", "2d", "3s", "Kh", "Kc"], "pot": 300,
               "players": [{"id": "ann", "hole": ["4h", "5d", "Ks", "Qd"]},
                           {"id": "bob", "hole": ["4s", "5c", "Ad", "Ah"]}]}
    root = svg_root(client.post("/v1/showdowns/render", json=request).data)
    legend = [(g.attrib["data-player"], g.attrib["data-share"]) for g in groups(root, "legend")]
    assert sorted(legend) == [("ann", "low"), ("bob", "high"), ("bob", "low")]
    by_card = {g.attrib["data-card"]: rings(g) for g in groups(root, "card")}
    assert len(by_card["Ac"]) == 3  # used by all three winning hands: three rings
    assert set(by_card["Ac"]) == set(PALETTE[:3])


def test_showdown_picture_as_png(client: FlaskClient) -> None:
    response = client.post("/v1/showdowns/render?format=png", json=holdem())
    assert response.status_code == 200
    assert response.mimetype == "image/png"
    assert response.headers["Content-Disposition"] == 'inline; filename="showdown.png"'
    width, height = png_size(response.data)
    assert 1000 <= width <= 3000 and 800 <= height <= 3000
    assert client.post("/v1/showdowns/render?format=PNG", json=holdem()).mimetype == "image/png"


def test_unknown_format_is_400(client: FlaskClient) -> None:
    body = problem(client.post("/v1/showdowns/render?format=gif", json=holdem()), 400)
    assert "svg or png" in body["detail"]


@pytest.mark.parametrize("request_body", [
    {"variant": "texas-holdem", "board": ["Ac", "Kd", "Ks", "7h", "2c"], "pot": 300},
    holdem(players=[{"id": "ann", "hole": ["Ah", "Ad"]}, {"id": "bob", "hole": ["Ah", "Qd"]}]),
    holdem(variant="no-such-game"),
    holdem(board=["Ac", "Kd"]),
    holdem(colour="blue"),
    [],
], ids=["missing-players", "duplicate-card", "unknown-variant", "short-board", "unknown-field", "not-an-object"])
def test_bad_bodies_get_the_same_422_as_adjudication(client: FlaskClient, request_body: Any) -> None:
    rendered = problem(client.post("/v1/showdowns/render?format=png", json=request_body), 422)
    adjudicated = problem(client.post("/v1/showdowns", json=request_body), 422)
    assert rendered == adjudicated
    assert pointers(rendered)


def test_a_body_that_is_not_json_gets_the_same_problem(client: FlaskClient) -> None:
    for send in ({"data": b"{not json", "content_type": "application/json"},
                 {"data": b"{}", "content_type": "text/plain"}):
        rendered = client.post("/v1/showdowns/render", **send)
        adjudicated = client.post("/v1/showdowns", **send)
        assert rendered.status_code == adjudicated.status_code and rendered.status_code in (400, 415)
        assert rendered.get_json() == adjudicated.get_json()


@pytest.mark.parametrize("variant_id", ADJUDICABLE_IDS)
def test_every_catalog_example_can_be_drawn(client: FlaskClient, variant_id: str) -> None:
    request = example_request(variant_named(variant_id))
    response = client.post("/v1/showdowns/render", json=request)
    assert response.status_code == 200, response.get_data(as_text=True)
    root = svg_root(response.data)
    board = request.get("board", [])
    dealt = list(board.values()) if isinstance(board, dict) else list(board)
    dealt += [c for p in request["players"] for c in (*p.get("hole", ()), *p.get("up", ()))]
    canonical = sorted(str(c) for c in parse_cards(dealt))
    assert sorted(g.attrib["data-card"] for g in groups(root, "card")) == canonical


def test_a_layout_showdown_puts_the_cards_at_their_positions() -> None:
    result = adjudicate(cross_variant(), CROSS_DEAL)
    scene = showdown_scene(result, CROSS_DEAL)
    root = svg_root(to_svg(scene))
    board = {g.attrib["data-position"]: g for g in groups(root, "card") if "data-position" in g.attrib}
    assert {name: g.attrib["data-card"] for name, g in board.items()} == {
        "N": "Kd", "E": "7c", "S": "2h", "W": "9s", "C": "2d"}
    shown = texts(root)
    for name in ("N", "E", "S", "W", "C"):
        assert name in shown.split()
    ann = result.players[0].hands["high"]
    assert ann.group == "vertical" and result.payouts["ann"] == 300
    outlined = {name for name, g in board.items() if rings(g)}
    assert outlined == {name for name, _ in ann.board} and outlined <= {"N", "C", "S"}
    legend = groups(root, "legend")
    assert "board group: vertical" in texts(legend[0])
    assert [g.attrib["data-group"] for g in groups(root, "winning-group")] == ["vertical"]
    width, height = png_size(to_png(scene))
    assert 1000 <= width <= 3000 and 1000 <= height <= 3000


def test_an_empty_optional_position_is_drawn_as_an_empty_slot() -> None:
    cross = cross_variant()
    assert cross.board.layout is not None
    optional = tuple(dataclasses.replace(p, optional=p.name == "E") for p in cross.board.layout.positions)
    cross = dataclasses.replace(cross, board=BoardShape(layout=dataclasses.replace(cross.board.layout,
                                                                                   positions=optional)))
    deal = dataclasses.replace(CROSS_DEAL, board=parse_cards("Kd 2h 9s 2d"), positions=("N", "S", "W", "C"))
    root = svg_root(to_svg(showdown_scene(adjudicate(cross, deal), deal)))
    assert [g.attrib["data-position"] for g in groups(root, "slot")] == ["E"]
    assert "optional" in texts(svg_root(to_svg(layout_scene(cross))))


# --- The scene and its text -------------------------------------------------------------------------------


def test_text_the_font_cannot_draw_is_spelled_in_ascii() -> None:
    assert drawable("ann") == "ann"
    assert drawable("Zoë Łukasiewicz") == "Zoe Lukasiewicz"
    assert drawable("日本") == "??"


def test_long_text_wraps_within_its_width() -> None:
    lines = wrap("ann wins 300 with full house, aces full of kings. " * 4, 14, 200)
    assert len(lines) > 3
    assert all(line for line in lines)
    assert wrap("x" * 80, 14, 100)[0] != "x" * 80  # a word too long for a line is cut


def test_player_names_are_kept_whole_in_svg_and_fitted_in_the_name_column() -> None:
    name = "Zoë the player with a remarkably long name"
    deal = Deal(seats=(Seat(id=name, hole=parse_cards("Ah Ad")), Seat(id="bob", hole=parse_cards("Qs Qd"))),
                board=parse_cards("Ac Kd Ks 7h 2c"), pot=100)
    scene = showdown_scene(adjudicate(variant_named("texas-holdem"), deal), deal)
    row = next(i for i in scene.items if isinstance(i, Group) and i.role == "player" and i.title == name)
    label = next(i for i in row.items if isinstance(i, Text))
    assert label.text.endswith("...") and name.startswith(label.text[:-3])
    root = svg_root(to_svg(scene))
    assert [g.attrib["data-player"] for g in groups(root, "player")] == [name, "bob"]
    png_size(to_png(scene))


def test_openapi_documents_the_pictures(client: FlaskClient) -> None:
    paths = client.get("/openapi.json").get_json()["paths"]
    layout = paths["/v1/variants/{variant_id}/layout.svg"]["get"]["responses"]
    assert list(layout["200"]["content"]) == ["image/svg+xml"]
    render = paths["/v1/showdowns/render"]["post"]
    assert set(render["responses"]["200"]["content"]) == {"image/svg+xml", "image/png"}
    assert render["requestBody"]["content"]["application/json"]["schema"]["$ref"].endswith("/ShowdownRequest")
    for responses in (layout, render["responses"]):
        assert {"400", "404", "422"} <= set(responses)
    parameter = next(p for p in paths["/v1/showdowns/render"]["parameters"] if p["name"] == "format")
    assert parameter["in"] == "query" and parameter["schema"]["enum"] == ["svg", "png"]


def test_rendering_needs_no_count_it_cannot_draw() -> None:
    """A board count with no upper bound draws its minimum."""
    variant = dataclasses.replace(variant_named("texas-holdem"), board=BoardShape(count=Count.at_least(3)))
    root = svg_root(to_svg(layout_scene(variant)))
    assert [g.attrib["data-position"] for g in groups(root, "position")] == ["1", "2", "3"]


def test_a_breaker_pot_is_drawn_with_the_hand_the_breaker_left_its_winner() -> None:
    board = parse_cards("Kh 9h 5h 2c Kd")
    deal = Deal(seats=(Seat(id="a", hole=parse_cards("Ah 3h")), Seat(id="b", hole=parse_cards("X1 Qs"))),
                board=board, pot=100)
    text = texts(svg_root(to_svg(showdown_scene(adjudicate(variant_named("breaker"), deal), deal))))
    assert "b wins 100 (breaker): Pair of kings, kickers Breaker-Q-9" in text


def test_separate_hands_are_drawn_as_their_players_winning_hands() -> None:
    game = variant_named("double-trouble")
    call = ShowdownRequestSchema().load(example_request(game))
    result = adjudicate(game, call.deal)
    text = texts(svg_root(to_svg(showdown_scene(result, call.deal))))
    winners = {p for pot in result.pots for share in pot.shares for p in share.winners}
    for winner in winners:
        player, hand = winner.split(":")
        assert f"{player} wins" in text and f"({hand} " in text  # the hand's name in words: "(left high)"
