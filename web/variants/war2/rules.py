"""WAR II's rules help, in place of the shared (classic) rules."""

from __future__ import annotations

from variant_ui import Section

RULES: dict[str, list[Section]] = {
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
                "na segunda, cada um ataca, remaneja e usa cartas, sem receber exércitos nem "
                "bombardeiros (quem conquistou recebe as 3 cartas no fim, como sempre).",
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
                "cards, with no new armies or bombers (a player who conquered still receives "
                "the 3 cards at the end, as always).",
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
