"""Words the second playtest's readers found wrong (issue 33.10): German's singular "aufgedeckt
wurde" after several rejected banners, and Arabic naming the house with two words."""

from __future__ import annotations

from pathlib import Path

from babel.messages.pofile import read_po

from bot.text import LOCALE_DIR, catalog, msg


def test_a_german_reader_of_several_rejected_banners_reads_no_singular_wurde():
    said = catalog("de").text(
        msg("palace.event.banner_rejected", player="Bob", banner="K♠", rejected="2♠ 7♠")
    )
    assert "2♠ 7♠" in said
    assert "wurde" not in said, said


def _templates(language: str, name: str) -> dict[str, str]:
    found: dict[str, str] = {}
    with (LOCALE_DIR / language / name).open("rb") as handle:
        for message in read_po(handle, locale=language):
            forms = message.string
            text = forms if isinstance(forms, str) else " ".join(str(f) for f in forms or ())
            found[str(message.id)] = text
    return found


def test_an_arabic_reader_meets_one_word_for_the_house():
    house = catalog("ar").text(msg("common.house"))
    for po in sorted(Path(LOCALE_DIR / "en").glob("*.po")):
        if po.name == "commands.po":  # Discord has no Arabic command locale
            continue
        english, arabic = _templates("en", po.name), _templates("ar", po.name)
        for id_, text in english.items():
            if "house" in text.lower() and "full house" not in text.lower():
                assert house in arabic[id_], (id_, arabic[id_])
                assert "البيت" not in arabic[id_], (id_, arabic[id_])
