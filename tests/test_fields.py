"""The field declarations: records' fields declared with the state's drive their slots,
copies and body keys, and Relic Runners' body comes from its declaration alone."""

from __future__ import annotations

import pytest

from relicbox.core.fields import Copy, Field, Fields
from relicbox.games.relic_runners.codec import body_to_dict
from relicbox.games.relic_runners.parts import FIELDS, PlayerBoard, TurnRecord
from support.relic_runners import new


class _Item:
    __slots__ = ("count", "names")


_DECLARED = Fields(
    Field("_items", Copy.NESTED),
    Field("_size", Copy.SHARE, "size", plain=True),
    Field("count", Copy.SHARE, "count", plain=True, within="_items"),
    Field("names", Copy.LIST, "names", plain=True, within="_items"),
)


class _Holder:
    __slots__ = _DECLARED.slots


def _holder() -> _Holder:
    holder = _Holder()
    holder._size = 2
    holder._items = []
    for count in (1, 2):
        item = _Item()
        item.count, item.names = count, ["a"] * count
        holder._items.append(item)
    return holder


def test_record_fields_are_not_slots_of_the_state_but_of_their_record() -> None:
    assert _DECLARED.slots == ("_items", "_size")
    assert _DECLARED.record_slots("_items") == ("count", "names")
    assert [f.name for f in _DECLARED] == ["_items", "_size"]
    assert _DECLARED.derived == ()


def test_a_record_field_is_one_body_key_with_an_entry_per_record() -> None:
    holder = _holder()
    body = _DECLARED.write(holder, {})
    assert body == {"size": 2, "count": [1, 2], "names": [["a"], ["a", "a"]]}
    assert body["names"][0] is not holder._items[0].names
    loaded = _holder()
    _DECLARED.read(loaded, {"size": 5, "count": [7, 8], "names": [[], ["b"]]}, _LOAD)
    assert (loaded._size, [item.count for item in loaded._items]) == (5, [7, 8])
    assert [item.names for item in loaded._items] == [[], ["b"]]


_LOAD = {key: (lambda body, key: body[key]) for key in ("size", "count", "names")}


def test_the_generated_record_copy_copies_lists_and_shares_values() -> None:
    item = _holder()._items[1]
    copy = _DECLARED.copier(_Item, "_items")(item)
    assert (copy.count, copy.names) == (2, ["a", "a"])
    assert copy.names is not item.names


def test_a_record_field_needs_a_key_and_an_unkeyed_holder() -> None:
    with pytest.raises(ValueError, match="needs a body key"):
        Field("count", Copy.SHARE, within="_items")
    with pytest.raises(ValueError, match="not an unkeyed slot"):
        Fields(Field("count", Copy.SHARE, "count", within="_nowhere"))


def test_relic_runners_records_take_their_slots_from_the_declaration() -> None:
    assert set(PlayerBoard.__slots__) == {f.name for f in FIELDS.records["_boards"]}
    assert set(TurnRecord.__slots__) == {f.name for f in FIELDS.records["_this_turn"]}
    assert set(FIELDS.derived) == {"_map", "_height", "_legal"}


def test_relic_runners_body_lists_every_declared_key_in_order() -> None:
    state = new(3, 5, setup="standard")
    body = body_to_dict(state)
    assert list(body) == [f.key for f in FIELDS.keyed]
    assert body["pos"] == [board.pos for board in state._boards]
    assert body["moves"] == state._this_turn.moves
