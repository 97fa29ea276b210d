"""Keeping games on this device, as a player meets it: full or blocked storage, two tabs on
one game, damaged saves that must never brick the page, delete with undo, backup and restore."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pywar.game import Game

from i18n import CATALOGUE
from saves import MemoryStorage, SaveStore, make_record
from saves_screen import IMPORT_FRAGMENT, pack_record, unpack_record
from viewmodel import App, find, text_of


def start(storage=None, kinds=("human", "human", "normal"), lang="pt", seed="7") -> App:
    app = App(storage if storage is not None else MemoryStorage(), lang=lang)
    for i, kind in enumerate(kinds):
        app.dispatch("seat-kind", str(i), kind)
    app.dispatch("seed", None, seed)
    app.dispatch("start")
    assert app.game is not None
    return app


def place_one(app: App) -> None:
    """The person to play taps one of their territories (placing one army)."""
    if app.curtain is not None:
        app.dispatch("curtain-open")
    g = app.game
    mine = [t for t in g.board.territories if g.owner[t] == g.current]
    app.dispatch("territory", mine[0])


def finish_placement(app: App) -> None:
    """Place every army of this turn, one tap at a time."""
    g = app.game
    me = g.current
    while g.current == me and g.phase == "reinforce":
        place_one(app)


def buttons(node, action: str) -> list[dict]:
    return find(node, lambda n: n["attrs"].get("data-action") == action)


def notice_text(app: App) -> str:
    return text_of(app.render()["notice"])


class DeniedStorage(MemoryStorage):
    """A browser that blocks storage (an embed with third-party storage blocked)."""

    durable = False


# ------------------------------------------------------------------ full storage
@pytest.mark.parametrize("lang", ["pt", "en"])
def test_full_storage_is_said_with_a_way_out_and_the_curtain_still_falls(lang):
    storage = MemoryStorage()
    app = start(storage, lang=lang)
    saved = storage.data[f"pywar:v1:save:{app.record['id']}"]
    # No room for this game's save at all: a save's length depends on the clock's digits,
    # so "one action longer" does not surely overflow (it failed once in CI that way).
    storage.quota = storage.used() - len(saved)
    place_one(app)
    assert app.storage_state == "full"
    cat = CATALOGUE[lang]
    assert cat["storage_full"] in notice_text(app)
    assert buttons(app.render()["notice"], "export-current")
    # what is stored is still the last good save: nothing half-written
    assert storage.data[f"pywar:v1:save:{app.record['id']}"] == saved
    # the way out: the game as it is now, in a file that loads to the same position
    effect = app.dispatch("export-current")
    assert effect["download"].endswith(".json") and "ana-bruno-carla" in effect["download"]
    assert Game.from_json(json.loads(effect["text"])["game"]).to_json() == app.game.to_json()
    # the turn passes to the other person: the curtain is never skipped
    finish_placement(app)
    while app.game.phase != "reinforce" or app.curtain is None:
        g = app.game
        if app.curtain is not None:
            break
        app.dispatch("end-attack" if g.phase == "attack" else "end-turn")
    assert app.curtain == app.game.current
    assert cat["storage_full"] in notice_text(app)


def test_room_made_by_clearing_finished_games_saves_again():
    storage = MemoryStorage()
    finished = Game.new("classic", [("X", "azul"), ("Y", "verde"), ("Z", "preto")], seed=1)
    from pywar.bot import SimpleBot

    bot = SimpleBot()
    while finished.phase != "over":
        finished.apply(bot.choose(finished))
    store = SaveStore(storage)
    seats = [{"name": p.name, "color": p.color, "kind": "normal"} for p in finished.players]
    store.save(make_record("old", finished, seats))
    app = start(storage)
    # Full: no room for this game's save at all (a save's length depends on the clock's
    # digits, so "one action longer" is not a sure way to overflow), but the finished
    # game's save, once deleted, leaves room for it.
    current = storage.data[app.store.key_of(app.record["id"])]
    storage.quota = storage.used() - len(current)
    assert len(storage.data["pywar:v1:save:old"]) > len(current) + 100
    place_one(app)
    assert app.storage_state == "full"
    assert buttons(app.render()["notice"], "clear-finished")
    app.dispatch("clear-finished")
    assert app.storage_state == "ok"
    assert app.render()["message"]["text"] == CATALOGUE["pt"]["storage_back"]
    stored = SaveStore(storage).load(app.record["id"])[1]
    assert stored.to_json() == app.game.to_json()


def two_games(storage: MemoryStorage, lang: str = "pt") -> tuple[App, str]:
    """Game A (classic) started, then game B (War Brasil) in play; A's id."""
    app = start(storage, lang=lang)
    first = app.record["id"]
    app.dispatch("screen", "setup")
    app.dispatch("variant", "brasil")
    app.dispatch("start")
    assert app.record["id"] != first
    return app, first


@pytest.mark.parametrize("lang", ["pt", "en"])
def test_an_undo_the_full_storage_refuses_keeps_its_undo_and_says_so(lang: str) -> None:
    """Storage full, a game deleted, Undo: "Saved game restored" was said and the game was
    gone (here the write raised, uncaught). Now the page says it could not come back, and
    Undo stays for when there is room."""
    storage = MemoryStorage()
    app, first = two_games(storage, lang)
    key = app.store.key_of(first)
    app.dispatch("screen", "saves")
    app.dispatch("delete", first)
    storage.quota = storage.used() + 10  # no room for it again
    app.dispatch("undo-delete")
    assert key not in storage.data
    refused = {"pt": "1 jogo apagado não pôde voltar", "en": "1 deleted game could not come"}
    assert app.message[0] == "error" and refused[lang] in app.message[1]
    assert [d[0] for d in app.deleted] == [first]
    assert buttons(app.render()["overlay"], "undo-delete")
    storage.quota = None  # room made
    app.dispatch("undo-delete")
    assert key in storage.data and not app.deleted
    assert app.message == ("info", CATALOGUE[lang]["save_restored"])
    assert app.store.raw(first) is not None


@pytest.mark.parametrize("lang", ["pt", "en"])
def test_the_last_game_the_storage_never_took_is_said_plainly(lang: str) -> None:
    """A new game started with the storage full: its pointer was stored, the game was not.
    After a reload the page said the last game "stays in Saved games" (it was not there)
    with the reason "(This saved game no longer exists.)"."""
    storage = MemoryStorage()
    app = start(storage, lang=lang)
    del storage.data[app.store.key_of(app.record["id"])]  # as the full storage left it
    again = App(storage, lang=lang)
    assert again.game is None and again.screen == "setup"
    assert again.message == ("error", CATALOGUE[lang]["last_game_not_kept"])
    assert again.store.current() is None


# ---------------------------------------------------------------- blocked storage
def test_blocked_storage_in_an_embed_offers_a_file_and_its_own_tab():
    app = start(DeniedStorage())
    app.dispatch(
        "env",
        None,
        json.dumps({"embed": True, "own_tab_url": "https://example.org/war/index.html?lang=pt"}),
    )
    assert app.storage_state == "blocked"
    notice = app.render()["notice"]
    assert CATALOGUE["pt"]["storage_blocked"] in text_of(notice)
    assert buttons(notice, "export-current")
    link = find(notice, lambda n: n["attrs"].get("data-role") == "own-tab")[0]
    href = link["attrs"]["href"]
    assert link["attrs"]["target"] == "_blank"
    assert href.startswith("https://example.org/war/index.html?lang=pt#" + IMPORT_FRAGMENT)
    # the new tab takes the same game in, with its own (working) storage
    fresh = App(MemoryStorage())
    fresh.dispatch("import-fragment", None, href.split("#", 1)[1])
    assert fresh.game is not None and fresh.game.to_json() == app.game.to_json()
    assert fresh.store.current() == fresh.record["id"]


def test_outside_an_embed_no_own_tab_link():
    app = start(DeniedStorage())
    app.dispatch("env", None, json.dumps({"embed": False, "own_tab_url": "https://x/"}))
    notice = app.render()["notice"]
    assert not find(notice, lambda n: n["attrs"].get("data-role") == "own-tab")


def test_a_damaged_fragment_is_refused_in_words():
    app = App(MemoryStorage())
    app.dispatch("import-fragment", None, IMPORT_FRAGMENT + "bm90IGEgZ2FtZQ")
    assert app.game is None and app.render()["message"]["kind"] == "error"
    with pytest.raises(Exception, match="save_damaged"):
        unpack_record("%%%")


# ----------------------------------------------------------------------- two tabs
def test_two_tabs_one_game_no_progress_is_lost():
    storage = MemoryStorage()
    tab_a = start(storage)
    tab_b = App(storage)  # the same game opened again, in another tab
    assert tab_b.record["id"] == tab_a.record["id"]
    for _ in range(3):
        place_one(tab_a)
    a_state = tab_a.game.to_json()
    place_one(tab_b)  # the stale tab moves: it must not write over A's three placements
    assert tab_b.conflict
    assert SaveStore(storage).load(tab_a.record["id"])[1].to_json() == a_state
    view = tab_b.render()
    assert CATALOGUE["pt"]["conflict_title"] in text_of(view["overlay"])
    # the stale tab can't play on while the dialog is up
    place_one(tab_b)
    assert SaveStore(storage).load(tab_a.record["id"])[1].to_json() == a_state
    # taking over loads A's progress here, and this tab writes from now on
    tab_b.dispatch("take-over")
    assert not tab_b.conflict and tab_b.game.to_json() == a_state
    place_one(tab_b)
    assert SaveStore(storage).load(tab_b.record["id"])[1].to_json() == tab_b.game.to_json()
    # and now A is the stale one: told as soon as the browser says B wrote
    tab_a.dispatch("storage-changed", SaveStore(storage).key_of(tab_a.record["id"]))
    assert tab_a.conflict and not tab_a.bot_to_move


@pytest.mark.parametrize("lang", ["pt", "en"])
def test_a_game_deleted_in_another_tab_while_played_here_is_kept_and_said(lang: str) -> None:
    """Tab B deletes the game tab A is playing: A said nothing, its next move wrote the
    game back but not the pointer to it, and a reload opened on New game (the pupil took
    the game for lost). Now A keeps it at once (save and pointer), says so, and offers
    to delete it here too."""
    storage = MemoryStorage()
    tab_a = start(storage, lang=lang)
    game_id = tab_a.record["id"]
    tab_b = App(storage, lang=lang)
    tab_b.dispatch("screen", "saves")
    tab_b.dispatch("delete", game_id)
    key = SaveStore(storage).key_of(game_id)
    assert key not in storage.data
    tab_a.dispatch("storage-changed", key)
    assert key in storage.data and SaveStore(storage).current() == game_id
    assert not tab_a.conflict
    notice = tab_a.render()["notice"]
    assert CATALOGUE[lang]["deleted_elsewhere"] in text_of(notice)
    place_one(tab_a)
    reloaded = App(storage, lang=lang)  # a reload resumes it
    assert reloaded.record["id"] == game_id
    assert reloaded.game.to_json() == tab_a.game.to_json()
    tab_a.dispatch("keep-here")
    assert tab_a.render()["notice"] is None
    # or deleted here too: with Undo, on Saved games
    tab_b.dispatch("screen", "saves")
    tab_b.dispatch("delete", game_id)
    tab_a.dispatch("storage-changed", key)
    tab_a.dispatch("delete-here")
    assert key not in storage.data and tab_a.game is None and tab_a.screen == "saves"
    assert buttons(tab_a.render()["overlay"], "undo-delete")


def test_the_deleted_elsewhere_bar_belongs_to_its_game_and_undo_keeps_the_newer_copy() -> None:
    """The review's finds: a new game started under the bar kept it, and "Delete it here
    too" deleted the new game; tab B's Undo wrote its older copy over the one A kept (A
    then met a false conflict); a finished game shown in A was written back, so deleting
    finished games freed no room."""
    storage = MemoryStorage()
    tab_a = start(storage)
    game_id = tab_a.record["id"]
    key = SaveStore(storage).key_of(game_id)
    tab_b = App(storage)
    tab_b.dispatch("screen", "saves")
    tab_b.dispatch("delete", game_id)
    tab_a.dispatch("storage-changed", key)
    place_one(tab_a)
    kept = storage.data[key]
    tab_b.dispatch("undo-delete")  # B's copy is older than the one A kept: not written
    assert storage.data[key] == kept and not tab_b.deleted
    tab_a.dispatch("storage-changed", key)
    assert not tab_a.conflict
    tab_a.dispatch("screen", "setup")
    tab_a.dispatch("start")  # another game: the bar was the old one's
    assert tab_a.record["id"] != game_id and tab_a.render()["notice"] is None
    tab_a.dispatch("delete-here")
    assert tab_a.game is not None and tab_a.record["id"] in {s.id for s in tab_a.store.list()}


def test_a_finished_game_deleted_in_another_tab_is_let_go() -> None:
    from pywar.bot import SimpleBot

    storage = MemoryStorage()
    finished = Game.new("classic", [("X", "azul"), ("Y", "verde"), ("Z", "preto")], seed=1)
    bot = SimpleBot()
    while finished.phase != "over":
        finished.apply(bot.choose(finished))
    seats = [{"name": p.name, "color": p.color, "kind": "normal"} for p in finished.players]
    store = SaveStore(storage)
    store.save(make_record("old", finished, seats))
    store.set_current("old")
    tab_a = App(storage)
    assert tab_a.screen == "over"
    tab_b = App(storage)
    tab_b.dispatch("clear-finished")
    tab_a.dispatch("storage-changed", store.key_of("old"))
    assert store.raw("old") is None and tab_a.render()["notice"] is None


def test_a_write_to_another_game_is_not_a_conflict():
    storage = MemoryStorage()
    tab_a = start(storage)
    tab_a.dispatch("storage-changed", "pywar:v1:save:someone-else")
    tab_a.dispatch("storage-changed", "pywar:v1:pref:lang")
    assert not tab_a.conflict


# ------------------------------------------------------------- damaged current save
def damaged_variants(record: dict) -> list[tuple[str, str]]:
    g = record["game"]
    out = [
        ("truncated", json.dumps(record)[:200]),
        ("not json", "{{{"),
        ("deep", "[" * 5000 + "]" * 5000),
        ("huge number", json.dumps(record).replace('"rev":0', '"rev":' + "9" * 400)),
        ("nan", json.dumps(record).replace('"rev":0', '"rev":NaN')),
    ]
    for key in list(g):
        broken = json.loads(json.dumps(record))
        broken["game"][key] = [[[[["x"]]]]]
        out.append((f"game.{key} replaced", json.dumps(broken)))
        broken = json.loads(json.dumps(record))
        del broken["game"][key]
        out.append((f"game.{key} missing", json.dumps(broken)))
    over = json.loads(json.dumps(record))
    over["game"]["phase"] = "over"
    out.append(("over without winner", json.dumps(over)))
    return out


def test_no_damaged_current_save_bricks_the_page():
    storage = MemoryStorage()
    app = start(storage)
    finish_placement(app)
    record = app.record
    key = f"pywar:v1:save:{record['id']}"
    other = MemoryStorage()
    other_app = start(other, seed="9")
    for name, text in damaged_variants(record):
        data = dict(other.data)
        data[key] = text
        data["pywar:v1:current"] = record["id"]
        page = App(MemoryStorage(data))
        view = page.render()  # the page becomes ready, whatever the save holds
        assert view["screen"] in ("saves", "play", "over"), name
        if page.game is None:
            assert "Não foi possível abrir" in view["message"]["text"], name
        # every other save is untouched
        assert (
            page.store.storage.data[f"pywar:v1:save:{other_app.record['id']}"]
            == other.data[f"pywar:v1:save:{other_app.record['id']}"]
        ), name


def test_an_exception_while_resuming_is_caught_the_same_way(monkeypatch):
    storage = MemoryStorage()
    start(storage)

    def boom(*_a, **_k):
        raise RuntimeError("unexpected")

    monkeypatch.setattr(App, "_maybe_curtain", boom)
    page = App(storage)
    assert page.screen == "saves" and page.game is None
    assert page.render()["message"]["kind"] == "error"


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**32))
def test_any_mutation_of_the_current_save_leaves_a_working_page(seed: int):
    rnd = random.Random(seed)
    storage = MemoryStorage()
    app = start(storage)
    place_one(app)
    key = f"pywar:v1:save:{app.record['id']}"
    text = storage.data[key]
    chars = list(text)
    for _ in range(rnd.randint(1, 8)):
        i = rnd.randrange(len(chars))
        chars[i] = rnd.choice('{}[]",:0123456789-eE.truefalsnul x')
    storage.data[key] = "".join(chars)
    page = App(storage)
    page.render()
    if page.game is not None:  # it loaded: it must play on and save
        place_one(page)
        page.render()


# ---------------------------------------------------- the saved-games screen itself
def test_saves_list_says_which_game_is_which():
    storage = MemoryStorage()
    first = start(storage, kinds=("human", "easy", "hard"))
    first.dispatch("variant", "brasil")
    second = start(storage, kinds=("human", "human", "normal"), seed="8")
    second.dispatch("screen", "saves")
    overlay = second.render()["overlay"]
    items = find(overlay, lambda n: n["tag"] == "li")
    assert len(items) == 2
    current = [n for n in items if n["attrs"].get("aria-current") == "true"]
    assert [n["attrs"]["data-save"] for n in current] == [second.record["id"]]
    text = text_of(overlay)
    assert "WAR clássico" in text and "em andamento nesta página" in text
    assert "Bruno (Computador fácil)" in text and "Carla (Computador difícil)" in text
    assert "rodada 1" in text and "Vez de " in text


def test_export_file_name_stays_short_with_six_long_names():
    """Six groups named to the field's 40 letters made a file name of 256 characters (a
    USB stick's FAT32 and Windows take 255 and 260): each name's start, as many whole as
    60 letters hold."""
    app = App(MemoryStorage())
    app.lang = "en"
    app.dispatch("variant", "brasil")
    for _ in range(3):
        app.dispatch("seat-add")
    for i in range(6):
        app.dispatch("seat-name", str(i), f"Group {i + 1} — Maria Eduarda, João Pedro, Ana"[:40])
    app.dispatch("start")
    name = app.dispatch("export", app.record["id"])["download"]
    assert len(name) <= 120, (len(name), name)
    assert name.startswith("pywar_war-brasil_group-1-maria-ed-group-2-maria-ed-group-3-maria-ed_")
    assert name.endswith(".json") and "_round-1_" in name


def test_export_file_name_says_which_game():
    app = start(MemoryStorage(), lang="en")
    effect = app.dispatch("export", app.record["id"])
    name = effect["download"]
    assert name.startswith("pywar_classic-war_ana-bruno-carla_round-1_") and name.endswith(".json")
    # said on the page too: a browser may download without a word
    assert app.render()["message"]["text"] == f"File saved for download: {name}"


def test_delete_offers_undo_and_undo_restores_exactly():
    storage = MemoryStorage()
    app = start(storage)
    save_id = app.record["id"]
    before = dict(storage.data)
    app.dispatch("screen", "saves")
    app.dispatch("delete", save_id)
    assert app.game is None and f"pywar:v1:save:{save_id}" not in storage.data
    view = app.render()
    assert buttons(view["overlay"], "undo-delete")
    # read out (the focus on Undo said only "Undo"); the bar's own words were not heard
    assert view["announce"]["text"] == "Jogo apagado."
    assert app.focus_target == ("action", "undo-delete")
    app.dispatch("undo-delete")
    assert storage.data == before
    assert App(storage).record["id"] == save_id


def test_a_game_opened_starts_placing_one_army_a_tap():
    """ "All" chosen in one game is not the next game's: a game opened (or started) places
    one army a tap until the player chooses otherwise."""

    def chosen(app) -> list[str]:
        return [
            b["attrs"]["data-arg"]
            for b in buttons(app.render()["panel"], "amount")
            if b["attrs"].get("aria-pressed") == "true"
        ]

    app = start(MemoryStorage(), lang="en")
    app.dispatch("curtain-open")
    app.dispatch("amount", "all")
    assert chosen(app) == ["all"]
    text = app.dispatch("export", app.record["id"])["text"]
    app.dispatch("import", None, text)
    app.dispatch("curtain-open")
    assert chosen(app) == ["1"]
    app.dispatch("amount", "5")
    app.dispatch("screen", "setup")
    app.dispatch("start")
    app.dispatch("curtain-open")
    assert chosen(app) == ["1"]


def test_a_deleted_game_restored_from_its_file_drops_the_deletes_undo():
    """Export, delete, restore from the file: "Game deleted. Undo" stayed above the restored
    game (and Undo would have written the old copy back over it)."""
    app = start(MemoryStorage(), lang="en")
    save_id = app.record["id"]
    app.dispatch("screen", "saves")
    text = app.dispatch("export", save_id)["text"]
    app.dispatch("delete", save_id)
    assert buttons(app.render()["overlay"], "undo-delete")
    app.dispatch("import", None, text)
    app.dispatch("screen", "saves")
    assert [s.id for s in app.store.list()] == [save_id]
    assert not buttons(app.render()["overlay"], "undo-delete")


def test_finished_games_cleared_in_one_place_with_undo():
    storage = MemoryStorage()
    store = SaveStore(storage)
    from pywar.bot import SimpleBot

    bot = SimpleBot()
    for n in range(2):
        g = Game.new("classic", [("X", "azul"), ("Y", "verde"), ("Z", "preto")], seed=n)
        while g.phase != "over":
            g.apply(bot.choose(g))
        store.save(
            make_record(
                f"done{n}",
                g,
                [{"name": p.name, "color": p.color, "kind": "normal"} for p in g.players],
            )
        )
    app = start(storage)
    app.dispatch("screen", "saves")
    assert buttons(app.render()["overlay"], "clear-finished")
    app.dispatch("clear-finished")
    assert [s.id for s in app.store.list()] == [app.record["id"]]
    assert "Jogos terminados apagados: 2." in text_of(app.render()["overlay"])
    app.dispatch("undo-delete")
    assert len(app.store.list()) == 3


def test_backup_and_restore_all_games_without_duplicates():
    storage = MemoryStorage()
    a = start(storage)
    start(storage, seed="8")
    effect = a.dispatch("backup")
    assert effect["download"].startswith("pywar-copia-")
    fresh = App(MemoryStorage())
    fresh.dispatch("import", None, effect["text"])
    assert len(fresh.store.list()) == 2
    fresh.dispatch("import", None, effect["text"])  # twice: still two
    assert len(fresh.store.list()) == 2
    assert {s.id for s in fresh.store.list()} == {s.id for s in a.store.list()}


def test_import_keeps_the_copy_with_more_progress():
    storage = MemoryStorage()
    app = start(storage)
    early = app.dispatch("export", app.record["id"])["text"]
    for _ in range(3):
        place_one(app)
    later = app.game.to_json()
    app.dispatch("import", None, early)
    assert len(app.store.list()) == 1
    assert app.game.to_json() == later


def test_persistent_storage_is_shown():
    app = start(MemoryStorage())
    app.dispatch("persist", "granted")
    app.dispatch("screen", "saves")
    assert CATALOGUE["pt"]["persist_granted"] in text_of(app.render()["overlay"])
    app.dispatch("persist", "denied")
    assert CATALOGUE["pt"]["persist_denied"] in text_of(app.render()["overlay"])


def test_ipad_safari_is_told_once_about_the_seven_days():
    storage = MemoryStorage()
    app = App(storage, lang="en")
    app.dispatch("env", None, json.dumps({"ios_tab": True}))
    assert "seven days" in notice_text(app) and "Home Screen" in notice_text(app)
    app.dispatch("dismiss-ios")
    assert app.render()["notice"] is None
    again = App(storage, lang="en")
    again.dispatch("env", None, json.dumps({"ios_tab": True}))
    assert again.render()["notice"] is None  # once
    again.dispatch("screen", "saves")  # still written where saves are managed
    assert "seven days" in text_of(again.render()["overlay"])


def test_pack_and_unpack_a_record():
    app = start(MemoryStorage())
    record = dict(app.record)
    assert unpack_record(pack_record(record)) == record


def test_the_saves_list_loads_a_save_again_only_when_it_changed(monkeypatch):
    storage = MemoryStorage()
    app = start(storage)
    start(storage, seed="8")
    loads = []
    original = Game.from_json.__func__

    def counting(cls, data):
        loads.append(1)
        return original(cls, data)

    monkeypatch.setattr(Game, "from_json", classmethod(counting))
    assert len(app.store.list()) == 2 and len(loads) == 2
    app.store.list()
    assert len(loads) == 2  # nothing changed: nothing replayed again
    storage.data[app.store.key_of(app.record["id"])] = "{broken"
    assert [s.damaged for s in app.store.list() if s.id == app.record["id"]] == ["save_damaged"]
    assert len(loads) == 2  # the damaged text is refused before any load


@pytest.mark.parametrize("lang", ["pt", "en"])
def test_a_finished_game_shown_is_not_said_to_be_in_play(lang: str) -> None:
    """The saved games said "in play on this page" above "Finished: Alex won": the game
    the page shows is "open" there once it is over."""
    app = start(MemoryStorage(), kinds=("normal", "easy", "easy"), lang=lang)
    while app.bot_to_move:
        app.bot_step()
    assert app.game.phase == "over"
    app.dispatch("screen", "saves")
    text = text_of(app.render()["overlay"])
    shown, in_play = {
        "pt": ("aberto nesta página", "em andamento"),
        "en": ("open on this page", "in play"),
    }[lang]
    assert shown in text and in_play not in text


@pytest.mark.parametrize(
    ("lang", "listed", "said"),
    [
        (
            "en",
            "Group 1 — Maria, João; Group 2 — Ana, Tom (Computer, normal); Group 3 — Li",
            "Group 1 — Maria, João; Group 2 — Ana, Tom; and Group 3 — Li",
        ),
        (
            "pt",
            "Group 1 — Maria, João; Group 2 — Ana, Tom (Computador normal); Group 3 — Li",
            "Group 1 — Maria, João; Group 2 — Ana, Tom; e Group 3 — Li",
        ),
    ],
)
def test_groups_named_with_commas_stay_apart_in_the_saved_games(
    lang: str, listed: str, said: str
) -> None:
    """A class's groups named with their pupils ("Group 1 — Maria, João"): the saved
    games listed "Maria, João, Group 2 — Ana, Tom, ..." (where does a group end?); names
    with commas are set apart by semicolons, in the list and in a sentence."""
    app = App(MemoryStorage())
    app.lang = lang
    app.dispatch("variant", "brasil")
    names = ["Group 1 — Maria, João", "Group 2 — Ana, Tom", "Group 3 — Li"]
    for i, name in enumerate(names):
        app.dispatch("seat-name", str(i), name)
    app.dispatch("start")
    app.dispatch("screen", "saves")
    assert listed in text_of(app.render()["overlay"])
    assert app.names_list(names) == said
    assert app.names_list(["Ana", "Bia", "Caio"]) == {"en": "Ana, Bia and Caio"}.get(
        lang, "Ana, Bia e Caio"
    )
