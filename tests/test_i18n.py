"""The page's texts: every catalogue entry formats on every board in both languages, and the
boards' own words (warriors, regions, states) are parameters, never a rewrite of a template."""

from __future__ import annotations

import re
from string import Formatter
from typing import Any

import pytest

from pywar.game import Game
from pywar.variants import VARIANTS

import viewmodel  # noqa: F401 - merges the WAR II page's texts into the catalogue
from i18n import CATALOGUE, t
from rules_help import rules_for
from saves import MemoryStorage, make_record
from viewmodel import App, text_of

LANGS = ("pt", "en")
BOARDS = ("classic", "war2", "mitologicas", "brasil")
#: Parameters that carry a number; every other one is a piece of text (a name, a place...).
NUMBERS = {"n", "count", "armies", "lost", "killed", "max", "round", "step", "last", "low",
           "high", "value", "flying", "base", "box", "limit", "room", "turn", "stage", "shot",
           "destroyed", "returned", "aa", "bombs", "bombers", "air_base"}


def placeholders(template: str) -> set[str]:
    """The names a template reads, e.g. ``{n}`` and ``{board.armies}`` give n and board."""
    names = set()
    for _text, field, _spec, _conv in Formatter().parse(template):
        if field is not None:
            names.add(re.split(r"[.\[]", field, maxsplit=1)[0])
    return names


def params_for(template: str) -> dict[str, Any]:
    """Values for every parameter a template needs (the board's words come from t itself)."""
    return {name: 5 if name in NUMBERS else f"‹{name}›"
            for name in placeholders(template) - {"board"}}


def entries() -> list[tuple[str, str]]:
    return [(lang, key) for lang in LANGS for key in sorted(CATALOGUE[lang])]


@pytest.mark.parametrize("board", BOARDS)
def test_every_entry_formats_on_every_board_in_both_languages(board: str) -> None:
    assert set(CATALOGUE["pt"]) == set(CATALOGUE["en"])
    for lang, key in entries():
        template = CATALOGUE[lang][key]
        params = params_for(template)
        text = t(lang, key, board, **params)
        assert "{" not in text and "}" not in text, (lang, key, board, text)
        for value in params.values():
            assert str(value) in text, (lang, key, board, text)


@pytest.mark.parametrize("variant", sorted(VARIANTS))
@pytest.mark.parametrize("lang", LANGS)
def test_rules_help_formats_in_the_boards_words(variant: str, lang: str) -> None:
    sections = rules_for(variant, lang)
    text = " ".join(h + " " + " ".join(ps) for h, ps in sections)
    assert sections and "{" not in text and "}" not in text
    if variant == "mitologicas":
        word = {"pt": "guerreiros", "en": "warriors"}[lang]
        assert word in text and text.count(word) >= 5
        assert ("exército" if lang == "pt" else "armies") not in text
    if variant == "brasil":
        assert ("estados" if lang == "pt" else "states") in text


def test_mitologicas_rules_read_naturally_in_portuguese() -> None:
    text = " ".join(" ".join(ps) for _h, ps in rules_for("mitologicas", "pt"))
    # the old rewording turned "o continente" and "continente inteiro" into these
    for garbled in ("o região", "do região", "região inteiro", "próprio região",
                    "um guerreiros", "Guerreiros recebidas"):
        assert garbled not in text
    assert "Guerreiros recebidos: metade dos seus territórios" in text
    assert "Um guerreiro sempre fica" in text


def test_a_template_cannot_take_the_boards_name_as_a_parameter() -> None:
    with pytest.raises(ValueError):
        t("pt", "to_place", "classic", n=1, board="x")


def board_app(variant: str, lang: str, names: list[str], whole: str | None = None,
              current: int = 0) -> App:
    """A page in ``lang`` playing ``variant`` with people, seat 0 holding region ``whole``."""
    board = VARIANTS[variant].board
    seats = [(name, color) for name, color in zip(names, ("azul", "vermelho", "verde"),
                                                     strict=False)]
    territories = list(board.territories)
    owner = {tid: i % len(seats) for i, tid in enumerate(territories)}
    if whole:
        owner.update(dict.fromkeys(board.continents[whole].territories, 0))
    game = Game.scenario(variant, seats, owner, current=current, seed=5, round=2)
    app = App(MemoryStorage(), lang=lang)
    app.game = game
    app.seats = [{"name": n, "color": c, "kind": "human"} for n, c in seats]
    app.record = make_record(app.store.new_id(), game, app.seats)
    app.store.save(app.record)
    app.screen = "play"
    return app


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize(("variant", "region"), [("mitologicas", "peloponeso"),
                                                 ("brasil", "sul")])
def test_each_board_renders_with_a_whole_region_held(variant: str, region: str,
                                                     lang: str) -> None:
    """The crash of issue 13: English with a region held raised KeyError 'region'."""
    names = ["{armies} continent", "Ana {region}", "warriors"]
    app = board_app(variant, lang, names, whole=region)
    g = app.game
    assert any(k.startswith("continent:") for k in g.pools)
    view = app.render()
    panel = text_of(view["panel"])
    words = {("mitologicas", "pt"): "Guerreiros a colocar",
             ("mitologicas", "en"): "Warriors to place",
             ("brasil", "pt"): "Exércitos a colocar", ("brasil", "en"): "Armies to place"}
    assert words[(variant, lang)] in panel
    assert "{armies} continent" in panel  # player text is never reworded
    def unnamed(text: str) -> str:
        for name in names:
            text = text.replace(name, "")
        return text

    for info in view["board"]["territories"].values():
        assert "{" not in unnamed(info["label"])
    own = next(tid for tid in g.board.continents[region].territories)
    app.dispatch("territory", own)
    assert app.render()["message"] is None
    for screen in ("rules", "history", "stats", "saves", "setup"):
        app.dispatch("screen", screen)
        overlay = text_of(app.render()["overlay"])
        assert overlay and "{" not in unnamed(overlay)
