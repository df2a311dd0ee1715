"""The ``/stats`` card (bot.pictures.stats_picture): a PNG of its scene's size in the shared
palette, every word placed, mirrored for a right-to-left language, and a chart drawn only
where there are values."""

from __future__ import annotations

import io
from typing import Any

from PIL import Image

from bot.pictures import Chart, Listing, StatsCard, Tile, running_total, stats_picture
from bot.pictures._scene import GAIN, LOSS, TextItem
from bot.pictures._stats import card_scene


def _card(*, rtl: bool = False, values: tuple[int, ...] = (30, -10, 45)) -> StatsCard:
    return StatsCard(
        title="آمار: علی" if rtl else "Stats: alice",
        subtitle="All games",
        tiles=(Tile("Deals played", "3"), Tile("Net", "+45", GAIN)),
        chart=Chart("Chips won", values, "No deals", low="-10", high="+45"),
        left=Listing("Per game", (("Palace Poker", "2 played"),)),
        right=Listing("Best hands", (), "No hand shown"),
        rtl=rtl,
        extra=("Achievements: 1 of 7",),
    )


def _near(colour: tuple[int, int, int], seen: set[Any]) -> bool:
    """Some pixel is ``colour`` as the shared palette keeps it (a few levels off)."""
    return any(max(abs(a - b) for a, b in zip(colour, pixel, strict=True)) <= 6 for pixel in seen)


def _words(card: StatsCard) -> dict[str, TextItem]:
    scene, _ = card_scene(card)
    return {i.text: i for i in scene.items if isinstance(i, TextItem)}


def test_running_total_is_the_chips_won_after_each_deal():
    assert running_total([30, -40, 25]) == (30, -10, 15)
    assert running_total([]) == ()


def test_a_card_is_a_png_of_its_scene_with_every_word_placed():
    card = _card()
    picture = stats_picture(card)
    image = Image.open(io.BytesIO(picture.data))
    scene, plot = card_scene(card)
    assert image.format == "PNG"
    assert image.size == (scene.width, scene.height) == (picture.width, picture.height)
    words = _words(card)
    for word in ("Stats: alice", "Deals played", "+45", "Palace Poker", "No hand shown"):
        assert word in words
    assert "Achievements: 1 of 7" in words
    assert "No deals" not in words  # there are values: the chart, not the empty word
    rgb = image.convert("RGB")
    line = {rgb.getpixel((x, y)) for x in range(plot[0], plot[2]) for y in range(plot[1], plot[3])}
    assert _near(GAIN, line)  # the line ends above zero: drawn in the gain colour


def test_a_losing_line_is_drawn_in_the_loss_colour_and_no_values_say_so():
    losing = _card(values=(-5, -20))
    image = Image.open(io.BytesIO(stats_picture(losing).data)).convert("RGB")
    _, plot = card_scene(losing)
    seen = {
        image.getpixel((x, y)) for x in range(plot[0], plot[2]) for y in range(plot[1], plot[3])
    }
    assert _near(LOSS, seen)
    assert not _near(GAIN, seen)
    assert "No deals" in _words(_card(values=()))


def test_a_right_to_left_card_reads_from_the_right():
    left, right = _words(_card()), _words(_card(rtl=True))
    assert left["Stats: alice"].anchor == "lm"
    assert left["Stats: alice"].x < 100
    title = right["آمار: علی"]
    assert title.anchor == "rm"
    assert title.x > 700
    assert right["Per game"].x > left["Per game"].x  # the lists swap sides
    assert Image.open(io.BytesIO(stats_picture(_card(rtl=True)).data)).format == "PNG"
