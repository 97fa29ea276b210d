"""The saved-games screen and what the page says about keeping games on this device.

Plain view nodes from the state of an :class:`viewmodel.App`: the list of saves (board,
players, round, whose turn, which one is in play), backup and restore, delete with undo,
the notice when the browser will not store (full or blocked storage), the dialog when
another tab played on, and the warning for iPad/iPhone Safari's seven-day limit.
"""

from __future__ import annotations

import base64
import json
import re
import time
import unicodedata
import zlib
from typing import Any, Protocol

from i18n import names_separator
from nodes import Node, button, h
from saves import SaveError, SaveStore, SaveSummary, bounded_json, record_from_data


class App(Protocol):
    """What these views read of the view model (:class:`viewmodel.App`; importing it here
    would make a cycle)."""

    game: Any
    record: dict[str, Any] | None
    store: SaveStore
    storage_state: str
    deleted: list[tuple[str, str, bool]]
    pending_ids: list[str] | None
    own_tab_blocked: bool
    deleted_elsewhere: str | None
    persist: bool | None
    env: dict[str, Any]

    def tr(self, key: str, **kw: Any) -> str: ...
    def finished_saves(self) -> list[str]: ...
    def deleted_words(self) -> str: ...
    def game_names(self, save_ids: list[str]) -> dict[str, str]: ...
    def tr_count(self, key: str, n: int, **kw: Any) -> str: ...
    def ios_notice_due(self) -> bool: ...


#: The fragment that carries a game to a page opened in its own tab (see :func:`own_tab_url`).
IMPORT_FRAGMENT = "pywar-import="


def slug(text: str) -> str:
    """Text fit for a file name: ASCII letters, digits and dashes.

    >>> slug("Fábio & Ana: WAR clássico")
    'fabio-ana-war-classico'
    """
    plain = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z0-9]+", "-", plain.lower()).strip("-")[:60]


#: The longest part of an exported file's name the players' names take (six names of 40
#: letters made a name of 256: over what a USB stick's file system or Windows takes).
PLAYERS_IN_NAME = 60


def export_name(app: App, summary: SaveSummary) -> str:
    """A file name that says which game it is: board, players (each name's start, as
    many whole as :data:`PLAYERS_IN_NAME` letters hold), round and date."""
    when = time.strftime("%Y-%m-%d", time.localtime(summary.updated or time.time()))
    players = ""
    for name in (slug(p)[:16].strip("-") for p in (summary.players or [])[:6]):
        if not name:
            continue  # (a name without a letter of the Latin alphabet)
        longer = f"{players}-{name}" if players else name
        if len(longer) > PLAYERS_IN_NAME:
            break
        players = longer
    parts = [
        "pywar",
        slug(app.variant_title(summary.variant)),
        players,
        slug(app.tr("save_file_round", round=summary.round)),
        when,
    ]
    return "_".join(p for p in parts if p) + ".json"


def pack_record(record: dict[str, Any]) -> str:
    """A record as URL-safe text (compressed JSON) for :data:`IMPORT_FRAGMENT`."""
    raw = json.dumps(record, separators=(",", ":")).encode()
    return base64.urlsafe_b64encode(zlib.compress(raw, 9)).decode().rstrip("=")


def unpack_record(text: str) -> dict[str, Any]:
    """The record :func:`pack_record` made; :class:`SaveError` for anything else."""
    try:
        packed = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
        inflater = zlib.decompressobj()
        raw = inflater.decompress(packed, 4_000_000)
        if inflater.unconsumed_tail:
            raise ValueError("too large")
    except (ValueError, zlib.error) as exc:
        raise SaveError("save_damaged", str(exc)[:100]) from None
    try:
        text_json = raw.decode()
    except UnicodeDecodeError:
        raise SaveError("save_damaged", "not text") from None
    record, _game = record_from_data(bounded_json(text_json))
    return record


def own_tab_url(app: App) -> str | None:
    """The address of this game in a page of its own (storage of its own origin)."""
    base = app.env.get("own_tab_url")
    if not base:
        return None
    if app.game is None or app.record is None:
        return base
    record = dict(app.record, game=app.game.to_json())
    return f"{base}#{IMPORT_FRAGMENT}{pack_record(record)}"


def storage_notice(app: App) -> Node | None:
    """The bar that says the game is not being kept, with the ways out; None when all is well."""
    kept_here = app.record is not None and app.record["id"] == app.deleted_elsewhere
    if kept_here and app.game is not None and app.storage_state == "ok":
        return h(
            "div",
            {"class": "notice elsewhere", "role": "status"},
            h("p", {}, h("strong", {}, app.tr("deleted_elsewhere"))),
            h(
                "div",
                {"class": "btn-row"},
                button(app.tr("keep_here"), "keep-here", cls="btn small primary"),
                button(app.tr("delete_here"), "delete-here", cls="btn small"),
            ),
        )
    if app.storage_state == "ok" and not app.ios_notice_due():
        return None
    if app.storage_state == "ok":
        return h(
            "div",
            {"class": "notice ios", "role": "status"},
            h("p", {}, app.tr("ios_week_warning")),
            h("p", {"class": "hint"}, app.tr("ios_home_screen_how")),
            button(app.tr("notice_dismiss"), "dismiss-ios", cls="btn small"),
        )
    key = "storage_full" if app.storage_state == "full" else "storage_blocked"
    title = app.tr(key)
    actions: list[Any] = []
    in_play = app.record["id"] if app.record is not None else None
    named = app.game_names([i for i in app.pending_ids or [] if i != in_play])
    unkept = list(named)
    play_kept = app.pending_ids is not None and in_play not in app.pending_ids
    if unkept and play_kept and app.storage_state == "full":  # only the others are not kept
        games = "; ".join(named.values())
        title = app.tr_count("storage_games_unkept", len(unkept), games=games)
    elif app.game is not None:
        actions.append(button(app.tr("save_to_file"), "export-current", cls="btn small primary"))
    for save_id in unkept:
        label = app.tr("save_game_to_file", game=named[save_id])
        actions.append(button(label, "export", save_id, cls="btn small primary"))
    url = own_tab_url(app) if app.env.get("embed") else None
    if url:
        actions.append(
            h(
                "a",
                {
                    "class": "btn small",
                    "href": url,
                    "target": "_blank",
                    "rel": "noopener",
                    "data-role": "own-tab",
                    "data-action": "own-tab",
                },
                app.tr("open_own_tab"),
            )
        )
        if app.own_tab_blocked:  # the frame refused the tab: the address, to copy
            actions.append(
                h(
                    "label",
                    {"class": "own-tab-address"},
                    app.tr("own_tab_blocked"),
                    h("input", {"type": "text", "readonly": "readonly", "value": url}),
                )
            )
    if app.storage_state == "full":
        if app.finished_saves():
            actions.append(button(app.tr("clear_finished"), "clear-finished", cls="btn small"))
        actions.append(button(app.tr("storage_retry"), "storage-retry", cls="btn small"))
    return h(
        "div",
        {
            "class": f"notice storage {app.storage_state}",
            "role": "alert",
            "data-storage": app.storage_state,
        },
        h("p", {}, h("strong", {}, title)),
        h("p", {"class": "hint"}, app.tr(key + "_hint")),
        h("div", {"class": "btn-row"}, actions),
    )


def conflict_dialog(app: App) -> Node:
    """The game moved on in another tab: load it here (nothing of the other tab is lost)."""
    return h(
        "section",
        {"class": "screen conflict", "aria-labelledby": "conflict-title"},
        h("h2", {"id": "conflict-title"}, app.tr("conflict_title")),
        h("p", {}, app.tr("conflict_text")),
        button(app.tr("conflict_take_over"), "take-over", cls="btn primary big"),
        button(app.tr("conflict_leave"), "screen", "saves", cls="btn"),
    )


def _players_text(app: App, s: SaveSummary) -> str:
    """Names, each computer marked with its level ("Bruno (Computador normal)")."""
    out = []
    for i, name in enumerate(s.players or []):
        kind = s.kinds[i] if i < len(s.kinds) else "human"
        key = "kind_" + ("normal" if kind == "bot" else kind)
        out.append(
            name if kind == "human" else app.tr("save_player_bot", name=name, kind=app.tr(key))
        )
    return names_separator(s.players or []).join(out)


def _save_item(app: App, s: SaveSummary) -> Node:
    current = app.record is not None and app.record.get("id") == s.id
    if s.damaged:
        return h(
            "li",
            {"class": "save damaged", "data-save": s.id},
            h(
                "span",
                {"class": "save-info"},
                app.tr("save_damaged_line", reason=app.tr(s.damaged)),
            ),
            button(app.tr("export_damaged"), "export", s.id, cls="btn small"),
            button(app.tr("delete"), "delete", s.id, cls="btn small"),
        )
    when = time.strftime("%Y-%m-%d %H:%M", time.localtime(s.updated))
    status = (
        app.tr("save_winner", name=s.winner)
        if s.over and s.winner
        else app.tr("save_over_short")
        if s.over
        else app.tr("save_to_move", name=s.to_move)
    )
    return h(
        "li",
        {
            "class": "save current" if current else "save",
            "data-save": s.id,
            "aria-current": "true" if current else None,
        },
        h(
            "span",
            {"class": "save-info"},
            h("strong", {}, app.variant_title(s.variant)),
            # a finished game is not "in play": it is the one this page shows
            h(
                "em",
                {"class": "save-current"},
                app.tr("save_shown" if s.over else "save_in_play"),
            )
            if current
            else None,
            h("span", {"class": "save-players"}, _players_text(app, s)),
            h("span", {"class": "save-meta"}, app.tr("save_meta", date=when, round=s.round)),
            h("span", {"class": "save-status"}, status),
        ),
        # a finished game opens on its result: nothing is left to resume
        button(
            app.tr("see_result" if s.over else "resume"), "resume", s.id, cls="btn small primary"
        ),
        button(app.tr("export"), "export", s.id, cls="btn small"),
        button(app.tr("delete"), "delete", s.id, cls="btn small"),
    )


def saves_screen(app: App) -> Node:
    """Every saved game, with resume, export, delete (and undo), backup and restore."""
    summaries = app.store.list()
    items = [_save_item(app, s) for s in summaries]
    undo = None
    if app.deleted:
        undo = h(
            "p",
            {"class": "undo-bar", "role": "status"},
            app.deleted_words(),
            " ",
            button(app.tr("undo_delete"), "undo-delete", cls="btn small primary"),
        )
    finished = [s for s in summaries if s.over]
    persist = {True: "persist_granted", False: "persist_denied"}.get(app.persist)
    return h(
        "section",
        {"class": "screen saves", "aria-labelledby": "saves-title"},
        h("h2", {"id": "saves-title"}, app.tr("saves_title")),
        undo,
        h("ul", {"class": "save-list"}, items)
        if items
        else h("p", {"class": "hint"}, app.tr("saves_empty")),
        h(
            "div",
            {"class": "btn-row saves-actions"},
            button(app.tr("backup_all"), "backup", cls="btn")
            if any(not s.damaged for s in summaries)
            else None,
            h(
                "label",
                {"class": "btn import"},
                app.tr("restore_file"),
                h(
                    "input",
                    {
                        "type": "file",
                        "accept": ".json,application/json",
                        "data-action": "import",
                        "class": "visually-hidden",
                    },
                ),
            ),
            button(app.tr("clear_finished"), "clear-finished", cls="btn") if finished else None,
        ),
        h(
            "p",
            {"class": "hint storage-state", "data-persist": str(app.persist).lower()},
            app.tr(persist),
        )
        if persist
        else None,
        h("p", {"class": "hint"}, app.tr("ios_week_warning"), " ", app.tr("ios_home_screen_how"))
        if app.env.get("ios_tab")
        else None,
    )
