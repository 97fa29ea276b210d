"""The page's session (web/session.py): the frames web/page.js writes, as a player's taps
produce them, with no browser."""

from __future__ import annotations

import json
from typing import Any

import pytest

from pywar.board import load_board
from pywar.variants import get_variant

from saves import MemoryStorage, MirroredStorage
from session import Session, view_key
from variant_ui import DEFAULT_VARIANT
from viewmodel import App, find, text_of


def started(storage: MemoryStorage | None = None, **app: Any) -> tuple[Session, dict[str, Any]]:
    """A session started as page.js starts it, and its first frame (the take-over's)."""
    session = Session(App(storage or MemoryStorage(), lang="en", entropy=7, **app))
    board_id = get_variant(DEFAULT_VARIANT).board_id
    territories = list(load_board(board_id).territories)
    start = {
        "kind": "start",
        "board_id": board_id,
        "territories": territories,
        "anchors": {t: [float(i), 0.0] for i, t in enumerate(territories)},
        "env": {"embed": False, "ios_tab": False, "own_tab_url": "http://localhost/"},
        "fragment": None,
    }
    assert session.handle(start) is None
    frame = session.handle({"kind": "take-over", "events": [], "stamps": {}})
    assert frame is not None
    return session, frame


def send(session: Session, action: str, arg: str | None = None, value: str | None = None) -> Any:
    return session.handle({"kind": "send", "action": action, "arg": arg, "value": value})


def test_the_first_frame_writes_every_slot_and_the_next_only_what_changed() -> None:
    session, frame = started()
    assert frame["screen"] == "setup" and frame["overlay"] and not frame["curtain"]
    assert set(frame["slots"]) == {"header", "panel", "overlay", "curtain", "notice", "choice"}
    assert frame["lang"] == "en" and frame["title"]
    assert frame["brand"] == "Classic WAR"  # the top bar names the game shown
    same = session.render()
    assert same["slots"] == {} and same["paint"] == [] and same["input"] == []


def test_typing_on_the_first_screen_keeps_it_and_a_tap_redraws_it() -> None:
    app = App(MemoryStorage(), lang="en", entropy=7)
    first = app.render()
    stamps = {"header": view_key(first["header"]), "overlay": view_key(first["overlay"])}
    session = Session(app)
    typed = session.handle(
        {"kind": "take-over", "events": [["input", "seat-name", "0", "Zé"]], "stamps": stamps}
    )
    assert typed is not None
    assert "overlay" not in typed["slots"] and "header" not in typed["slots"]
    assert app.form["seats"][0]["name"] == "Zé"

    app = App(MemoryStorage(), lang="en", entropy=7)
    session = Session(app)
    tapped = session.handle(
        {"kind": "take-over", "events": [["click", "seat-add", None, None]], "stamps": stamps}
    )
    assert tapped is not None and "overlay" in tapped["slots"]
    assert len(app.form["seats"]) == len(app.default_form()["seats"]) + 1


def test_typing_is_kept_in_the_model_with_no_frame() -> None:
    session, _ = started()
    assert (
        session.handle({"kind": "input", "action": "seat-name", "arg": "0", "value": "Ana"}) is None
    )
    assert session.app.form["seats"][0]["name"] == "Ana"


def test_a_game_paints_the_board_then_only_what_a_placement_changed() -> None:
    session, _ = started()
    for seat in session.app.form["seats"]:
        seat["kind"] = "human"
    session.app.form["seed"] = "1"
    frame = send(session, "start")
    assert frame["screen"] == "play"
    assert frame["effects"] == {"persist": True}  # asked once a game is in play
    assert len(frame["paint"]) == len(session.territory_ids) == 42
    assert all(owner is not None for _, owner, *_ in frame["paint"])
    frame = send(session, "curtain-open")
    assert not frame["curtain"] and "effects" not in frame
    game = session.app.game
    assert game is not None
    mine = game.territories_of(game.current)[0]
    before = game.armies[mine]
    send(session, "amount", "1")
    frame = send(session, "pick", mine)
    assert game.armies[mine] == before + 1
    painted = {op[0]: op for op in frame["paint"]}
    assert list(painted) == [mine] and painted[mine][2] == str(before + 1)


def test_a_badge_past_five_digits_says_thousands_and_its_label_the_count() -> None:
    """A stack of 123,456 (saves take up to a billion) spilled its six digits over the
    next territory: the badge says 123k, the territory's label the whole count."""
    session = siege(MemoryStorage(), brasil=123_456, argelia=99_999)
    session.territory_ids = list(session.app.game.board.territories)  # as the page sends them
    painted = {op[0]: op for op in session.render()["paint"]}
    assert painted["argelia"][2] == "99999"
    assert painted["brasil"][2].endswith("k") and len(painted["brasil"][2]) <= 5
    assert session.app.whole(session.app.game.armies["brasil"]) in painted["brasil"][4]
    assert "123.462 exércitos" in painted["brasil"][4]  # grouped as pt_BR writes it


def test_bots_play_through_the_pages_timers() -> None:
    session, _ = started()
    result = session.handle({"kind": "bench", "name": "botsOnly", "args": ["easy", None, 3]})
    assert result is not None and result["timers"]["bot"] is not None
    game = session.app.game
    assert game is not None
    for _ in range(400):
        frame = session.handle({"kind": "bot"})
        assert frame is not None
        if "screen" not in frame:  # a step that only thought: the timers alone
            assert set(frame) == {"timers"}
        if frame["timers"]["bot"] is None:
            break
    assert len(game.log) > 10


def test_an_export_is_a_download_for_the_page() -> None:
    session, _ = started()
    result = session.handle({"kind": "bench", "name": "newGame"})
    assert result is not None and len(result["result"]) == 14
    frame = send(session, "export-current")
    name, text = frame["effects"]["download"]
    assert name.endswith(".json") and json.loads(text)["id"]


def test_another_tabs_write_and_the_browsers_answers_come_as_messages() -> None:
    storage = MemoryStorage()
    session, _ = started(storage)
    frame = session.handle({"kind": "storage", "key": "pywar:pref:lang"})
    assert frame is not None and frame["screen"] == "setup"
    frame = session.handle({"kind": "fullscreen", "on": True})
    assert frame is not None and session.app.is_fullscreen
    assert session.handle({"kind": "persist", "granted": True}) is not None


def test_an_unknown_message_is_refused() -> None:
    session, _ = started()
    with pytest.raises(ValueError, match="unknown message"):
        session.handle({"kind": "nonsense"})


def test_a_worker_session_hands_its_writes_to_the_page_and_hears_back() -> None:
    """In a worker the storage is the page's: the frames carry the writes, and the page's
    word on them ("full", then "ok") is what the player is told."""
    storage = MirroredStorage()
    session, _ = started(storage)
    assert storage.take_writes() == []  # the start wrote nothing to report late
    result = session.handle({"kind": "bench", "name": "newGame"})
    assert result is not None
    written = dict(result["writes"])
    [save_key] = [k for k in written if ":save:" in k]
    assert written["pywar:v1:current"] == save_key.rsplit(":", 1)[1]
    assert storage.get(save_key) == written[save_key]  # the copy is what the page will hold
    assert session.app.storage_state == "ok"
    frame = session.handle({"kind": "stored", "state": "full"})
    assert frame is not None and session.app.storage_state == "full"
    assert "writes" not in frame
    frame = session.handle({"kind": "stored", "state": "ok"})
    assert frame is not None and session.app.storage_state == "ok"
    assert frame["message"] is not None and frame["message"]["kind"] == "info"


@pytest.mark.parametrize("lang", ["pt", "en"])
def test_a_game_the_page_could_not_write_is_named_with_a_file_to_save_it_to(lang: str) -> None:
    """In a worker, Undo of a delete writes the game back to the worker's copy, always
    accepted; the page's write was refused (storage full), "Saved game restored" was said,
    the bar said the game in play was not kept (it was), and a reload lost the game. Now
    the page names the keys it could not write: the bar names the game, offers its file,
    and says nothing against the game in play."""
    from i18n import CATALOGUE

    storage = MirroredStorage()
    session, _ = started(storage)
    app = session.app
    app.dispatch("lang", lang)
    first_record = None
    for variant in ("classic", "brasil"):
        app.dispatch("screen", "setup")
        app.dispatch("variant", variant)
        app.dispatch("start")
        first_record = first_record or app.record
    first = first_record["id"]
    app.dispatch("screen", "saves")
    app.dispatch("delete", first)
    app.dispatch("undo-delete")
    key = app.store.key_of(first)
    frame = session.handle({"kind": "stored", "state": "full", "pending": [key]})
    assert frame is not None
    said = app.tr_count("storage_games_unkept", 1, games=app.games_named([first]))
    assert frame["message"] == {"kind": "error", "text": said}
    game = {
        "pt": "NÃO foi guardado: WAR clássico de Ana, Bruno e Carla, rodada 1. Ele só existe",
        "en": "was NOT kept: Classic WAR with Ana, Bruno and Carla, round 1. It exists only",
    }
    assert game[lang] in said
    notice = app.render()["notice"]
    assert said in text_of(notice) and CATALOGUE[lang]["storage_full"] not in text_of(notice)
    (export,) = [b for b in find(notice, lambda n: n["attrs"].get("data-action") == "export")]
    assert export["attrs"]["data-arg"] == first
    effect = app.dispatch("export", first)  # the file holds the game the storage refused
    assert json.loads(effect["text"])["id"] == first
    # the game in play refused too: the bar says so, and still offers the other's file
    session.handle(
        {"kind": "stored", "state": "full", "pending": [key, app.store.key_of(app.record["id"])]}
    )
    notice = app.render()["notice"]
    assert CATALOGUE[lang]["storage_full"] in text_of(notice)
    assert find(notice, lambda n: n["attrs"].get("data-arg") == first)
    frame = session.handle({"kind": "stored", "state": "ok", "pending": []})
    assert app.pending_ids == [] and app.render()["notice"] is None
    assert frame["message"]["text"] == CATALOGUE[lang]["storage_back"]


def test_a_game_deleted_in_another_tab_keeps_its_pointer_in_a_worker() -> None:
    """Tab B's delete removes two keys, the save and the pointer to it: the worker's tab
    wrote both back at the first, then the second removed the pointer from its copy only
    (the browser kept it): a later delete here left the pointer behind."""
    storage = MirroredStorage()
    session, _ = started(storage)
    app = session.app
    app.dispatch("start")
    storage.take_writes()
    game_id = app.record["id"]
    key, current = app.store.key_of(game_id), app.store.current_key()
    written: dict[str, str | None] = {}
    for removed in (key, current):  # what the page hears of B's delete, key by key
        frame = session.handle({"kind": "storage", "key": removed, "value": None})
        written.update(dict(frame.get("writes") or []))  # what the page then writes
    assert written[current] == game_id and written[key] is not None
    assert app.store.current() == game_id and storage.get(key) is not None


def test_another_tabs_write_reaches_the_workers_copy() -> None:
    storage = MirroredStorage({"pywar:v1:pref:lang": "pt"})
    session, _ = started(storage)
    session.handle({"kind": "storage", "key": "pywar:v1:pref:lang", "value": "en"})
    assert storage.get("pywar:v1:pref:lang") == "en"
    session.handle({"kind": "storage", "key": "pywar:v1:pref:lang", "value": None})
    assert storage.get("pywar:v1:pref:lang") is None
    assert storage.take_writes() == []  # the page's own news is not written back


class CountingStorage(MemoryStorage):
    """A :class:`MemoryStorage` that counts its writes of each key."""

    def __init__(self, quota: int | None = None) -> None:
        super().__init__(quota=quota)
        self.writes: dict[str, int] = {}

    def set(self, key: str, value: str) -> None:
        super().set(key, value)
        self.writes[key] = self.writes.get(key, 0) + 1


def siege(storage: MemoryStorage, brasil: int = 400, argelia: int = 700) -> Session:
    """Ana's blitz of Brasil's 400 armies on Argélia's 700, chosen (floor 1), in a session."""
    from test_web_play import brasil_on_argelia

    app = brasil_on_argelia({"brasil": brasil, "argelia": argelia})
    app.store.storage = storage
    app.store.save(app.record)
    return Session(app)


@pytest.mark.parametrize("all_rolls", [True, False])
def test_a_blitz_rolled_at_once_stores_the_game_once_and_whole(all_rolls: bool) -> None:
    """Less motion asked for: the blitz rolls to its end in one step, which stores the game
    once after its last roll, not once a roll (the reloaded game is the one on screen); a
    blitz rolled a tick at a time still stores every tick's rolls."""
    storage = CountingStorage()
    session = siege(storage)
    app = session.app
    key = next(k for k in storage.data if app.record["id"] in k and "index" not in k)
    storage.writes.clear()
    send(session, "blitz")
    pace = app.blitz_pace()  # (some 1,100 armies) / 3 a roll / 40 ticks: 10 a tick
    ticks = 0
    while app.blitz_running:
        session.handle({"kind": "blitz", "all": all_rolls})
        ticks += 1
    rolls = app.blitz_report["rolls"]
    assert rolls > 20 and pace == 10
    assert storage.writes[key] == ticks
    assert ticks == (1 if all_rolls else -(-rolls // pace))
    _record, stored = App(storage).store.load(app.record["id"])  # as a reload reads it
    assert stored.to_json() == app.game.to_json()  # the game after the blitz, every roll


def test_a_blitz_rolled_at_once_says_when_storage_is_full() -> None:
    """The one write after a blitz rolled at once is refused: the page says so, as after
    any action, and the blitz's rolls stay on the board."""
    session = siege(MemoryStorage())
    app = session.app
    app.store.storage.quota = app.store.storage.used()  # full from now on
    send(session, "blitz")
    frame = session.handle({"kind": "blitz", "all": True})
    assert not app.blitz_running and app.blitz_report["rolls"] > 20
    assert app.storage_state == "full"
    notice = json.loads(frame["slots"]["notice"])
    assert app.tr("storage_full") in text_of(notice) and app.tr("save_to_file") in text_of(notice)


@pytest.mark.parametrize(
    ("brasil", "argelia", "pace", "most_ticks"), [(30, 20, 1, 30), (9000, 4300, 111, 45)]
)
def test_a_blitz_of_thousands_ends_in_tens_of_ticks_not_thousands(
    brasil: int, argelia: int, pace: int, most_ticks: int
) -> None:
    """Two stacks of thousands blitzed roll by roll (a roll a tick, some 7 a second) for
    minutes; a blitz now rolls several times a tick when it would take more than 40 ticks,
    and one roll a tick, each seen, when it is short."""
    session = siege(MemoryStorage(), brasil, argelia)
    app = session.app
    send(session, "blitz")
    assert app.blitz_pace() == pace
    ticks = 0
    while app.blitz_running:
        session.handle({"kind": "blitz", "all": False})
        ticks += 1
    rolls = app.blitz_report["rolls"]
    assert ticks <= most_ticks
    if pace == 1:
        assert rolls == ticks  # a short blitz: every roll on the board in turn
    else:
        assert rolls > (ticks - 1) * pace  # every tick but the last rolls the pace whole
    assert app.blitz_report["reason"] in ("conquered", "no_armies")
