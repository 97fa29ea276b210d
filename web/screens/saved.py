"""Keeping games: open, save, the saved-games screen's intents, storage and other tabs."""

from __future__ import annotations

import contextlib
import json
import time
from collections.abc import Iterator
from typing import Any

from saves import (
    SaveConflict,
    SaveError,
    StorageFailure,
    make_record,
    summary_of,
)
from saves_screen import (
    IMPORT_FRAGMENT,
    export_name,
    unpack_record,
)
from screens.common import PageBase


class SavedGames(PageBase):
    """Keeping games (a mixin of :class:`viewmodel.App`)."""

    def _resume_current(self) -> None:
        save_id = self.store.current()
        if not save_id:
            return
        try:
            self._open(save_id)
        except SaveError as exc:
            if exc.reason != "save_missing":
                self.set_aside(exc)
                return
            # the pointer was stored, the game was not (the storage was full, or cleared):
            # nothing to find in Saved games
            with contextlib.suppress(StorageFailure):
                self.store.set_current(None)
            self.message = ("error", self.tr("last_game_not_kept"))

    def set_aside(self, exc: Exception) -> None:
        """The game in play cannot be shown: forget it as current (it stays listed, as
        damaged if it is, to export or delete), go to the saved games and say why."""
        reason = exc.reason if isinstance(exc, SaveError) else "save_damaged"
        self.game = self.record = None
        self.seats = []
        self.curtain = None
        self.replay = self.blitz = None
        self.thinking = None
        with contextlib.suppress(StorageFailure):
            self.store.set_current(None)
        self.screen = "saves"
        self.message = ("error", self.tr("save_set_aside", reason=self.tr(reason)))

    def _open(self, save_id: str) -> None:
        record, game = self.store.load(save_id)
        self.deleted_elsewhere = None
        self.record, self.game, self.seats = record, game, record["seats"]
        self._forget_last_game()  # (what this game's people held: recalled from its log)
        self._set_current(save_id)
        self._rebuild_log(recall_turns=True)
        self.screen = "over" if game.phase == "over" else "play"
        self._maybe_curtain()

    @contextlib.contextmanager
    def one_save(self) -> Iterator[None]:
        """The actions played inside are stored once, after the last of them (a blitz rolled
        to its end at once: one write of the whole game rather than one a roll)."""
        self.saves_held = True
        try:
            yield
        finally:
            self.saves_held = False
            if self.save_owed:
                self.save_owed = False
                if self.game is not None and self.record is not None:
                    self._save()

    def _save(self) -> None:
        """Store the game after an action; a refusal is shown, never lost silently."""
        g = self.game
        assert g is not None and self.record is not None
        if self.conflict:
            return
        if self.saves_held:
            self.save_owed = True
            return
        rev = int(self.record.get("rev", 0))
        record = make_record(
            self.record["id"], g, self.seats, self.record.get("created"), rev=rev + 1
        )
        try:
            self.store.save(record, expect_rev=rev)
        except SaveConflict:
            self.conflict = True
            self.blitz = None
            self.thinking = None
            return
        except StorageFailure as exc:
            self.storage_state = exc.kind
            return
        self.record = record
        storage = self.store.storage
        if getattr(storage, "confirms_later", False):
            return  # the page says whether it stored it (storage_stored)
        if self.storage_state != "ok" and getattr(storage, "durable", True):
            self.storage_state = "ok"
            self.message = ("info", self.tr("storage_back"))

    def storage_stored(self, state: str, pending: list[str] | None = None) -> None:
        """The page's word on the writes it carried out for a worker (a
        :class:`saves.MirroredStorage`): "ok" (stored, all of them), "full" or "blocked";
        ``pending``, the keys it could not write yet (None: not told). A game other than
        the one in play among them (one put back by Undo, say) is named, with a file to
        save it to: it lives only in this page until the storage takes it."""
        if pending is not None:
            ids = list(dict.fromkeys(i for i in map(self.store.id_of_key, pending) if i))
            in_play = self.record["id"] if self.record else None
            new = [i for i in ids if i != in_play and i not in (self.pending_ids or [])]
            self.pending_ids = ids
            if new:
                self.message = (
                    "error",
                    self.tr_count("storage_games_unkept", len(new), games=self.games_named(new)),
                )
        if state != "ok":
            self.storage_state = state if state in ("full", "blocked") else "blocked"
        elif self.storage_state != "ok":
            self.storage_state = "ok"
            self.message = ("info", self.tr("storage_back"))

    def games_named(self, save_ids: list[str]) -> str:
        """Saved games in words: "WAR clássico de Ana, Bruno e Carla, rodada 3; ..."."""
        return "; ".join(self.game_names(save_ids).values())

    def game_names(self, save_ids: list[str]) -> dict[str, str]:
        """Each readable saved game of ``save_ids`` in words, by id (the list read once)."""
        summaries = {s.id: s for s in self.store.list()}
        return {
            save_id: self.tr(
                "game_of",
                game=self.variant_title(s.variant),
                names=self.names_list(s.players or []),
                round=s.round,
            )
            for save_id in save_ids
            if (s := summaries.get(save_id)) is not None and not s.damaged
        }

    def _set_current(self, save_id: str) -> None:
        try:
            self.store.set_current(save_id)
        except StorageFailure as exc:
            self.storage_state = exc.kind

    # saved games
    def on_resume(self, arg: str | None, _v: str | None) -> None:
        if arg:
            self._open(arg)

    def on_delete(self, arg: str | None, _v: str | None) -> None:
        kept = self._delete_keeping_undo([arg]) if arg else []
        if kept:
            self.deleted = kept
            self.request_focus("action", "undo-delete")  # the row is gone: its undo
            self.say(self.deleted_words())  # (the focus on Undo said only "Undo")

    def deleted_words(self) -> str:
        """What the undo bar says of the games just deleted."""
        if len(self.deleted) == 1:
            return self.tr("deleted_one")
        return self.tr("deleted_many", n=len(self.deleted))

    def _delete_keeping_undo(self, save_ids: list[str]) -> list[tuple[str, str, bool]]:
        """Delete saves; what Undo needs to put each back exactly (id, text, was current).
        The game in play is closed if it is one of them."""
        current = self.store.current()
        kept = []
        for save_id in save_ids:
            text = self.store.raw(save_id)
            if text is None:
                continue
            self.store.delete(save_id)
            kept.append((save_id, text, save_id == current))
            if self.record and self.record["id"] == save_id:
                self.game = self.record = None
                self.seats = []
        return kept

    def on_undo_delete(self, _a: str | None, _v: str | None) -> None:
        refused = []
        for kept in self.deleted:
            save_id, text, was_current = kept
            if self.store.raw(save_id) is not None:
                continue  # back already (a tab playing it kept it): never the older copy
            try:
                self.store.restore_raw(save_id, text)
            except StorageFailure as exc:
                self.storage_state = exc.kind
                refused.append(kept)  # its Undo stays, for when there is room
                continue
            if was_current:
                self._set_current(save_id)
        back = [kept for kept in self.deleted if kept not in refused]
        if back:  # the keyboard goes to the game back in the list
            self.request_focus("action", "resume", back[0][0])
        self.deleted = refused
        self.message = (
            ("error", self.tr_count("save_restore_refused", len(refused)))
            if refused
            else ("info", self.tr("save_restored"))
        )

    def finished_saves(self) -> list[str]:
        """The ids of the saved games that are over."""
        return [s.id for s in self.store.list() if s.over]

    def on_clear_finished(self, _a: str | None, _v: str | None) -> None:
        self.deleted = self._delete_keeping_undo(self.finished_saves())
        if self.deleted:
            self.say(self.deleted_words())
        if self.storage_state == "full" and self.game is not None:
            self._save()

    def on_export(self, arg: str | None, _v: str | None) -> dict[str, Any] | None:
        if not arg:
            return None
        summary = next((s for s in self.store.list() if s.id == arg), None)
        if summary is None:
            return None
        if summary.damaged:
            return self._exported(f"pywar-damaged-{arg}.json", self.store.raw(arg) or "")
        return self._exported(export_name(self, summary), self.store.export(arg))

    def _exported(self, name: str, text: str) -> dict[str, Any]:
        """The download effect, said on the page too (the browser may say nothing). In a
        frame the page that shows the game may block downloads without a word: said too."""
        framed = self.env.get("embed")
        self.message = ("info", self.tr("exported_framed" if framed else "exported", name=name))
        return {"download": name, "text": text}

    def on_own_tab_blocked(self, _a: str | None, _v: str | None) -> None:
        """The frame refused a tab of the game's own: the bar shows its address to copy."""
        self.own_tab_blocked = True

    def on_export_current(self, _a: str | None, _v: str | None) -> dict[str, Any] | None:
        """Save the game in play to a file, whatever the storage says."""
        g = self.game
        if g is None or self.record is None:
            return None
        record = make_record(
            self.record["id"],
            g,
            self.seats,
            self.record.get("created"),
            rev=int(self.record.get("rev", 0)),
        )
        name = export_name(self, summary_of(record["id"], record, g))
        return self._exported(name, json.dumps(record, ensure_ascii=False, indent=1))

    def on_backup(self, _a: str | None, _v: str | None) -> dict[str, Any] | None:
        day = time.strftime("%Y-%m-%d")
        return self._exported(f"pywar-{self.tr('backup_file')}-{day}.json", self.store.backup())

    def on_import(self, _a: str | None, value: str | None) -> None:
        before = {s.id for s in self.store.list()}
        save_id = self.store.import_text(value or "")
        now = {s.id for s in self.store.list()}
        added = now - before
        self.message = ("info", self.tr("save_imported" if added else "save_import_known"))
        # a deleted game restored from its file: its "Undo" would write the old copy back
        self.deleted = [kept for kept in self.deleted if kept[0] not in now]
        self._open(save_id)

    def on_import_fragment(self, _a: str | None, value: str | None) -> None:
        """A game handed over in the address (``#pywar-import=...``), from an embed."""
        if not value or not value.startswith(IMPORT_FRAGMENT):
            return
        record = unpack_record(value[len(IMPORT_FRAGMENT) :])
        self.on_import(None, json.dumps(record))

    # keeping games on this device
    def on_env(self, _a: str | None, value: str | None) -> None:
        """Where the page runs (JSON from the adapter): embed, ios_tab, own_tab_url."""
        try:
            env = json.loads(value or "{}")
        except ValueError:
            return
        if isinstance(env, dict):
            self.env = {k: env[k] for k in ("embed", "ios_tab", "own_tab_url") if k in env}

    def on_persist(self, arg: str | None, _v: str | None) -> None:
        """The browser's answer to ``navigator.storage.persist()``."""
        self.persist = {"granted": True, "denied": False}.get(arg or "")

    def ios_notice_due(self) -> bool:
        """iPad/iPhone Safari outside a home-screen app, and not yet told."""
        return bool(self.env.get("ios_tab")) and self.store.get_pref("ios_notice") != "seen"

    def on_dismiss_ios(self, _a: str | None, _v: str | None) -> None:
        self.store.set_pref("ios_notice", "seen")
        self.env["ios_tab_dismissed"] = True

    def on_storage_retry(self, _a: str | None, _v: str | None) -> None:
        if self.game is not None:
            self._save()
        else:
            self.storage_state = "ok"

    def on_storage_changed(self, arg: str | None, _v: str | None) -> None:
        """Another tab wrote ``arg`` (a storage key): if it is this game, stop writing."""
        if arg is None or self.record is None or self.conflict:
            return
        game_id = self.record["id"]
        if arg == self.store.current_key() and self.deleted_elsewhere == game_id:
            # the other tab's delete took the pointer too (its second key): set again
            if self.store.current() != game_id:
                self._set_current(game_id)
            return
        if self.store.id_of_key(arg) != game_id:
            return
        if self.store.raw(game_id) is None:
            # deleted in another tab while played here: kept (written back, and resumed
            # after a reload), and said, with the way to delete it here too; a finished
            # game is let go (deleting finished games makes room)
            if self.game is None or self.game.phase == "over" or self.storage_state != "ok":
                return
            self._save()
            self._set_current(game_id)
            if self.storage_state == "ok":
                self.deleted_elsewhere = game_id
            return
        stored = self.store.stored_rev(game_id)
        if stored is not None and stored != self.record.get("rev", 0):
            self.conflict = True
            self.deleted_elsewhere = None
            self.blitz = None
            self.thinking = None

    def on_keep_here(self, _a: str | None, _v: str | None) -> None:
        """The game deleted in another tab stays (it is saved already): the bar goes."""
        self.deleted_elsewhere = None

    def on_delete_here(self, _a: str | None, _v: str | None) -> None:
        """Delete here too the game deleted in another tab (with Undo, on Saved games)."""
        if self.record is not None and self.record["id"] == self.deleted_elsewhere:
            self.on_delete(self.record["id"], None)
            self.screen = "saves"
        self.deleted_elsewhere = None

    def on_take_over(self, _a: str | None, _v: str | None) -> None:
        """Load the newest progress of this game here; this tab writes from now on."""
        if self.record is not None:
            self._open(self.record["id"])
            self.message = ("info", self.tr("conflict_loaded"))
