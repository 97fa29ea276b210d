"""The rules in our own words, per variant and language, for the in-game help."""

from __future__ import annotations

Section = tuple[str, list[str]]

CLASSIC: dict[str, list[Section]] = {
    "pt": [
        ("O objetivo", [
            "Cada jogador recebe em segredo um objetivo: conquistar certos continentes, um "
            "número de territórios ou destruir um exército. Vence quem cumprir o seu primeiro.",
        ]),
        ("A jogada", [
            "Na sua vez: receba e coloque exércitos, ataque se quiser, remaneje e, se "
            "conquistou algum território, receba uma carta no fim.",
            "Exércitos recebidos: metade dos seus territórios (mínimo 3), mais o bônus de cada "
            "continente inteiro (esses só vão para o próprio continente).",
        ]),
        ("Ataques", [
            "Ataque de um território seu com pelo menos 2 exércitos a um vizinho inimigo "
            "(as linhas pontilhadas também ligam territórios). O atacante rola até 3 dados "
            "(exércitos menos 1), o defensor até 3. Comparam-se os maiores, depois os "
            "segundos e os terceiros: o maior vence e o empate é da defesa.",
            "Ao conquistar, mova para lá de 1 até o número de dados do último ataque.",
        ]),
        ("Remanejamento", [
            "No fim da jogada, mova exércitos entre territórios seus vizinhos. Um exército "
            "sempre fica, e cada exército só se move uma vez por jogada.",
        ]),
        ("Cartas", [
            "Três cartas com figuras iguais ou todas diferentes (o coringa vale qualquer) "
            "são trocadas por exércitos: 4, 6, 8, 10, 12, 15 e depois 5 a mais a cada "
            "troca do jogo. Se você tem o território de uma carta trocada, ganha mais 2 "
            "nele. Com 5 cartas, a troca é obrigatória.",
        ]),
        ("Eliminação", [
            "Quem destrói um adversário fica com as cartas dele (até 5).",
        ]),
    ],
    "en": [
        ("The goal", [
            "Each player secretly draws an objective: conquer certain continents, a number "
            "of territories, or destroy an army. The first to achieve theirs wins.",
        ]),
        ("A turn", [
            "On your turn: receive and place armies, attack if you wish, regroup, and, if you "
            "conquered a territory, draw a card at the end.",
            "Armies received: half your territories (at least 3), plus the bonus of each whole "
            "continent you hold (those go only into that continent).",
        ]),
        ("Attacks", [
            "Attack from a territory of yours with at least 2 armies into a neighbouring enemy "
            "(dotted lines connect territories too). The attacker rolls up to 3 dice (armies "
            "minus 1), the defender up to 3. Highest against highest, then second and third: "
            "the higher die wins and ties go to the defence.",
            "After a conquest, move in from 1 up to the number of dice of the last attack.",
        ]),
        ("Regrouping", [
            "At the end of the turn, move armies between neighbouring territories of yours. "
            "One army always stays, and each army moves only once per turn.",
        ]),
        ("Cards", [
            "Three cards with equal shapes or all different (a joker is any shape) trade for "
            "armies: 4, 6, 8, 10, 12, 15 and then 5 more at each trade of the game. Holding "
            "the territory of a traded card gives 2 more there. With 5 cards you must trade.",
        ]),
        ("Elimination", [
            "Whoever destroys an opponent takes their cards (up to 5).",
        ]),
    ],
}

RULES: dict[str, dict[str, list[Section]]] = {"classic": CLASSIC}


def rules_for(variant: str, lang: str) -> list[Section]:
    """The help sections for a variant (classic as the fallback) in a language."""
    texts = RULES.get(variant, CLASSIC)
    return texts.get(lang) or texts["pt"]
