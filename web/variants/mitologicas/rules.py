"""Batalhas Mitológicas's rules help: what it changes, shown before the classic rules it shares."""

from __future__ import annotations

from variant_ui import Section

#: What Batalhas Mitológicas changes, shown before the classic rules it shares.
INTRO: dict[str, list[Section]] = {
    "pt": [
        (
            "Batalhas Mitológicas",
            [
                "O WAR num mapa da Grécia Antiga, para 3 ou 4 jogadores. Os continentes se chamam "
                "regiões e as tropas são guerreiros (no tabuleiro de mesa, uma figura mitológica "
                "vale 10 guerreiros; aqui o mapa mostra o número). As cartas trazem escudo, elmo "
                "ou espada: três figuras iguais ou três diferentes formam um conjunto.",
                "A primeira rodada é só de colocação.",
            ],
        )
    ],
    "en": [
        (
            "Mythological Battles",
            [
                "WAR on a map of Ancient Greece, for 3 or 4 players. Continents are called regions "
                "and the troops are warriors (on the table board a mythological figure stands for 10 "
                "warriors; here the map shows the number). Cards show a shield, a helmet or a "
                "sword: three equal figures or three different ones make a set.",
                "The first round is placement only.",
            ],
        )
    ],
}

#: Elimination where the eliminator's hand is topped up to five (replaces the shared section).
ELIMINATION: dict[str, Section] = {
    "pt": (
        "Eliminação",
        [
            "Quem destrói um adversário fica com as suas próprias cartas e recebe das cartas "
            "dele, tiradas sem olhar por outro jogador, só as que faltam para ficar com 5; as "
            "outras vão para o descarte. Quem já tem 5 cartas não recebe nenhuma. Não há "
            "troca no fim dessa jogada: com a carta da jogada, 6 cartas obrigam a trocar no "
            "início da próxima.",
        ],
    ),
    "en": (
        "Elimination",
        [
            "Whoever destroys an opponent keeps their own cards and gets, drawn blind by "
            "another player, only as many of the opponent's cards as bring their hand to 5; "
            "the others go to the discard pile. A player already holding 5 gets none. There is "
            "no trade at the end of that turn: if the turn's card makes 6, they must trade at "
            "the start of their next turn.",
        ],
    ),
}
