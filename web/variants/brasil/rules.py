"""War Brasil's rules help: what it changes, shown before the classic rules it shares."""

from __future__ import annotations

from variant_ui import Section

#: What War Brasil changes, shown before the classic rules it shares.
INTRO: dict[str, list[Section]] = {
    "pt": [
        (
            "War Brasil",
            [
                "O mapa são os 26 estados e o Distrito Federal, agrupados nas cinco regiões do "
                "Brasil, cada uma com seu bônus.",
                "Na troca de cartas, cada carta de um estado que você ocupa dá 2 exércitos a mais "
                "nesse estado (não só uma carta por troca). A primeira rodada é só de colocação.",
            ],
        )
    ],
    "en": [
        (
            "War Brasil",
            [
                "The map is Brazil's 26 states and the Federal District, grouped in the country's "
                "five regions, each with its bonus.",
                "When trading cards, every card of a state you hold gives 2 more armies there (not "
                "just one card per trade). The first round is placement only.",
            ],
        )
    ],
}

#: Elimination where the eliminator's hand is topped up to five (replaces the shared section).
ELIMINATION: dict[str, Section] = {
    "pt": (
        "Eliminação",
        [
            "Quem destrói um adversário fica com as suas próprias cartas e o jogo sorteia, das "
            "cartas dele, só as que faltam para ficar com 5; as outras vão para o descarte. "
            "Quem já tem 5 cartas não recebe nenhuma. Com a carta da jogada, 6 cartas obrigam a "
            "trocar no início da próxima.",
        ],
    ),
    "en": (
        "Elimination",
        [
            "Whoever destroys an opponent keeps their own cards, and the game draws at random, "
            "from the opponent's cards, only as many as bring their hand to 5; the others go "
            "to the discard pile. A player already holding 5 gets none. If the turn's card "
            "makes 6, they must trade at the start of their next turn.",
        ],
    ),
}
