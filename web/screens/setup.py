"""The new-game screen: boards, seats, options, and starting a game."""

from __future__ import annotations

import json
from typing import Any

from pywar.game import Game
from pywar.variants import VARIANTS, get_variant

from nodes import Node, button, h
from saves import (
    StorageFailure,
    make_record,
)
from screens.common import DEFAULT_NAMES, NAME_MAX, SETUP_PREF_MAX, PageBase
from variant_ui import DEFAULT_VARIANT

#: A form seat's key for the colour it had before a board without that colour changed it.
COLOUR_WISH = "colour_wish"


def plain_seats(seats: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The form's seats as a game and the remembered setup keep them: name (trimmed),
    colour and who plays, nothing of the form's own (:data:`COLOUR_WISH`)."""
    return [{"name": s["name"].strip(), "color": s["color"], "kind": s["kind"]} for s in seats]


class SetupScreen(PageBase):
    """The new-game screen (a mixin of :class:`viewmodel.App`)."""

    def default_form(self, variant: str = DEFAULT_VARIANT) -> dict[str, Any]:
        colors = self.colors_of(variant)
        seats = [
            {"name": DEFAULT_NAMES[i], "color": colors[i], "kind": "human" if i == 0 else "normal"}
            for i in range(3)
        ]
        return {"seats": seats, "first_round_placement_only": False, "seed": "", "variant": variant}

    def _remembered_form(self) -> dict[str, Any] | None:
        """The last new-game setup (names, colours, who plays, board, options), stored when
        a game starts; None when there is none or it is not sound (stored data is untrusted:
        anything unexpected and the whole of it is ignored). The seed is never kept: the same
        seed would deal the same game again."""
        text = self.store.get_pref("setup", limit=SETUP_PREF_MAX)
        try:
            data = json.loads(text) if text else None
        except ValueError:
            return None
        if not isinstance(data, dict) or data.get("variant") not in VARIANTS:
            return None
        variant = data["variant"]
        rules = get_variant(variant)
        colors, kinds = self.colors_of(variant), self.kinds(variant)
        seats = data.get("seats")
        if not isinstance(seats, list) or not rules.min_players <= len(seats) <= min(
            rules.max_players, len(colors)
        ):
            return None
        clean = []
        for seat in seats:
            if not isinstance(seat, dict):
                return None
            name, color, kind = seat.get("name"), seat.get("color"), seat.get("kind")
            if not (
                isinstance(name, str)
                and name.strip()
                and len(name) <= NAME_MAX
                and color in colors
                and kind in kinds
            ):
                return None
            clean.append({"name": name, "color": color, "kind": kind})
        if len({s["color"] for s in clean}) != len(clean):
            return None
        first_round = data.get("first_round_placement_only", False)
        options = data.get("options", {})
        if (
            not isinstance(first_round, bool)
            or not isinstance(options, dict)
            or not all(k in rules.options and isinstance(v, bool) for k, v in options.items())
        ):
            return None
        return {
            "seats": clean,
            "first_round_placement_only": first_round,
            "seed": "",
            "variant": variant,
            "options": dict(options),
        }

    def _remember_form(self) -> None:
        """Keep this setup for the next new game (see :meth:`_remembered_form`)."""
        f = self.form
        self.store.set_pref(
            "setup",
            json.dumps(
                {
                    "variant": f["variant"],
                    "first_round_placement_only": f["first_round_placement_only"],
                    "options": f.get("options", {}),
                    "seats": plain_seats(f["seats"]),
                },
                ensure_ascii=False,
            ),
        )

    def on_variant(self, arg: str | None, _v: str | None) -> None:
        if arg not in VARIANTS or arg == self.form["variant"]:
            return  # (the board chosen tapped again: nothing changes, the note stays)
        rules = get_variant(arg)
        colors = self.colors_of(arg)
        shown = len(self.form["seats"])
        every = self.form["seats"] + self.seats_aside
        seats, self.seats_aside = every[: rules.max_players], every[rules.max_players :]
        # a colour this board lacks was changed: the seat takes it back where it can
        for seat in seats:
            wish = seat.get(COLOUR_WISH)
            if wish in colors and all(s["color"] != wish for s in seats if s is not seat):
                seat["color"] = seat.pop(COLOUR_WISH)
        used: set[str] = set()
        for seat in seats:
            if seat["color"] not in colors or seat["color"] in used:
                seat.setdefault(COLOUR_WISH, seat["color"])
                seat["color"] = next(
                    c
                    for c in colors
                    if c not in used and c not in {s["color"] for s in seats if s is not seat}
                )
            used.add(seat["color"])
            if seat["kind"] not in self.kinds(arg):
                seat["kind"] = "normal"  # WAR II has one computer player
        self.form["seats"] = seats
        self.form["variant"] = arg
        left_out = self.seats_aside[: max(0, shown - len(seats))]
        # said, never silent, in the form itself (a message over the form hid its title on
        # a phone) and read out once; they come back with a board that has room
        self.seats_left_out = [s["name"].strip() or "?" for s in left_out]
        note = self._seats_left_out_note()
        if note:
            self.say(note)
        self.form["options"] = {
            k: v for k, v in self.form.get("options", {}).items() if k in rules.options
        }

    # setup form
    def on_seat_add(self, _a: str | None, _v: str | None) -> None:
        seats = self.form["seats"]
        variant = self.form["variant"]
        if len(seats) < get_variant(variant).max_players:
            used = {s["color"] for s in seats}
            color = next(c for c in self.colors_of(variant) if c not in used)
            names = {s["name"] for s in seats}
            name = next((n for n in DEFAULT_NAMES if n not in names), f"P{len(seats) + 1}")
            seats.append({"name": name, "color": color, "kind": "normal"})

    def _seat_index(self, arg: str | None) -> int | None:
        """The index of the form's seat ``arg`` names, or None when it names none."""
        if arg is None or not 0 <= int(arg) < len(self.form["seats"]):
            return None
        return int(arg)

    def on_seat_remove(self, arg: str | None, _v: str | None) -> None:
        seats = self.form["seats"]
        i = self._seat_index(arg)
        if len(seats) > 3 and i is not None:
            seats.pop(i)
            # the row is gone: the keyboard stays in the list of players, on the next
            # row's ✕ (the last one's), or on "+ Player" once no more can be removed
            if len(seats) > get_variant(self.form["variant"]).min_players:
                self.request_focus("action", "seat-remove", str(min(i, len(seats) - 1)))
            else:
                self.request_focus("action", "seat-add")

    def _seat_field(self, arg: str | None, field: str, value: str | None) -> None:
        i = self._seat_index(arg)
        if i is not None and value is not None:
            self.form["seats"][i][field] = value

    def on_seat_name(self, arg: str | None, value: str | None) -> None:
        self._seat_field(arg, "name", (value or "")[:NAME_MAX])

    def on_seat_color(self, arg: str | None, value: str | None) -> None:
        """A seat takes a colour; a seat that had it takes the colour this seat leaves (two
        seats never share one, and nobody has to free it first)."""
        i = self._seat_index(arg)
        if i is None or value not in self.colors_of(self.form["variant"]):
            return
        seats = self.form["seats"]
        left = seats[i]["color"]
        for other in seats:
            if other["color"] == value:
                other["color"] = left
        seats[i]["color"] = value
        seats[i].pop(COLOUR_WISH, None)  # chosen on this board: no colour to take back

    def on_seat_kind(self, arg: str | None, value: str | None) -> None:
        if value in self.kinds(self.form["variant"]):
            self._seat_field(arg, "kind", value)

    def on_opt_first_round(self, _a: str | None, value: str | None) -> None:
        self.form["first_round_placement_only"] = value in ("true", "1", "on")

    def on_opt_variant(self, arg: str | None, value: str | None) -> None:
        """A game option of the chosen variant (e.g. WAR II's Information Centres)."""
        if arg in get_variant(self.form["variant"]).options:
            self.form.setdefault("options", {})[arg] = value in ("true", "1", "on")

    def on_seed(self, _a: str | None, value: str | None) -> None:
        self.form["seed"] = (value or "").strip()[:18]

    def on_start(self, _a: str | None, _v: str | None) -> None:
        seats = plain_seats(self.form["seats"])
        if any(not s["name"] for s in seats):
            self.message = ("error", self.tr("setup_need_names"))
            return
        if len({s["color"] for s in seats}) != len(seats):
            self.message = ("error", self.tr("setup_colors_clash"))
            return
        seed_text = self.form["seed"]
        if seed_text and not seed_text.isdigit():
            self.message = ("error", self.tr("setup_bad_seed"))
            return
        seed = int(seed_text) if seed_text else self.rng.randrange(2**32)
        rules = get_variant(self.form["variant"])
        options = (
            {"first_round_placement_only": True}
            if (
                self.form["first_round_placement_only"]
                and "first_round_placement_only" in rules.options
            )
            else {}
        )
        options.update(
            {k: True for k, on in self.form.get("options", {}).items() if on and k in rules.options}
        )
        game = Game.new(
            self.form["variant"],
            [(s["name"], s["color"]) for s in seats],
            seed=seed,
            options=options,
        )
        save_id = self.store.new_id()
        self.record = make_record(save_id, game, seats)
        self.game, self.seats = game, seats
        self._forget_last_game()
        try:
            self.store.save(self.record)
        except StorageFailure as exc:
            self.storage_state = exc.kind
        else:
            self._set_current(save_id)
        self._remember_form()
        self.screen = "play"
        self.log = []
        self._note_events([{"type": "turn", "player": game.current, "round": game.round}])
        self._maybe_curtain()

    def on_new(self, _a: str | None, _v: str | None) -> None:
        self.screen = "setup"

    # setup
    def _variant_choice(self) -> Node:
        cards = []
        for vid in VARIANTS:  # the engine registry's order
            rules = get_variant(vid)
            cards.append(
                h(
                    "button",
                    {
                        "type": "button",
                        "class": "variant-card",
                        "data-action": "variant",
                        "data-arg": vid,
                        "aria-pressed": "true" if self.form["variant"] == vid else "false",
                    },
                    h(
                        "img",
                        {
                            "src": f"./maps/thumbs/{vid}.svg",
                            "alt": "",
                            "width": "120",
                            "height": "72",
                        },
                    ),
                    h("span", {"class": "variant-name"}, self.variant_title(vid)),
                    h(
                        "span",
                        {"class": "variant-meta"},
                        self.tr("variant_players", low=rules.min_players, high=rules.max_players),
                    ),
                )
            )
        return h(
            "div",
            {"class": "variants", "role": "group", "aria-label": self.tr("variant_label")},
            cards,
        )

    def _seats_left_out_note(self) -> str:
        """Who the last change of board left out and why, or "" (nobody)."""
        if not self.seats_left_out:
            return ""
        variant = self.form["variant"]
        return self.tr_count(
            "setup_seats_aside",
            len(self.seats_left_out),
            names=self.names_list(self.seats_left_out),
            game=self.variant_title(variant),
            most=get_variant(variant).max_players,
        )

    def _setup_screen(self) -> Node:
        f = self.form
        colors = self.colors_of(f["variant"])
        rules = get_variant(f["variant"])
        rows = []
        for i, seat in enumerate(f["seats"]):
            rows.append(
                h(
                    "div",
                    {"class": "seat", "data-seat": str(i)},
                    h("span", {"class": f"swatch c-{seat['color']}", "aria-hidden": "true"}),
                    h(
                        "input",
                        {
                            "type": "text",
                            "class": "seat-name",
                            "value": seat["name"],
                            "maxlength": str(NAME_MAX),
                            "data-action": "seat-name",
                            "data-arg": str(i),
                            "aria-label": self.tr("seat_name", n=i + 1),
                        },
                    ),
                    h(
                        "select",
                        {
                            "class": "seat-color",
                            "data-action": "seat-color",
                            "data-arg": str(i),
                            "aria-label": self.tr("seat_color", n=i + 1),
                        },
                        [
                            h(
                                "option",
                                {
                                    "value": c,
                                    "selected": "selected" if c == seat["color"] else None,
                                },
                                self.tr("color_" + c),
                            )
                            for c in colors
                        ],
                    ),
                    h(
                        "select",
                        {
                            "class": "seat-kind",
                            "data-action": "seat-kind",
                            "data-arg": str(i),
                            "aria-label": self.tr("seat_kind", n=i + 1),
                        },
                        [
                            h(
                                "option",
                                {"value": k, "selected": "selected" if k == seat["kind"] else None},
                                self.tr("kind_" + k),
                            )
                            for k in self.kinds(f["variant"])
                        ],
                    ),
                    button(
                        "✕",
                        "seat-remove",
                        i,
                        cls="btn icon",
                        disabled=len(f["seats"]) <= rules.min_players,
                        title=self.tr("seat_remove"),
                        aria_label=self.tr("seat_remove_named", n=i + 1, name=seat["name"]),
                    ),
                )
            )
        checkbox = {"type": "checkbox", "id": "opt-first-round", "data-action": "opt-first-round"}
        offered = "first_round_placement_only" in rules.options
        if rules.first_round_placement_only or (f["first_round_placement_only"] and offered):
            checkbox["checked"] = "checked"
        fixed = None  # why the box cannot be changed: the game's own rule, or not offered
        if rules.first_round_placement_only:
            fixed = self.tr("opt_fixed_rule")
        elif not offered:
            fixed = self.tr("opt_not_here")
        if fixed:
            checkbox["disabled"] = "disabled"
        return h(
            "section",
            {"class": "screen setup", "aria-labelledby": "setup-title"},
            # the heading above and the form in its own box; the start button stays below
            # it, in sight and never over a field (a sticky button hid the fields beneath it)
            h("h2", {"id": "setup-title"}, self.tr("setup_title")),
            h(
                "div",
                {"class": "setup-body"},
                self._variant_choice(),
                h(
                    "p",
                    {"class": "hint"},
                    self.tr("setup_hint", low=rules.min_players, high=rules.max_players),
                ),
                (
                    h("p", {"class": "seats-left-out", "role": "note"}, note)
                    if (note := self._seats_left_out_note())
                    else None
                ),
                h("div", {"class": "seats"}, rows),
                button(
                    self.tr("seat_add"),
                    "seat-add",
                    cls="btn",
                    disabled=len(f["seats"]) >= rules.max_players,
                ),
                h(
                    "fieldset",
                    {"class": "options"},
                    h("legend", {}, self.tr("options")),
                    h(
                        "label",
                        {},
                        h("input", checkbox),
                        h(
                            "span",
                            {},
                            self.tr("opt_first_round"),
                            h("span", {"class": "opt-why"}, " " + fixed) if fixed else None,
                        ),
                    ),
                    [
                        h(
                            "label",
                            {},
                            h(
                                "input",
                                {
                                    "type": "checkbox",
                                    "id": "opt-" + opt,
                                    "data-action": "opt-variant",
                                    "data-arg": opt,
                                    "checked": "checked" if f.get("options", {}).get(opt) else None,
                                },
                            ),
                            h(
                                "span",
                                {},
                                self.tr("opt_" + opt),
                                # an option for a number of players says when it applies
                                h("span", {"class": "opt-why"}, " " + self.tr("opt_only_with_5"))
                                if opt.startswith("five_players") and len(f["seats"]) != 5
                                else None,
                            ),
                        )
                        for opt in rules.options
                        if opt != "first_round_placement_only"
                    ],
                    h(
                        "label",
                        {},
                        self.tr("seed_label"),
                        h(
                            "input",
                            {
                                "type": "text",
                                "inputmode": "numeric",
                                "id": "seed",
                                "value": f["seed"],
                                "data-action": "seed",
                                "placeholder": self.tr("seed_placeholder"),
                                "aria-describedby": "seed-hint",
                            },
                        ),
                    ),
                    h("p", {"class": "hint", "id": "seed-hint"}, self.tr("seed_hint")),
                ),
            ),
            button(self.tr("start"), "start", cls="btn primary big"),
        )
