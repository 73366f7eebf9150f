"""Cards: parsing, printing, the packs and explicit decks."""
from __future__ import annotations

import random

import pytest

from rules.cards import (
    Card,
    card_strs,
    deck_from,
    parse_cards,
    pretty_cards,
    short_deck,
    shuffled,
    standard_deck,
)


@pytest.mark.parametrize("text, rank, suit", [
    ("7H", 7, "H"), ("TD", 10, "D"), ("10D", 10, "D"), ("10d", 10, "D"), ("qs", 12, "S"),
    ("AC", 1, "C"), ("KH", 13, "H"), (" 2c ", 2, "C"), ("JS", 11, "S"),
])
def test_parse(text: str, rank: int, suit: str) -> None:
    assert Card.parse(text) == Card(rank, suit)


@pytest.mark.parametrize("text", ["", "1H", "11H", "7X", "H7", "7", "10", "77H", "ZZ", "0H", "100D"])
def test_parse_rejects(text: str) -> None:
    with pytest.raises(ValueError, match="not a card"):
        Card.parse(text)


@pytest.mark.parametrize("value", [None, 7, ["7H"], b"7H"])
def test_parse_rejects_non_strings(value: object) -> None:
    with pytest.raises(ValueError):
        Card.parse(value)  # type: ignore[arg-type]  # bad input on purpose


@pytest.mark.parametrize("rank, suit", [(0, "H"), (14, "H"), (7, "X"), (7, ""), (7, "CD"), ("7", "H"),
                                        (7, 3), (True, "H")])
def test_constructor_validates(rank: object, suit: object) -> None:
    with pytest.raises(ValueError):
        Card(rank, suit)  # type: ignore[arg-type]  # bad input on purpose


def test_parse_accepts_a_card() -> None:
    c = Card(5, "S")
    assert Card.parse(c) is c


def test_printing_round_trips_every_card() -> None:
    for card in standard_deck():
        assert Card.parse(str(card)) == card
    assert str(Card(10, "D")) == "TD"
    assert str(Card(1, "S")) == "AS"


def test_pretty() -> None:
    assert Card.parse("7H").pretty == "7♥"
    assert Card.parse("TD").pretty == "10♦"
    assert Card.parse("QS").pretty == "Q♠"
    assert Card.parse("AC").pretty == "A♣"
    assert Card.parse("10c").rank_label == "10"
    assert pretty_cards(["5H", "6H", Card(8, "H")]) == "5♥ 6♥ 8♥"


def test_colour() -> None:
    assert Card.parse("7H").is_red and Card.parse("7D").is_red
    assert not Card.parse("7S").is_red and not Card.parse("7C").is_red


def test_helpers() -> None:
    cards = parse_cards(["7H", "10D", Card(1, "S")])
    assert cards == (Card(7, "H"), Card(10, "D"), Card(1, "S"))
    assert card_strs(cards) == ["7H", "TD", "AS"]


def test_packs() -> None:
    assert len(standard_deck()) == 52 and len(set(standard_deck())) == 52
    short = short_deck()
    assert len(short) == 36 and len(set(short)) == 36
    assert {c.rank for c in short} == {1, 6, 7, 8, 9, 10, 11, 12, 13}


def test_every_game_shares_one_object_per_card() -> None:
    """A server holds thousands of games: packs and parsed cards are the same 52 objects, equal to built ones."""
    assert all(a is b for a, b in zip(standard_deck(), standard_deck(), strict=True))
    assert Card.parse("10d") is Card.parse("TD") is standard_deck()[22]
    assert all(any(c is s for s in standard_deck()) for c in short_deck())
    built = Card(10, "D")
    assert built == Card.parse("TD") and hash(built) == hash(Card.parse("TD"))


def test_shuffled_is_reproducible_and_leaves_the_input() -> None:
    pack = standard_deck()
    a = shuffled(pack, random.Random(3))
    b = shuffled(pack, random.Random(3))
    assert a == b and sorted(a) == sorted(pack) and a != pack
    assert pack == standard_deck()


def test_deck_from_accepts_any_order_and_spelling() -> None:
    texts = [str(c) for c in reversed(standard_deck())]
    texts[0] = "10" + texts[0][1:] if texts[0].startswith("T") else texts[0]
    deck = deck_from(texts, standard_deck())
    assert deck == list(reversed(standard_deck()))


def test_deck_from_errors() -> None:
    texts = [str(c) for c in standard_deck()]
    with pytest.raises(ValueError, match="repeats"):
        deck_from(texts[:-1] + [texts[0]], standard_deck())
    with pytest.raises(ValueError, match="52 cards.*missing KS"):
        deck_from(texts[:-1], standard_deck())
    with pytest.raises(ValueError, match="51 cards.*not in the pack: KS"):
        deck_from(texts, standard_deck()[:-1])
    with pytest.raises(ValueError, match="not a card"):
        deck_from(texts[:-1] + ["ZZ"], standard_deck())
    with pytest.raises(ValueError, match="list of cards"):
        deck_from("7H7S", standard_deck())
    with pytest.raises(ValueError, match="list of cards"):
        deck_from(None, standard_deck())  # type: ignore[arg-type]  # bad input on purpose
    with pytest.raises(ValueError, match="not in the pack: 2C"):
        deck_from([str(c) for c in short_deck()[:-1]] + ["2C"], short_deck())
