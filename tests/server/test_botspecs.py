"""A seat's bot plays within the online budgets however it reached the table."""

from __future__ import annotations

import pytest

import relicbox
from relicbox.server.botpool import choose_action
from relicbox.server.botspecs import seated_bot

DIAMANT = relicbox.get_game("diamant")


@pytest.mark.parametrize(
    ("stored", "played"),
    [
        ("ismcts:iters=100000000", "ismcts:iters=5000,ms=1000"),
        ("ismcts:ms=60000", "ismcts:ms=1000"),
        ("ismcts:iters=5001", "ismcts:iters=5000,ms=1000"),
        ("ismcts:ms=1001", "ismcts:ms=1000"),
        ("ismcts:iters=5000", "ismcts:iters=5000,ms=1000"),
        ("ismcts", "ismcts:iters=1000,ms=1000"),
        ("Rule", "rule"),
        ("threshold:5", "threshold:5"),
    ],
)
def test_a_stored_search_is_cut_to_the_online_budgets(stored: str, played: str) -> None:
    assert seated_bot(stored, 1000, DIAMANT) == played


@pytest.mark.parametrize(
    "stored", ["os:getcwd", "random:_os.getcwd", "stdio:sh", "ismcts:worlds=100000"]
)
def test_a_stored_seat_that_names_no_online_bot_is_refused_by_the_pool(stored: str) -> None:
    seated = seated_bot(stored, 1000, DIAMANT)
    state = relicbox.new_game("diamant", players=3, seed=1)
    legal = [action.text for action in state.legal_actions(0)]
    with pytest.raises(relicbox.ConfigurationError):
        choose_action("diamant", seated, state.view(0), legal, 1)


def test_a_message_field_of_another_type_is_not_read_as_this_one() -> None:
    from pydantic import ValidationError

    from relicbox.server.protocol import CreateTable, client_message

    with pytest.raises(ValidationError):
        client_message({"type": "act", "action": "leave", "seq": True})
    with pytest.raises(ValidationError):
        client_message({"type": "act", "action": "leave", "seq": "3"})
    assert client_message({"type": "act", "action": "leave", "seq": 3}).seq == 3
    seats = [{"kind": "me"}, {"kind": "bot", "bot": ""}]
    with pytest.raises(ValidationError):  # an empty bot was seated as random
        CreateTable.model_validate({"game": "diamant", "players": 2, "seats": seats})
    with pytest.raises(ValidationError):
        CreateTable.model_validate({"game": "diamant", "players": "3", "seats": seats[:1]})
