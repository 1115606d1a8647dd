"""``POST /v1/showdowns/batch``: each item adjudicated independently; one bad item gives that item an error,
not the batch (contract, Endpoints)."""

from __future__ import annotations

from flask.testing import FlaskClient

from evaluator import MAX_BATCH
from tests.service.conftest import codes, holdem, one_app_per_module, problem

app = one_app_per_module()


def test_batch_answers_every_item_in_order(client: FlaskClient) -> None:
    single = client.post("/v1/showdowns", json=holdem()).get_json()
    response = client.post("/v1/showdowns/batch", json={"showdowns": [holdem(), holdem(variant="holdem")]})
    assert response.status_code == 200
    assert response.get_json() == {"results": [{"index": 0, "status": 200, "result": single},
                                               {"index": 1, "status": 200, "result": single}]}


def test_batch_item_error_does_not_fail_batch(client: FlaskClient) -> None:
    bad_card = holdem(board=["Ac", "Kd", "Ks", "7h", "Zz"])
    duplicate = holdem(board=["Ac", "Kd", "Ks", "7h", "Ah"])
    response = client.post("/v1/showdowns/batch", json={"showdowns": [bad_card, holdem(), duplicate, 42]})
    assert response.status_code == 200
    results = response.get_json()["results"]
    assert [(r["index"], r["status"]) for r in results] == [(0, 422), (1, 200), (2, 422), (3, 422)]
    assert results[1]["result"]["payouts"]["ann"] == 300
    assert "result" not in results[0] and "problem" not in results[1]
    assert codes(results[0]["problem"]) == {"/board/4": "bad-card"}  # pointers are relative to the item
    assert results[0]["problem"]["type"].endswith("/invalid-request")
    assert codes(results[2]["problem"]) == {"/players/0/hole/0": "duplicate-card"}
    assert results[2]["problem"]["type"].endswith("/invalid-showdown")
    assert codes(results[3]["problem"]) == {"": "type"}


def test_item_problem_is_the_one_the_single_endpoint_answers(client: FlaskClient) -> None:
    bad = holdem(variant="nope", options={"x": "y"})
    single = problem(client.post("/v1/showdowns", json=bad), 422)
    item = client.post("/v1/showdowns/batch", json={"showdowns": [bad]}).get_json()["results"][0]
    assert item == {"index": 0, "status": 422, "problem": single}


def test_batch_over_the_limit_is_422_for_the_whole_request(client: FlaskClient) -> None:
    response = client.post("/v1/showdowns/batch", json={"showdowns": [holdem()] * (MAX_BATCH + 1)})
    assert codes(problem(response, 422)) == {"/showdowns": "over-limit"}


def test_batch_at_the_limit_is_answered(client: FlaskClient) -> None:
    response = client.post("/v1/showdowns/batch", json={"showdowns": [holdem()] * MAX_BATCH})
    assert response.status_code == 200
    assert len(response.get_json()["results"]) == MAX_BATCH


def test_malformed_batch_is_422(client: FlaskClient) -> None:
    assert codes(problem(client.post("/v1/showdowns/batch", json={}), 422)) == {"/showdowns": "required"}
    empty = client.post("/v1/showdowns/batch", json={"showdowns": []})
    assert codes(problem(empty, 422)) == {"/showdowns": "length"}
    found = codes(problem(client.post("/v1/showdowns/batch", json={"showdowns": {}, "x": 1}), 422))
    assert found == {"/showdowns": "type", "/x": "unknown-field"}
