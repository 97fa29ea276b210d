"""The rules in our own words, per language, for the in-game help: the shared (classic)
rules here, what a variant changes in its page part (``web/variants/<id>/``).

Paragraphs are templates: ``{board.armies}`` and the like are the board's own words (see
``i18n.board_terms``), so one text serves every board that shares a rule.
"""

from __future__ import annotations

from pywar.variants import get_variant

from i18n import fill, place
from variant_ui import Section, page_part

CLASSIC: dict[str, list[Section]] = {
    "pt": [
        (
            "O objetivo",
            [
                "Cada jogador recebe em segredo um objetivo: conquistar {board.continents} por "
                "inteiro, um número de {board.territories} ou destruir os {board.armies} de uma "
                "cor. Vence quem cumprir o seu primeiro.",
            ],
        ),
        (
            "A jogada",
            [
                "Na sua vez: receba e coloque {board.armies}, ataque se quiser, remaneje e, se "
                "conquistou algum {board.territory}, receba uma carta no fim.",
                "{board.Armies} recebidos: metade dos seus {board.territories}, arredondada para "
                "baixo (mínimo 3), mais o bônus de cada {board.continent} que você tem por "
                "inteiro (esses só vão para lá; os bônus estão no fim destas regras).",
            ],
        ),
        (
            "Ataques",
            [
                "Ataque de um {board.territory} seu com pelo menos 2 {board.armies} a um vizinho "
                "inimigo ({neighbours}). O atacante rola 1 dado por "
                "{board.army} menos 1, até 3 (pode escolher rolar menos); o defensor, 1 por "
                "{board.army}, até 3. Comparam-se os maiores, depois os segundos e os terceiros: o "
                "maior vence e o empate é da defesa; cada dado perdido custa 1 {board.army}.",
                "Ao conquistar, mova para lá de 1 até o número de dados do último ataque.",
                "Blitz: o ataque rola de novo, sozinho, até conquistar ou até o seu "
                "{board.territory} chegar ao número de {board.armies} que você escolheu manter.",
            ],
        ),
        (
            "Remanejamento",
            [
                "No fim da jogada, mova {board.armies} entre {board.territories} seus vizinhos. "
                "{board.An_army} sempre fica, e cada {board.army} só se move uma vez por jogada.",
            ],
        ),
        (
            "Cartas",
            [
                "Três cartas com figuras iguais ou todas diferentes (o coringa vale qualquer) "
                "são trocadas por {board.armies}: 4, 6, 8, 10, 12, 15 e depois 5 a mais a cada "
                "troca do jogo. Se você tem o {board.territory} de uma carta trocada, ganha mais "
                "2 nele. Quem começa a jogada com 5 cartas ou mais é obrigado "
                "a trocar antes de colocar.",
            ],
        ),
        (
            "Eliminação",
            [
                "Quem destrói um adversário fica com todas as cartas dele. No fim dessa jogada, "
                "antes de receber a carta, pode trocar conjuntos, um após o outro, e precisa "
                "trocar enquanto tiver mais de 5 cartas. Se a carta da jogada deixar 6, a troca é "
                "obrigatória no início da próxima jogada.",
            ],
        ),
    ],
    "en": [
        (
            "The goal",
            [
                "Each player secretly draws an objective: conquer whole {board.continents}, a "
                "number of {board.territories}, or destroy the {board.armies} of a colour. The "
                "first to achieve theirs wins.",
            ],
        ),
        (
            "A turn",
            [
                "On your turn: receive and place {board.armies}, attack if you wish, regroup, and, "
                "if you conquered {board.a_territory}, draw a card at the end.",
                "{board.Armies} received: half your {board.territories}, rounded down (at least "
                "3), plus the bonus of each whole {board.continent} you hold (those go only into "
                "that {board.continent}; the bonuses are listed at the end of these rules).",
            ],
        ),
        (
            "Attacks",
            [
                "Attack from {board.a_territory} of yours with at least 2 {board.armies} into a "
                "neighbouring enemy ({neighbours}). The attacker rolls 1 die per "
                "{board.army} less 1, up to 3 (and may choose to roll fewer); the defender 1 per "
                "{board.army}, up to 3. Highest against highest, then second and third: the "
                "higher die wins and ties go to the defence; each die lost costs 1 {board.army}.",
                "After a conquest, move in from 1 up to the number of dice of the last attack.",
                "Blitz: the attack rolls again by itself until it conquers or your "
                "{board.territory} is down to the number of {board.armies} you chose to keep.",
            ],
        ),
        (
            "Regrouping",
            [
                "At the end of the turn, move {board.armies} between neighbouring "
                "{board.territories} of yours. One {board.army} always stays, and each "
                "{board.army} moves only once per turn.",
            ],
        ),
        (
            "Cards",
            [
                "Three cards with equal shapes or all different (a joker is any shape) trade for "
                "{board.armies}: 4, 6, 8, 10, 12, 15 and then 5 more at each trade of the game. "
                "Holding the {board.territory} of a traded card gives 2 more there. Starting "
                "your turn with 5 cards or more, you must trade before placing.",
            ],
        ),
        (
            "Elimination",
            [
                "Whoever destroys an opponent takes all their cards. At the end of that turn, "
                "before the card is drawn, they may trade sets, one after another, and must trade "
                "while holding more than 5 cards. If the turn's card makes 6, they must trade at "
                "the start of their next turn.",
            ],
        ),
    ],
}


def rules_for(variant: str, lang: str) -> list[Section]:
    """The help sections for a variant (its own first, then the shared rules) in a language,
    in the words of its board (templates filled like the page's catalogue, see i18n.fill);
    a variant's own elimination section replaces the classic one."""
    ui = page_part(variant)
    texts = (ui.rules if ui is not None else None) or CLASSIC
    intro = ui.rules_intro if ui is not None else {}
    sections = (intro.get(lang) or intro.get("pt") or []) + (texts.get(lang) or texts["pt"])
    own = ui.rules_replaced if ui is not None else {}
    elimination = own.get(lang) or own.get("pt")
    if elimination is not None:
        sections = [
            elimination if title == elimination[0] else (title, paragraphs)
            for title, paragraphs in sections
        ]
    spec = get_variant(variant)
    board_id = spec.board_id
    linked = bool(spec.board.sea_links)
    said = NEIGHBOURS[lang if lang in NEIGHBOURS else "pt"][linked]
    neighbours = fill(lang, said, board_id)
    filled = [
        (
            fill(lang, heading, board_id),
            [fill(lang, p, board_id, neighbours=neighbours) for p in paragraphs],
        )
        for heading, paragraphs in sections
    ]
    if ui is not None and ui.rules:  # (a variant's own rules list its bonuses, WAR II's)
        return filled
    return [*filled, bonuses_section(variant, lang)]


def bonuses_section(variant: str, lang: str) -> Section:
    """Each continent's bonus on the board, from its data.

    >>> bonuses_section("brasil", "en")
    ('Bonus by region', ['North 4 · Northeast 5 · Central-West 3 · Southeast 3 · South 2'])
    """
    board = get_variant(variant).board
    board_id = get_variant(variant).board_id
    items = [
        f"{place(lang, board_id, c.id)} {c.bonus}" for c in board.continents.values() if c.bonus
    ]
    heading = fill(lang, BONUS_HEADING.get(lang, BONUS_HEADING["pt"]), board_id)
    return heading, [" · ".join(items)]


#: Who neighbours whom, by language, on a board without and with lines across the sea
#: (War Brasil has none: its rules spoke of dotted lines its map does not draw).
NEIGHBOURS = {
    "pt": {
        False: "só há vizinhança onde há fronteira em comum",
        True: "as linhas pontilhadas também ligam {board.territories}; duas formas que se "
        "tocam no mapa nem sempre são vizinhas",
    },
    "en": {
        False: "neighbours are {board.territories} that share a border",
        True: "dotted lines connect {board.territories} too; two shapes that touch on the "
        "map are not always neighbours",
    },
}

#: The heading of the board's bonuses: the continents' (or regions') armies a turn.
BONUS_HEADING = {"pt": "Bônus por {board.continent}", "en": "Bonus by {board.continent}"}
