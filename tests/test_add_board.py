"""Adding a board is adding one folder (docs/boards.md): in a copy of the project, a new
folder ``pywar/variants/ilhas/`` (its declaration, board, map and thumbnail, nothing else
touched) is a game the engine plays to the end, the bots play, the validator accepts, the
page lists by its own name in both languages, and the build serves its maps."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
NEW_ID = "ilhas"


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of pywar/ and web/ with one board folder more (made from the classic one)."""
    if not (ROOT / "web").is_dir():  # pragma: no cover - the Pyodide run has no build tree
        pytest.skip("web/ is not in this copy of the project")
    root = tmp_path_factory.mktemp("project")
    ignore = shutil.ignore_patterns("__pycache__")
    shutil.copytree(ROOT / "pywar", root / "pywar", ignore=ignore)
    shutil.copytree(ROOT / "web", root / "web", ignore=ignore)
    classic = ROOT / "pywar" / "variants" / "classic"
    folder = root / "pywar" / "variants" / NEW_ID
    folder.mkdir()
    board = json.loads((classic / "board.json").read_text(encoding="utf-8"))
    board["id"] = NEW_ID
    board["name"] = {"pt": "WAR das Ilhas: o arquipélago", "en": "Island WAR: the archipelago"}
    board["short_name"] = {"pt": "WAR das Ilhas", "en": "Island WAR"}
    (folder / "board.json").write_text(json.dumps(board, ensure_ascii=False), encoding="utf-8")
    shutil.copy(classic / "map.svg", folder / "map.svg")
    shutil.copy(classic / "thumb.svg", folder / "thumb.svg")
    (folder / "__init__.py").write_text(
        textwrap.dedent(
            f"""\
            from ..spec import Variant

            VARIANT = Variant(id="{NEW_ID}", board_id="{NEW_ID}", order=1, max_players=4)
            """
        ),
        encoding="utf-8",
    )
    return root


def run(project: Path, code: str) -> str:
    """Run ``code`` with the copy's pywar/ and web/ first on the path; its stdout."""
    env = {**os.environ, "PYTHONPATH": f"{project}{os.pathsep}{project / 'web'}"}
    done = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code)],
        cwd=project,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_the_new_folder_is_a_variant_the_engine_and_the_bots_play(project: Path) -> None:
    out = run(
        project,
        f"""
        import pywar
        from pywar.ai import make_bot
        from pywar.game import Game
        from pywar.variants import VARIANTS
        assert pywar.__file__.startswith({str(project)!r}), pywar.__file__
        print(list(VARIANTS))
        seats = [("Ana", "azul"), ("Bia", "verde"), ("Caio", "preto")]
        game = Game.new("{NEW_ID}", seats, seed=3)
        bots = [make_bot(level, seed=i) for i, level in enumerate(("hard", "normal", "easy"))]
        while game.phase != "over" and game.round <= 200:
            game.apply(bots[game.current].choose(game))
        again = Game.from_json(game.to_json())
        assert again.to_json() == game.to_json() and game.replayed().to_json() == game.to_json()
        print(game.phase, game.variant.id)
        """,
    )
    assert out.splitlines() == [
        # order=1, as WAR II's: the tie goes by id
        f"['classic', '{NEW_ID}', 'war2', 'mitologicas', 'brasil']",
        f"over {NEW_ID}",
    ]


def test_the_validator_accepts_the_new_board(project: Path) -> None:
    board = project / "pywar" / "variants" / NEW_ID / "board.json"
    out = run(
        project,
        f"import sys; from pywar.__main__ import main; "
        f"sys.exit(main(['board', 'validate', {str(board)!r}]))",
    )
    assert out.strip().endswith(f"ok, board '{NEW_ID}' with 42 territories in 6 continents")


def test_the_page_lists_the_new_board_by_its_own_name_and_starts_it(project: Path) -> None:
    out = run(
        project,
        f"""
        from saves import MemoryStorage
        from viewmodel import App, find, text_of
        for lang in ("pt", "en"):
            app = App(MemoryStorage(), lang=lang)
            screen = app.render()["overlay"]
            cards = find(screen, lambda n: n["attrs"].get("data-action") == "variant")
            names = [text_of(c) for c in cards if c["attrs"].get("data-arg") == "{NEW_ID}"]
            print(names[0].split(" 3")[0])
            app.dispatch("variant", "{NEW_ID}")
            app.dispatch("start")
            print(app.game.variant.id, app.game.board.id)
        """,
    )
    assert out.splitlines() == [
        "WAR das Ilhas",
        f"{NEW_ID} {NEW_ID}",
        "Island WAR",
        f"{NEW_ID} {NEW_ID}",
    ]


def test_the_build_serves_the_new_board_s_map_and_thumbnail(
    project: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    if not (ROOT / "buildtools").is_dir():  # pragma: no cover - the Pyodide run's copy
        pytest.skip("buildtools/ is not in this copy of the project")
    sys.path.insert(0, str(ROOT))
    try:
        from buildtools import site
    finally:
        sys.path.remove(str(ROOT))
    monkeypatch.setattr(site, "VARIANTS_DIR", project / "pywar" / "variants")
    served = {path for _src, path in site.map_files()}
    assert {f"maps/{NEW_ID}.svg", f"maps/thumbs/{NEW_ID}.svg"} <= served
    assert "maps/classic.svg" not in served  # inlined in index.html
