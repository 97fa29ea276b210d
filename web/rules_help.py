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
            "Quem destrói um adversário fica com todas as cartas dele. No fim dessa jogada, "
            "antes de receber a carta, pode trocar conjuntos, um após o outro, e precisa "
            "trocar enquanto tiver mais de 5 cartas. Se a carta da jogada deixar 6, a troca é "
            "obrigatória no início da próxima jogada.",
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
            "Whoever destroys an opponent takes all their cards. At the end of that turn, "
            "before the card is drawn, they may trade sets, one after another, and must trade "
            "while holding more than 5 cards. If the turn's card makes 6, they must trade at "
            "the start of their next turn.",
        ]),
    ],
}

#: What a variant changes, shown before the classic rules it shares.
INTROS: dict[str, dict[str, list[Section]]] = {
    "mitologicas": {
        "pt": [("Batalhas Mitológicas", [
            "O WAR num mapa da Grécia Antiga, para 3 ou 4 jogadores. Os continentes se chamam "
            "regiões; cada guerreiro vale 1 e cada figura mitológica vale 10. As cartas trazem "
            "escudo, elmo e espada.",
            "A primeira rodada é só de colocação.",
        ])],
        "en": [("Mythological Battles", [
            "WAR on a map of Ancient Greece, for 3 or 4 players. Continents are called regions; "
            "each warrior counts 1 and each mythological figure 10. Cards show a shield, a "
            "helmet or a sword.",
            "The first round is placement only.",
        ])],
    },
    "brasil": {
        "pt": [("War Brasil", [
            "O mapa são os 26 estados e o Distrito Federal, agrupados nas cinco regiões do "
            "Brasil, cada uma com seu bônus.",
            "Na troca de cartas, cada carta de um estado que você ocupa dá 2 exércitos a mais "
            "nesse estado (não só uma carta por troca). A primeira rodada é só de colocação.",
        ])],
        "en": [("War Brasil", [
            "The map is Brazil's 26 states and the Federal District, grouped in the country's "
            "five regions, each with its bonus.",
            "When trading cards, every card of a state you hold gives 2 more armies there (not "
            "just one card per trade). The first round is placement only.",
        ])],
    },
}

#: Elimination where the eliminator's hand is topped up to five (WAR II, Mitológicas, Brasil).
TOP_UP: dict[str, dict[str, Section]] = {
    "mitologicas": {
        "pt": ("Eliminação", [
            "Quem destrói um adversário fica com as suas próprias cartas e recebe das cartas "
            "dele, tiradas sem olhar por outro jogador, só as que faltam para ficar com 5; as "
            "outras vão para o descarte. Quem já tem 5 cartas não recebe nenhuma. Não há "
            "troca no fim dessa jogada: com a carta da jogada, 6 cartas obrigam a trocar no "
            "início da próxima.",
        ]),
        "en": ("Elimination", [
            "Whoever destroys an opponent keeps their own cards and gets, drawn blind by "
            "another player, only as many of the opponent's cards as bring their hand to 5; "
            "the others go to the discard pile. A player already holding 5 gets none. There is "
            "no trade at the end of that turn: if the turn's card makes 6, they must trade at "
            "the start of their next turn.",
        ]),
    },
    "brasil": {
        "pt": ("Eliminação", [
            "Quem destrói um adversário fica com as suas próprias cartas e o jogo sorteia, das "
            "cartas dele, só as que faltam para ficar com 5; as outras vão para o descarte. "
            "Quem já tem 5 cartas não recebe nenhuma. Com a carta da jogada, 6 cartas obrigam a "
            "trocar no início da próxima.",
        ]),
        "en": ("Elimination", [
            "Whoever destroys an opponent keeps their own cards, and the game draws at random, "
            "from the opponent's cards, only as many as bring their hand to 5; the others go "
            "to the discard pile. A player already holding 5 gets none. If the turn's card "
            "makes 6, they must trade at the start of their next turn.",
        ]),
    },
}

WAR2: dict[str, list[Section]] = {
    "pt": [
        ("WAR II", [
            "Cada jogador tem um objetivo secreto (continentes, territórios, Centros "
            "Estratégicos, maiorias de continentes ou destruir um exército). Os 12 Centros "
            "Estratégicos (★) são distribuídos primeiro, com 2 exércitos cada; depois os "
            "territórios vagos são escolhidos um a um em volta da mesa.",
            "A primeira rodada tem duas etapas: na primeira só se colocam exércitos e se "
            "recebem bombardeiros; na segunda, ataques, deslocamentos e cartas.",
        ]),
        ("Exércitos recebidos", [
            "Metade dos seus territórios (mínimo 3); o bônus de cada continente inteiro, que "
            "só vai para esse continente; o bônus da maioria (mais da metade) de um "
            "continente, que vai para qualquer território seu; e 1 exército em cada Centro "
            "Estratégico seu, colocado nele. A opção \"regra da casa\" prende os exércitos da "
            "maioria ao próprio continente.",
            "Cada Centro Estratégico também dá um bombardeiro para a base aérea.",
        ]),
        ("Ataques", [
            "Os ataques por terra são os do WAR. Os bombardeiros da base atacam qualquer "
            "território inimigo com 2 ou mais exércitos: a defesa antiaérea rola primeiro, "
            "depois o dado de bombas. Um território nunca é conquistado só pelo ar.",
        ]),
        ("Cartas", [
            "Ao conquistar, receba 3 cartas no fim da jogada (até ficar com 5). Em qualquer "
            "momento da sua jogada, uma carta de território seu (mais cartas numeradas) vira "
            "exércitos nele; de território inimigo, bombardeiros contra ele; duas cartas de "
            "territórios seus transportam exércitos de um para o outro.",
        ]),
        ("Deslocamentos", [
            "Cada exército se move uma vez por jogada, de um jeito só: um passo para um "
            "vizinho, um aerotransporte entre dois Centros Estratégicos seus ou um transporte "
            "com duas cartas. Um exército que já se moveu não se move de novo, nem de outro "
            "jeito. Os que entraram por conquista podem fazer esse único movimento. Um "
            "exército sempre fica em cada território.",
        ]),
        ("Centro de Informação (opção)", [
            "Colocado num território seu na 1ª ou 2ª rodada, deixa espionar as cartas de um "
            "adversário por jogada. Move-se só na fase de remanejamento e uma vez por jogada: "
            "para um vizinho, entre Centros Estratégicos, ou descartando duas cartas de "
            "territórios seus, nunca as duas coisas.",
        ]),
        ("Eliminação", [
            "Quem destrói um adversário fica com as suas próprias cartas; o jogador seguinte "
            "tira, sem olhar, das cartas do eliminado só as que faltam para completar 5, e as "
            "outras vão para o descarte. Quem já tem 5 cartas não recebe nenhuma.",
        ]),
    ],
    "en": [
        ("WAR II", [
            "Each player has a secret objective (continents, territories, Strategic Centres, "
            "continent majorities or destroying an army). The 12 Strategic Centres (★) are "
            "dealt first, 2 armies on each; then the vacant territories are chosen one at a "
            "time round the table.",
            "The first round has two stages: in the first, players only place armies and "
            "receive bombers; in the second, attacks, moves and cards.",
        ]),
        ("Armies received", [
            "Half your territories (at least 3); the bonus of each whole continent, which goes "
            "only into that continent; the bonus of a continent majority (more than half), "
            "which goes on any territory of yours; and 1 army on each of your Strategic "
            "Centres. The \"house rule\" option binds majority armies to their continent.",
            "Each Strategic Centre also gives a bomber for the air base.",
        ]),
        ("Attacks", [
            "Land attacks are WAR's. Bombers from the air base attack any enemy territory "
            "with 2 or more armies: the anti-aircraft die rolls first, then the bomb die. A "
            "territory is never conquered from the air alone.",
        ]),
        ("Cards", [
            "After a conquest, draw 3 cards at the end of the turn (up to 5 in hand). At any "
            "moment of your turn, a card of your territory (plus numbered cards) becomes armies "
            "there; of an enemy territory, bombers against it; two cards of your territories "
            "transport armies from one to the other.",
        ]),
        ("Moving armies", [
            "Each army moves once per turn, one way only: a step to a neighbour, an airlift "
            "between two of your Strategic Centres, or a transport with two cards. An army "
            "that moved does not move again, not even another way. Armies that entered by "
            "conquest may make that one move. One army always stays in each territory.",
        ]),
        ("Information Centre (option)", [
            "Placed on a territory of yours in round 1 or 2, it lets you spy on one opponent's "
            "cards per turn. It moves only in the regroup phase and once per turn: to a "
            "neighbour, between Strategic Centres, or by discarding two cards of your "
            "territories, never both.",
        ]),
        ("Elimination", [
            "Whoever destroys an opponent keeps their own cards; the next player draws blind, "
            "from the eliminated player's cards, only as many as bring their hand to 5, and "
            "the others go to the discard pile. A player already holding 5 gets none.",
        ]),
    ],
}

RULES: dict[str, dict[str, list[Section]]] = {"classic": CLASSIC, "war2": WAR2}


def rules_for(variant: str, lang: str) -> list[Section]:
    """The help sections for a variant (its own first, then the shared rules) in a language;
    a variant's own elimination section replaces the classic one."""
    texts = RULES.get(variant, CLASSIC)
    intro = INTROS.get(variant, {})
    sections = (intro.get(lang) or intro.get("pt") or []) + (texts.get(lang) or texts["pt"])
    own = TOP_UP.get(variant, {})
    elimination = own.get(lang) or own.get("pt")
    if elimination is not None:
        sections = [elimination if title == elimination[0] else (title, paragraphs)
                    for title, paragraphs in sections]
    return sections
