"""The card art: 52 distinct faces, one back, the marks, the shipped fonts."""

from __future__ import annotations

from bot.pictures import HAS_RAQM, back, face
from bot.pictures._fonts import fit, font, is_arabic_script, printable
from games.cards import FULL_DECK

from .helpers import digest


def test_every_card_face_is_distinct_and_none_is_the_back():
    for width in (52, 64, 100):
        faces = {digest(face(c.code, width).tobytes()) for c in FULL_DECK}
        assert len(faces) == 52
        assert digest(back(width).tobytes()) not in faces


def test_the_marks_change_a_face_and_the_back_is_one_image():
    plain = face("7h", 64).tobytes()
    assert face("7h", 64, wild=True).tobytes() != plain
    assert face("7h", 64, dim=True).tobytes() != plain
    assert back(64, dim=True).tobytes() != back(64).tobytes()
    assert back.__wrapped__(64).tobytes() == back(64).tobytes()  # drawn alike every time


def test_cards_have_the_card_shape_with_transparent_corners():
    art = face("As", 64)
    assert art.size == (64, 90)
    assert art.mode == "RGBA"
    alpha = art.getchannel("A")
    assert alpha.getpixel((0, 0)) == 0
    assert alpha.getpixel((32, 45)) == 255


def test_the_shipped_fonts_load_and_arabic_script_gets_its_font():
    assert font(20).getname()[0] == "DejaVu Sans"
    assert font(20, arabic=True).getname()[0] == "Noto Sans Arabic"
    assert is_arabic_script("محمد")
    assert is_arabic_script("سنڌي")
    assert not is_arabic_script("Émile")
    assert isinstance(HAS_RAQM, bool)


def test_names_lose_emoji_and_are_cut_to_fit():
    assert printable("Ann 🎲\ufe0f  Lee") == "Ann Lee"
    cut = fit("Chandrasekhar Venkataraman", 24, 150, bold=True)
    assert cut.endswith("…")
    assert font(24, bold=True).getlength(cut) <= 150
    assert fit("Jo", 24, 150) == "Jo"
