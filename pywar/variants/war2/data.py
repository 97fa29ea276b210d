"""WAR II's numbers and cards, read from its ``board.json`` (see ``docs/rules.md``), and the
words of its own objective kinds."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from ...board import Board, load_board
from ...errors import WarError
from ...objectives import describe as describe_classic


@dataclass(frozen=True)
class War2Card:
    """One card of the 61: a territory/continent card (``territories``) or a numbered one."""

    index: int
    id: str
    kind: str  # "territory", "continent" or "number"
    territories: tuple[str, ...]
    value: int  # 1 for a territory card (one army or bomber), the number of a numbered card
    centre: str | None  # the Strategic Centre printed on the card

    @property
    def numbered(self) -> bool:
        """Whether this is a numbered card."""
        return self.kind == "number"

    def to_json(self) -> dict[str, Any]:
        """The card as the page shows it."""
        return {
            "index": self.index,
            "id": self.id,
            "kind": self.kind,
            "territories": list(self.territories),
            "value": self.value,
            "centre": self.centre,
        }


@dataclass(frozen=True)
class War2Rules:
    """WAR II's numbers, read from the board file (see ``docs/rules.md``)."""

    centres: tuple[str, ...]
    majority_bonus: dict[str, int]
    centre_setup_armies: int
    centre_bonus_armies: int
    bombers_per_centre: int
    bombers_per_player: int
    air_target_min_armies: int
    anti_aircraft: tuple[int, ...]
    air_attack: tuple[int, ...]
    hand_limit: int
    cards_per_conquest_turn: int
    discard_reshuffle_at: int
    five_players_left_centres: int
    cards: tuple[War2Card, ...]

    @classmethod
    def from_board(cls, board: Board) -> War2Rules:
        """Read and check the WAR II part of a board file."""
        raw = board.raw
        try:
            rules = raw["rules"]
            centres = tuple(raw["strategic_centres"])
            cards: list[War2Card] = []
            for spec in raw["deck"]["territory_cards"]:
                ts = tuple(spec["territories"])
                on = [t for t in ts if t in centres]
                kind = "continent" if spec.get("continent") else "territory"
                cards.append(War2Card(len(cards), spec["id"], kind, ts, 1, on[0] if on else None))
            for group in raw["deck"]["numbered_cards"]:
                for j in range(int(group["count"])):
                    value = int(group["value"])
                    cards.append(
                        War2Card(len(cards), f"n{value}_{j + 1}", "number", (), value, None)
                    )
            made = cls(
                centres=centres,
                majority_bonus={
                    c["id"]: int(c.get("majority_bonus", 0)) for c in raw["continents"]
                },
                centre_setup_armies=int(rules["centre_setup_armies"]),
                centre_bonus_armies=int(rules["centre_bonus_armies"]),
                bombers_per_centre=int(rules["bombers_per_centre"]),
                bombers_per_player=int(rules["bombers_per_player"]),
                air_target_min_armies=int(rules["air_target_min_armies"]),
                anti_aircraft=tuple(int(x) for x in rules["air_dice"]["anti_aircraft"]),
                air_attack=tuple(int(x) for x in rules["air_dice"]["air_attack"]),
                hand_limit=int(rules["hand_limit"]),
                cards_per_conquest_turn=int(rules["cards_per_conquest_turn"]),
                discard_reshuffle_at=int(rules["discard_reshuffle_at"]),
                five_players_left_centres=int(rules["five_players_dealt_centres"]),
                cards=tuple(cards),
            )
        except (KeyError, TypeError, ValueError) as exc:
            raise WarError(f"board {board.id} lacks WAR II data ({exc!r})") from None
        problems = []
        if not set(centres) <= set(board.territories) or len(set(centres)) != len(centres):
            problems.append("strategic centres must be distinct territories")
        named = [t for c in cards for t in c.territories]
        if sorted(named) != sorted(board.territories):
            problems.append("every territory must be on exactly one card")
        with_centre = [c.centre for c in cards if c.centre]
        if sorted(with_centre) != sorted(centres) or any(
            sum(t in centres for t in c.territories) > 1 for c in cards
        ):
            problems.append("every strategic centre must be on its own card")
        if len(made.anti_aircraft) != 6 or len(made.air_attack) != 6:
            problems.append("the air dice have six faces")
        if problems:
            raise WarError(f"board {board.id}: " + "; ".join(problems))
        return made


@cache
def war2_rules(board_id: str = "war2") -> War2Rules:
    """The WAR II rules of a board (cached)."""
    return War2Rules.from_board(load_board(board_id))


CENTRES: tuple[str, ...] = war2_rules().centres


def describe(objective: dict[str, Any], board: Board, lang: str = "pt") -> str:
    """An objective card's text, WAR II's own kinds included.

    >>> describe({"id": "c", "kind": "centres", "count": 8}, load_board("war2"), "en")
    'Conquer 8 STRATEGIC CENTRES.'
    """
    kind = objective["kind"]
    if kind == "centres":
        count, total = objective["count"], objective.get("territories", 0)
        if lang == "pt":
            text = f"Conquistar {count} CENTROS ESTRATÉGICOS"
            return text + (f" e ter ao todo {total} territórios." if total else ".")
        text = f"Conquer {count} STRATEGIC CENTRES"
        return text + (f" and hold {total} territories in all." if total else ".")
    if kind == "majorities":
        if lang == "pt":
            return f"Ter a MAIORIA dos territórios de {objective['count']} continentes."
        return f"Hold a MAJORITY of the territories of {objective['count']} continents."
    return describe_classic(objective, board, lang)
