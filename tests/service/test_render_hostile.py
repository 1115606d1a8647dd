"""Pictures are safe by construction (issue 10): whatever a client names its players, board positions, groups, hands
or game, every SVG is well-formed XML holding only the elements and attributes the renderer creates, the text comes
back exactly as sent (characters XML cannot hold drawn as U+FFFD), and the PNG is drawn too. Strings over a
documented length limit are a 422, never a 500."""

from __future__ import annotations

import io
import xml.etree.ElementTree as ET
from collections.abc import Iterable
from typing import Any

import pytest
from flask.testing import FlaskClient
from PIL import Image

from evaluator import Deal, Seat, adjudicate, parse_cards, variant_named
from service import create_app
from service.render import layout_scene, showdown_scene, to_png, to_svg
from service.render.svg import xml_safe
from service.schemas.rules import load_client_rules
from tests.service.conftest import TestConfig, holdem, one_app_per_module

app = one_app_per_module()

NS = "{http://www.w3.org/2000/svg}"
INJECTION = '"/><script>alert(1)</script><g a="'
HOSTILE = {
    "injection": INJECTION,
    "quotes": "ann's \"best\" 'hand'",
    "angle-brackets": "<b>bob</b><foreignObject>",
    "ampersands": "a&b &amp; &#60; &lt;",
    "cdata": "<![CDATA[x]]>",
    "lone-surrogate": "\ud83d",
    "surrogate-inside": "ann\udc00bob",
    "rtl-marks": "\u202eevil\u202c \u200fann",
    "controls": "a\x00b\x07c\x1fd\x0b",
    "non-characters": "\ufffe\uffff",
    "line-breaks": "a\nb\r\nc\td",
    "comment": "<!-- x --><?php ?>",
    "entity": "&xxe;&#0;",
    "10kb": "x" * 10_000,
    "10kb-injection": INJECTION * 300,
}
#: The documented length limits of each kind of client text (longer is a 422).
LIMITS = {"player": 64, "group": 64, "position": 16, "hand": 32, "game": 200}
UNEXPECTED_TAGS = {"script", "foreignObject", "iframe", "object", "embed", "a", "image", "use", "style", "animate",
                   "set", "handler", "listener"}


def _rules(game: str = "Cross", group: str = "line", position: str = "N", hand: str = "main") -> dict[str, Any]:
    """Hold'em on a cross of five board cards, with client-chosen names."""
    names = [position, "E", "S", "W", "C"]
    groups = [{"name": group, "positions": [position, "C", "S"]}, {"name": "across", "positions": ["W", "C", "E"]}]
    return {"name": game, "deck": {"id": "52"}, "cards": {"hole": {"min": 2, "max": 2}},
            "board": {"kind": "layout", "count": {"min": 5, "max": 5},
                      "positions": [{"name": n, "x": x, "y": y}
                                    for n, x, y in zip(names, (1, 2, 1, 0, 1), (0, 1, 2, 1, 1), strict=True)],
                      "groups": groups},
            "hands": [{"name": hand, "ranking": "HIGH", "formation": {"picks": [{}], "groups": groups}}]}


def _request(player: str = "ann", **names: str) -> dict[str, Any]:
    position = names.get("position", "N")
    return {"rules": _rules(**names),
            "board": {position: "Kd", "E": "7c", "S": "2h", "W": "9s", "C": "2d"},
            "players": [{"id": player, "hole": ["Kh", "Ks"]}, {"id": "bob", "hole": ["Qs", "Qc"]}],
            "pot": 300}


def _shape(svg: bytes | str) -> tuple[set[str], set[tuple[str, str]]]:
    """The element tags and (tag, attribute) names of an SVG, which must parse as XML."""
    root = ET.fromstring(svg)
    assert root.tag == f"{NS}svg"
    elements = list(root.iter())
    return {e.tag.removeprefix(NS) for e in elements}, {(e.tag.removeprefix(NS), a) for e in elements for a in e.attrib}


def _union(shapes: Iterable[tuple[set[str], set[tuple[str, str]]]]) -> tuple[set[str], set[tuple[str, str]]]:
    tags: set[str] = set()
    attributes: set[tuple[str, str]] = set()
    for t, a in shapes:
        tags |= t
        attributes |= a
    return tags, attributes


@pytest.fixture(scope="module")
def benign() -> tuple[set[str], set[tuple[str, str]]]:
    """Everything benign showdowns (a layout board and a flat one) and a benign layout picture hold."""

    client = create_app(TestConfig).test_client()
    answers = [client.post("/v1/showdowns/render", json=body) for body in (_request(), holdem())]
    assert all(a.status_code == 200 for a in answers)
    return _union([*(_shape(a.data) for a in answers), _shape(to_svg(layout_scene(load_client_rules(_rules()))))])


def _assert_only_the_renderers_markup(svg: bytes | str, benign: tuple[set[str], set[tuple[str, str]]]) -> None:
    tags, attributes = _shape(svg)
    assert not tags & UNEXPECTED_TAGS
    assert tags <= benign[0], tags - benign[0]
    assert attributes <= benign[1], attributes - benign[1]


def _assert_a_png(data: bytes) -> None:
    with Image.open(io.BytesIO(data)) as image:
        assert image.format == "PNG"
        image.verify()


@pytest.mark.parametrize("kind", list(LIMITS))
@pytest.mark.parametrize("name", list(HOSTILE.values()), ids=list(HOSTILE))
def test_hostile_names_cannot_add_markup_to_a_showdown_picture(
        client: FlaskClient, benign: tuple[set[str], set[tuple[str, str]]], kind: str, name: str) -> None:
    request = _request(name) if kind == "player" else _request(**{kind: name})
    svg = client.post("/v1/showdowns/render", json=request)
    png = client.post("/v1/showdowns/render?format=png", json=request)
    if len(name) > LIMITS[kind]:
        assert svg.status_code == png.status_code == 422, svg.get_data(as_text=True)
        assert svg.mimetype == "application/problem+json"
        return
    assert svg.status_code == 200, svg.get_data(as_text=True)
    assert svg.mimetype == "image/svg+xml"
    _assert_only_the_renderers_markup(svg.data, benign)
    assert png.status_code == 200
    _assert_a_png(png.data)
    root = ET.fromstring(svg.data)
    if kind == "player":  # the id comes back exactly as sent, as an attribute value and as text
        players = [g for g in root.iter(f"{NS}g") if g.attrib.get("class") == "player"]
        assert players[0].attrib["data-player"] == xml_safe(name)
        as_text = xml_safe(name).replace("\r\n", "\n").replace("\r", "\n")  # XML's end-of-line handling
        assert players[0].findtext(f"{NS}title") == as_text
    if kind == "group":  # ann wins with the line through the renamed group
        drawn = [g.attrib["data-group"] for g in root.iter(f"{NS}g") if g.attrib.get("class") == "winning-group"]
        assert drawn == [xml_safe(name)]


@pytest.mark.parametrize("kind", ["group", "position", "game"])
@pytest.mark.parametrize("name", [n for n in HOSTILE.values() if len(n) <= 16], ids=[
    k for k, n in HOSTILE.items() if len(n) <= 16])
def test_hostile_names_cannot_add_markup_to_a_layout_picture(
        benign: tuple[set[str], set[tuple[str, str]]], kind: str, name: str) -> None:
    _assert_only_the_renderers_markup(to_svg(layout_scene(load_client_rules(_rules(**{kind: name})))), benign)


def test_the_injection_of_the_issue_is_text_not_elements(client: FlaskClient) -> None:
    svg = client.post("/v1/showdowns/render", json=_request(INJECTION)).get_data(as_text=True)
    assert "<script" not in svg and "&lt;script&gt;" in svg
    assert len([e for e in ET.fromstring(svg).iter() if e.tag.endswith("}g")]) == svg.count("<g ")


def test_a_lone_surrogate_is_drawn_as_the_replacement_character(client: FlaskClient) -> None:
    answer = client.post("/v1/showdowns/render", json=_request("ann\ud83d"))
    assert answer.status_code == 200
    assert 'data-player="ann\ufffd"' in answer.data.decode("utf-8")
    # the JSON answer keeps the id exactly as sent
    assert client.post("/v1/showdowns", json=_request("ann\ud83d")).get_json()["players"][0]["id"] == "ann\ud83d"


def test_the_renderer_itself_draws_10kb_names_as_text(
        benign: tuple[set[str], set[tuple[str, str]]]) -> None:
    """Beyond the API's limits: names of 10 KB are fitted and wrapped (with a few measurements each) and escaped."""
    long_word, long_words = INJECTION * 300, " ".join(["\u202ebob\ud83d&<>"] * 1000)
    deal = Deal(seats=(Seat(id=long_word, hole=parse_cards("Ah Ad")), Seat(id=long_words, hole=parse_cards("Qs Qd"))),
                board=parse_cards("Ac Kd Ks 7h 2c"), pot=100)
    scene = showdown_scene(adjudicate(variant_named("texas-holdem"), deal), deal)
    _assert_only_the_renderers_markup(to_svg(scene), benign)
    _assert_a_png(to_png(scene, scale=0.25))
