"""Tile notations and encodings, against ``mahjong``'s TilesConverter and PyMahjongGB's codes.

The guarantee (see ``hupai_core::encoding``): text -> ids -> text is the identity on sorted tile
lists, red fives included; ids -> text -> ids is the identity on id sets that take the lowest
free copy (plain fives skip copy 0 when red fives are on); every bad input raises TileError.
"""

import random

import MahjongGB
import pytest
from mahjong.tile import TilesConverter

import hupai
from hands import mixed_hands, mpsz

KINDS = [f"{n}{s}" for s in "mps" for n in range(1, 10)] + [f"{n}z" for n in range(1, 8)]


def suits(text: str) -> dict[str, str]:
    """MPSZ text split per suit, as TilesConverter takes it."""
    out, digits = {}, ""
    for ch in text:
        if ch.isdigit():
            digits += ch
        else:
            out[{"m": "man", "p": "pin", "s": "sou", "z": "honors"}[ch]] = digits
            digits = ""
    return out


def test_every_kind_in_every_notation_round_trips() -> None:
    for k, kind in enumerate(KINDS):
        assert hupai.tiles(kind) == [kind]
        for text in (hupai.to_mjai(kind)[0], hupai.to_chinese(kind)[0], hupai.to_glyphs(kind)):
            assert hupai.tiles(text) == [kind], text
        assert hupai.from_gb(hupai.to_gb(kind)) == kind
        assert hupai.to_136(kind) == [4 * k + (1 if kind in ("5m", "5p", "5s") else 0)]
        counts = [0] * 34
        counts[k] = 1
        assert hupai.to_34(kind) == counts and hupai.from_34(counts) == kind


def test_red_fives() -> None:
    assert hupai.tiles("5mr 0p 5sr") == ["0m", "0p", "0s"]
    assert hupai.to_136("0m0p0s") == [16, 52, 88]
    assert hupai.from_136([16, 52, 88]) == "0m0p0s"
    assert hupai.from_136([16, 52, 88], red_fives=False) == "5m5p5s"
    assert hupai.to_136("5555m", red_fives=False) == [16, 17, 18, 19]
    assert hupai.to_mjai("0m") == ["5mr"] and hupai.to_gb("0m") == ["W5"]
    assert hupai.to_34("0m5m") == hupai.to_34("55m")
    assert hupai.normalize("5mr 5m 东 东 pon:发发发") == "05m11z pon:666z"


@pytest.mark.parametrize(
    "call",
    [
        lambda: hupai.tiles("8z"),
        lambda: hupai.tiles("123"),
        lambda: hupai.to_136("5555m"),
        lambda: hupai.to_136("0m", red_fives=False),
        lambda: hupai.to_136("11111z"),
        lambda: hupai.from_136([136]),
        lambda: hupai.from_136([3, 3]),
        lambda: hupai.from_gb(["H1"]),
        lambda: hupai.from_gb(["W0"]),
        lambda: hupai.to_34("11111m"),
        lambda: hupai.normalize("123m pon:778s"),
        lambda: hupai.normalize("1m*"[:-1] + "x"),
    ],
)
def test_bad_tiles_raise_tile_error(call) -> None:
    with pytest.raises(hupai.TileError):
        call()


def test_bad_counts_raise_input_error() -> None:
    with pytest.raises(hupai.InputError):
        hupai.from_34([5] + [0] * 33)
    with pytest.raises(hupai.InputError):
        hupai.from_34([0] * 33)


def test_136_ids_match_tiles_converter() -> None:
    rng = random.Random(14)
    for counts in mixed_hands(rng, 3000, sizes=(13, 14, 5, 1)):
        red = [rng.randint(0, min(1, counts[9 * s + 4])) for s in range(3)]
        # TilesConverter gives a fourth plain five copy 0 of the next kind: hupai rejects it.
        if any(counts[9 * s + 4] - red[s] == 4 for s in range(3)):
            with pytest.raises(hupai.TileError):
                hupai.to_136(mpsz(counts, red))
            continue
        text = mpsz(counts, red)
        ids = hupai.to_136(text)
        assert ids == sorted(TilesConverter.string_to_136_array(**suits(text), has_aka_dora=True))
        assert hupai.from_136(ids) == text == TilesConverter.to_one_line_string(ids, print_aka_dora=True)
        plain = mpsz(counts)
        plain_ids = hupai.to_136(plain, red_fives=False)
        assert plain_ids == sorted(TilesConverter.string_to_136_array(**suits(plain)))
        assert hupai.to_34(text) == counts == TilesConverter.to_34_array(ids)
        assert hupai.from_34(counts) == plain


def test_any_id_set_reads_like_tiles_converter() -> None:
    rng = random.Random(15)
    for _ in range(2000):
        ids = rng.sample(range(136), rng.randint(1, 14))
        assert hupai.from_136(ids) == TilesConverter.to_one_line_string(ids, print_aka_dora=True)
        assert hupai.from_136(ids, red_fives=False) == TilesConverter.to_one_line_string(ids)


def test_gb_codes_are_pymahjonggbs() -> None:
    # PyMahjongGB reads the codes: a hand's useful tiles come back in the same kinds.
    rng = random.Random(16)
    for counts in mixed_hands(rng, 300, sizes=(13,)):
        codes = hupai.to_gb(mpsz(counts))
        assert hupai.from_gb(codes) == mpsz(counts)
        shanten, useful = MahjongGB.RegularShanten(hand=tuple(codes))
        assert hupai.form_shanten(mpsz(counts), rules="mcr")["regular"] == shanten
    # The dragons: J1 red (7z), J2 green (6z), J3 white (5z), as in all green and the fans.
    assert hupai.to_gb("567z") == ["J3", "J2", "J1"]
    fans = MahjongGB.MahjongFanCalculator(
        pack=(), hand=tuple(hupai.to_gb("223344666s88s666z")[:-1]), winTile="J2", flowerCount=0,
        isSelfDrawn=False, is4thTile=False, isAboutKong=False, isWallLast=False, seatWind=0,
        prevalentWind=0)
    assert "绿一色" in [name for _, name in fans]
