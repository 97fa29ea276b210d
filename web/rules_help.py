"""The rules in our own words, per variant and language, for the in-game help.

Paragraphs are templates: ``{board.armies}`` and the like are the board's own words (see
``i18n.board_terms``), so one text serves every board that shares a rule.
"""

from __future__ import annotations

from pywar.variants import get_variant

from i18n import fill

Section = tuple[str, list[str]]

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
                "{board.Armies} recebidos: metade dos seus {board.territories} (mínimo 3), mais o "
                "bônus de cada {board.continent} que você tem por inteiro (esses só vão para lá).",
            ],
        ),
        (
            "Ataques",
            [
                "Ataque de um {board.territory} seu com pelo menos 2 {board.armies} a um vizinho "
                "inimigo (as linhas pontilhadas também ligam {board.territories}). O atacante rola "
                "até 3 dados ({board.armies} menos 1), o defensor até 3. Comparam-se os maiores, "
                "depois os segundos e os terceiros: o maior vence e o empate é da defesa.",
                "Ao conquistar, mova para lá de 1 até o número de dados do último ataque.",
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
                "2 nele. Com 5 cartas, a troca é obrigatória.",
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
                "{board.Armies} received: half your {board.territories} (at least 3), plus the "
                "bonus of each whole {board.continent} you hold (those go only into that "
                "{board.continent}).",
            ],
        ),
        (
            "Attacks",
            [
                "Attack from {board.a_territory} of yours with at least 2 {board.armies} into a "
                "neighbouring enemy (dotted lines connect {board.territories} too). The attacker "
                "rolls up to 3 dice ({board.armies} minus 1), the defender up to 3. Highest against "
                "highest, then second and third: the higher die wins and ties go to the defence.",
                "After a conquest, move in from 1 up to the number of dice of the last attack.",
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
                "Holding the {board.territory} of a traded card gives 2 more there. With 5 cards "
                "you must trade.",
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

#: What a variant changes, shown before the classic rules it shares.
INTROS: dict[str, dict[str, list[Section]]] = {
    "mitologicas": {
        "pt": [
            (
                "Batalhas Mitológicas",
                [
                    "O WAR num mapa da Grécia Antiga, para 3 ou 4 jogadores. Os continentes se chamam "
                    "regiões; cada guerreiro vale 1 e cada figura mitológica vale 10. As cartas trazem "
                    "escudo, elmo e espada.",
                    "A primeira rodada é só de colocação.",
                ],
            )
        ],
        "en": [
            (
                "Mythological Battles",
                [
                    "WAR on a map of Ancient Greece, for 3 or 4 players. Continents are called regions; "
                    "each warrior counts 1 and each mythological figure 10. Cards show a shield, a "
                    "helmet or a sword.",
                    "The first round is placement only.",
                ],
            )
        ],
    },
    "brasil": {
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
    },
}

#: Elimination where the eliminator's hand is topped up to five (WAR II, Mitológicas, Brasil).
TOP_UP: dict[str, dict[str, Section]] = {
    "mitologicas": {
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
    },
    "brasil": {
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
    },
}

WAR2: dict[str, list[Section]] = {
    "pt": [
        (
            "O objetivo",
            [
                "Cada jogador recebe em segredo um dos 20 objetivos: conquistar continentes "
                "inteiros, um número de territórios, Centros Estratégicos, a maioria dos "
                "territórios de cinco continentes, ou destruir os exércitos de uma cor. Vence quem "
                "cumprir o seu primeiro.",
            ],
        ),
        (
            "A preparação",
            [
                "Os 12 Centros Estratégicos (CE, marcados com uma estrela no mapa) são sorteados "
                "um a um entre os jogadores, com 2 exércitos em cada. Depois, a partir de quem "
                "sorteou, cada um escolhe por sua vez um território vago e põe nele 1 exército, "
                "até o mapa ficar cheio.",
                "Com 5 jogadores só 10 CE são sorteados. Na sua vez, cada um fica com um dos 2 CE "
                "que sobraram ou com dois territórios vagos (não CE) de continentes diferentes; "
                "esta segunda escolha se fecha quando três jogadores já a fizeram.",
            ],
        ),
        (
            "A primeira rodada",
            [
                "Começa quem vem depois de quem pôs o último exército. A primeira rodada dá duas "
                "voltas na mesa: na primeira, cada um só recebe e coloca exércitos e bombardeiros; "
                "na segunda, cada um ataca, remaneja e usa cartas, sem receber nada.",
            ],
        ),
        (
            "A jogada",
            [
                "Da segunda rodada em diante: receba e coloque exércitos, receba bombardeiros, "
                "ataque por terra e pelo ar se quiser, remaneje e, se conquistou algum território, "
                "receba 3 cartas no fim (a mão guarda no máximo 5).",
            ],
        ),
        (
            "Exércitos recebidos",
            [
                "Metade dos seus territórios (no mínimo 3); o bônus de cada continente que você "
                "tem inteiro; o bônus de maioria de cada continente em que você tem mais da metade "
                "dos territórios (sem tê-lo inteiro); e 1 em cada CE seu. O bônus de continente "
                "inteiro vai para aquele continente; o de maioria, para qualquer território seu; o "
                'de um CE, para o próprio CE. A opção "regra da casa" prende os exércitos da '
                "maioria ao próprio continente.",
                "Bônus do continente inteiro / da maioria: América do Norte 5/3, América do Sul "
                "3/2, Europa 5/3, África 3/2, Ásia 7/4, Oceania 3/2.",
            ],
        ),
        (
            "Bombardeiros",
            [
                "No início da sua jogada (menos na segunda volta da primeira rodada) você recebe "
                "1 bombardeiro por CE seu, da sua caixa para a sua base aérea. Cada cor tem 10 "
                "bombardeiros.",
            ],
        ),
        (
            "Ataques por terra",
            [
                "Como no WAR clássico: de um território seu com pelo menos 2 exércitos a um vizinho "
                "inimigo (ou ligado por linha pontilhada), até 3 dados vermelhos contra até 3 "
                "amarelos; o maior vence e o empate é da defesa. Ao conquistar, mova de 1 até o "
                "número de dados do último ataque.",
            ],
        ),
        (
            "Ataques aéreos",
            [
                "Na fase de ataque, mande bombardeiros da sua base contra qualquer território "
                "inimigo com pelo menos 2 exércitos, vizinho ou não. A cada rodada a defesa rola "
                "o dado antiaéreo (faces 0, 0, 0, 1, 1 e 2 bombardeiros abatidos); se sobrar "
                "bombardeiro, o ataque rola o dado de bombas (faces 0, 0, 1, 1, 2 e 3 exércitos "
                "destruídos).",
                "O ataque aéreo acaba quando todos os bombardeiros caem, quando resta 1 exército "
                "no alvo ou quando você para. Pelo ar não se conquista território. Os "
                "bombardeiros que voltam vão para a base; os abatidos, para a caixa.",
            ],
        ),
        (
            "Cartas",
            [
                "São 61 cartas: 33 de territórios (algumas com dois territórios, duas com um "
                "continente inteiro) e 28 com os números 1, 2 ou 3. A qualquer momento da sua "
                "jogada, cada carta serve para uma só destas coisas:",
                "Exércitos: a carta de um território seu, com quantas cartas de número quiser, "
                "dá 1 + a soma dos números em exércitos nesse território.",
                "Bombardeiros: a carta de um território inimigo, com cartas de número, dá 1 + a "
                "soma dos números em bombardeiros da sua caixa, para um ataque aéreo a esse "
                "território (a caixa precisa ter todos eles).",
                "Transporte: duas cartas de territórios seus levam quantos exércitos você quiser "
                "de um deles ao outro (um sempre fica).",
                "Você também pode descartar cartas. As cartas usadas voltam ao monte, embaralhadas, "
                "quando chegam a 10.",
            ],
        ),
        (
            "Remanejamento",
            [
                "No fim, mova exércitos entre territórios seus vizinhos, ou pelo ar de um CE seu a "
                "outro CE seu. Um exército sempre fica. Cada exército se move uma vez por jogada, de "
                "um jeito só: um passo, um aerotransporte ou um transporte com duas cartas; quem já "
                "se moveu não se move de novo, nem de outro jeito. Os que entraram por conquista "
                "podem fazer esse único movimento.",
            ],
        ),
        (
            "Eliminação",
            [
                "Quem destrói um adversário fica com as suas próprias cartas; o jogador seguinte "
                "tira, sem olhar, das cartas do eliminado só as que faltam para completar 5, e as "
                "outras vão para o descarte. Quem já tem 5 cartas não recebe nenhuma.",
            ],
        ),
        (
            "Opção: Centros de Informação",
            [
                "Cada jogador põe o seu CI num território seu na primeira ou na segunda rodada. Com "
                "o CI no mapa e sob o seu domínio, você vê, uma vez por jogada, as cartas de um "
                "adversário. Quem conquista o território de um CI fica com ele e vê as cartas e o "
                "objetivo do dono. O CI anda só no remanejamento e uma vez por jogada: a um vizinho "
                "ou de CE a CE, ou com duas cartas de territórios seus descartadas, nunca as duas "
                "coisas.",
            ],
        ),
    ],
    "en": [
        (
            "The goal",
            [
                "Each player secretly draws one of 20 objectives: conquer whole continents, a "
                "number of territories, Strategic Centres, the majority of the territories of "
                "five continents, or destroy the armies of a colour. The first to achieve theirs "
                "wins.",
            ],
        ),
        (
            "Setting up",
            [
                "The 12 Strategic Centres (★ on the map) are dealt one by one to the players, "
                "with 2 armies on each. Then, from the dealer on, each player in turn picks a "
                "vacant territory and puts 1 army there, until the map is full.",
                "With 5 players only 10 centres are dealt. In turn, each player takes one of the 2 "
                "centres left or two vacant territories (not centres) on different continents; that "
                "second choice closes once three players have made it.",
            ],
        ),
        (
            "The first round",
            [
                "The player after the one who placed the last army starts. The first round goes "
                "round the table twice: the first time, each player only receives and places "
                "armies and bombers; the second time, each player attacks, regroups and uses "
                "cards, receiving nothing.",
            ],
        ),
        (
            "A turn",
            [
                "From the second round on: receive and place armies, receive bombers, attack by "
                "land and by air if you wish, regroup, and, if you conquered a territory, draw 3 "
                "cards at the end (a hand holds at most 5).",
            ],
        ),
        (
            "Armies received",
            [
                "Half your territories (at least 3); the bonus of each continent you hold whole; "
                "the majority bonus of each continent where you hold more than half the "
                "territories (without the whole of it); and 1 on each centre of yours. A whole "
                "continent's bonus goes into that continent; a majority's, onto any territory of "
                'yours; a centre\'s, onto that centre. The "house rule" option binds majority '
                "armies to their continent.",
                "Whole continent / majority bonus: North America 5/3, South America 3/2, Europe "
                "5/3, Africa 3/2, Asia 7/4, Oceania 3/2.",
            ],
        ),
        (
            "Bombers",
            [
                "At the start of your turn (except the second time round in the first round) you "
                "receive 1 bomber per centre of yours, from your box into your air base. Each colour "
                "has 10 bombers.",
            ],
        ),
        (
            "Land attacks",
            [
                "As in classic WAR: from a territory of yours with at least 2 armies into a "
                "neighbouring enemy (or one joined by a dotted line), up to 3 red dice against up "
                "to 3 yellow; the higher die wins and ties go to the defence. After a conquest, "
                "move in from 1 up to the number of dice of the last attack.",
            ],
        ),
        (
            "Air attacks",
            [
                "In the attack phase, send bombers from your air base against any enemy territory "
                "with at least 2 armies, neighbouring or not. Each round the defence rolls the "
                "anti-aircraft die (faces 0, 0, 0, 1, 1 and 2 bombers shot down); if a bomber is "
                "left, the attack rolls the bomb die (faces 0, 0, 1, 1, 2 and 3 armies "
                "destroyed).",
                "The air attack ends when every bomber is down, when 1 army is left in the target "
                "or when you stop. No territory is conquered from the air. Bombers that come back "
                "go to the air base; those shot down, to the box.",
            ],
        ),
        (
            "Cards",
            [
                "There are 61 cards: 33 of territories (some with two territories, two with a "
                "whole continent) and 28 with the numbers 1, 2 or 3. At any moment of your turn, "
                "each card serves just one of these purposes:",
                "Armies: the card of a territory of yours, with as many number cards as you like, "
                "gives 1 + the sum of the numbers in armies on that territory.",
                "Bombers: the card of an enemy territory, with number cards, gives 1 + the sum of "
                "the numbers in bombers from your box, for an air attack on that territory (the "
                "box must hold them all).",
                "Transport: two cards of territories of yours move as many armies as you like from "
                "one to the other (one always stays).",
                "You may also discard cards. Used cards go back into the deck, shuffled, when "
                "they reach 10.",
            ],
        ),
        (
            "Regrouping",
            [
                "At the end, move armies between neighbouring territories of yours, or by air "
                "from one centre of yours to another. One army always stays. Each army moves once "
                "per turn, one way only: a step, an airlift or a transport by two cards; an army "
                "that moved does not move again, by any means. Armies that entered by conquest may "
                "make that one move.",
            ],
        ),
        (
            "Elimination",
            [
                "Whoever destroys an opponent keeps their own cards; the next player draws blind, "
                "from the eliminated player's cards, only as many as bring the hand to 5, and the "
                "rest go to the discard pile. A player already holding 5 gets none.",
            ],
        ),
        (
            "Option: Information Centres",
            [
                "Each player puts their Information Centre on a territory of theirs in the first "
                "or second round. With yours on the map and in your hands, once per turn you see "
                "one opponent's cards. Whoever conquers the territory of an Information Centre "
                "keeps it and sees its owner's cards and objective. It moves only in the regroup "
                "phase and once per turn: to a neighbour or from centre to centre, or by "
                "discarding two cards of territories of yours, never both.",
            ],
        ),
    ],
}

RULES: dict[str, dict[str, list[Section]]] = {"classic": CLASSIC, "war2": WAR2}


def rules_for(variant: str, lang: str) -> list[Section]:
    """The help sections for a variant (its own first, then the shared rules) in a language,
    in the words of its board (templates filled like the page's catalogue, see i18n.fill);
    a variant's own elimination section replaces the classic one."""
    texts = RULES.get(variant, CLASSIC)
    intro = INTROS.get(variant, {})
    sections = (intro.get(lang) or intro.get("pt") or []) + (texts.get(lang) or texts["pt"])
    own = TOP_UP.get(variant, {})
    elimination = own.get(lang) or own.get("pt")
    if elimination is not None:
        sections = [
            elimination if title == elimination[0] else (title, paragraphs)
            for title, paragraphs in sections
        ]
    board_id = get_variant(variant).board_id
    return [
        (fill(lang, heading, board_id), [fill(lang, p, board_id) for p in paragraphs])
        for heading, paragraphs in sections
    ]
