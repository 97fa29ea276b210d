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
                "cumprir o seu primeiro, na hora em que o cumpre.",
                "Se a cor que você deve destruir é a sua, ou se outro jogador a elimina, o seu "
                "objetivo passa a ser conquistar 24 territórios.",
            ],
        ),
        (
            "A preparação",
            [
                "Os 12 Centros Estratégicos (CE, marcados com ★ no mapa) são sorteados um a um, "
                "em volta da mesa, com 2 exércitos em cada. O jogo avisa quem começa a escolher "
                "(“… começa a escolher”). A partir dele, em volta da mesa, cada um põe 1 "
                "exército num território vago (tracejado no mapa) à sua escolha, até não sobrar "
                "nenhum.",
                "Com 5 jogadores só 10 CE são sorteados, 2 para cada um. Antes da escolha livre, "
                "a partir do mesmo jogador, cada um fica ou com uma das 2 cartas de CE que "
                "sobraram (2 exércitos nele) ou com dois territórios vagos que não sejam CE, de "
                "continentes diferentes (1 exército em cada).",
                "No fim, dois jogadores terão um CE e três terão dois territórios: depois que "
                "três jogadores escolheram dois territórios, quem falta pega uma carta de CE; "
                "quando as duas cartas de CE acabam, quem falta escolhe dois territórios. Uma "
                "opção do jogo distribui os 12 CE, sem essa escolha.",
            ],
        ),
        (
            "A primeira rodada",
            [
                "Começa quem vem depois de quem pôs o último exército; o jogo sempre diz de quem "
                "é a vez (“Rodada 1, 1ª etapa: vez de …”). A 1ª rodada dá duas voltas na mesa, "
                "em duas etapas.",
                "1ª etapa: cada um só recebe e coloca exércitos e recebe bombardeiros; a vez passa "
                "com o último exército colocado. 2ª etapa: cada um pode atacar (por terra e pelo "
                "ar), remanejar e usar cartas, sem receber exércitos nem bombardeiros; quem "
                "conquistou recebe as 3 cartas no fim, como sempre.",
            ],
        ),
        (
            "A jogada",
            [
                "Da 2ª rodada em diante, na sua vez: receba e coloque exércitos, receba "
                "bombardeiros, ataque por terra e pelo ar se quiser, remaneje e, se conquistou "
                "pelo menos um território, receba 3 cartas no fim, só as que couberem (a mão "
                "guarda no máximo 5).",
            ],
        ),
        (
            "Exércitos recebidos",
            [
                "Metade dos seus territórios, arredondada para baixo (no mínimo 3); o bônus de "
                "cada continente que você tem inteiro; o bônus de maioria de cada continente em "
                "que você tem mais da metade dos territórios (sem tê-lo inteiro); e 1 em cada CE "
                "seu.",
                "O bônus de continente inteiro vai para aquele continente; o de maioria, para "
                "qualquer território seu; o de um CE, para o próprio CE. A opção do jogo "
                "“Regra da casa” prende também os exércitos da maioria ao próprio continente.",
                "Bônus do continente inteiro / da maioria: América do Norte 5/3, América do Sul "
                "3/2, Europa 5/3, África 3/2, Ásia 7/4, Oceania 3/2.",
            ],
        ),
        (
            "Bombardeiros",
            [
                "Cada cor tem 10 bombardeiros, guardados em dois lugares, que o painel mostra "
                "(“✈ Sua base aérea: 4 bombardeiros · na caixa: 6”). A base aérea guarda os "
                "bombardeiros prontos para voar: é dela que saem os seus ataques aéreos. A caixa "
                "guarda os outros, os ainda não recebidos e os abatidos; de lá, só cartas os "
                "tiram (veja Cartas).",
                "No início da sua jogada (menos na 2ª etapa da 1ª rodada) você recebe 1 "
                "bombardeiro por CE seu: ele passa da sua caixa para a sua base aérea, enquanto "
                "houver bombardeiros na caixa.",
            ],
        ),
        (
            "Ataques por terra",
            [
                "Como no WAR clássico: ataque de um território seu com pelo menos 2 exércitos a "
                "um território inimigo vizinho (ou ligado por linha pontilhada). Você rola 1 dado "
                "vermelho por exército além do que fica, até 3 (pode rolar menos); o defensor, 1 "
                "dado amarelo por exército, até 3.",
                "Compara-se o maior com o maior, depois o segundo com o segundo e o terceiro com "
                "o terceiro: o maior vence e o empate é da defesa; cada comparação perdida custa "
                "1 exército. Ao conquistar, mova para lá de 1 até o número de dados do último "
                "ataque.",
            ],
        ),
        (
            "Ataques aéreos",
            [
                "Na fase de ataque, mande quantos bombardeiros quiser da sua base aérea contra "
                "qualquer território inimigo com pelo menos 2 exércitos, vizinho ou não. (Com "
                "cartas, os bombardeiros saem da caixa, a qualquer momento da sua jogada: veja "
                "Cartas.)",
                "O ataque aéreo vai em lances. A cada lance, o defensor rola o dado antiaéreo "
                "(faces 0, 0, 0, 1, 1 e 2 bombardeiros abatidos); se sobrar bombardeiro seu, "
                "você rola o dado de ataque aéreo (faces 0, 0, 1, 1, 2 e 3 exércitos "
                "destruídos). Depois, você continua (novo lance) ou para.",
                "O ataque aéreo acaba quando todos os bombardeiros caem, quando resta 1 exército "
                "no alvo ou quando você para. Pelo ar não se conquista território: o alvo fica "
                "sempre com 1 exército. Os bombardeiros que sobram vão para a sua base aérea "
                "(mesmo os que saíram da caixa); os abatidos voltam para a sua caixa.",
            ],
        ),
        (
            "Cartas",
            [
                "São 61 cartas: 33 de territórios (quase todas com um território, algumas com "
                "dois, duas com um continente inteiro) e 28 numeradas, com 1, 2 ou 3. Uma carta "
                "com mais de um território vale para um só deles, à sua escolha.",
                "A qualquer momento da sua jogada (ao colocar, atacar ou remanejar), cada carta "
                "serve para uma só destas coisas e depois vai para o monte das usadas:",
                "Exércitos: a carta de um território seu, com quantas cartas numeradas quiser, "
                "dá 1 + a soma dos números em exércitos nesse território.",
                "Bombardeiros: a carta de um território inimigo com pelo menos 2 exércitos, com "
                "cartas numeradas se quiser, manda 1 + a soma dos números em bombardeiros da sua "
                "caixa num ataque aéreo a esse território (a caixa precisa ter todos eles).",
                "Transporte: duas cartas de territórios seus levam quantos exércitos você quiser "
                "de um desses territórios para o outro (um sempre fica, e os que já se moveram "
                "nesta jogada não vão).",
                "Você também pode descartar cartas na sua jogada, por exemplo para abrir espaço "
                "para as 3 do fim. Usadas e descartadas formam um monte; quando ele chega a 10 "
                "cartas, volta para o baralho, que é embaralhado.",
            ],
        ),
        (
            "Remanejamento",
            [
                "Depois dos ataques, mova exércitos entre territórios seus vizinhos. "
                "Aerotransporte: na mesma fase, exércitos também podem voar de um CE seu para "
                "outro CE seu, mesmo longe (botão “✈ Aerotransporte entre CEs”). Em cada "
                "território sempre fica 1 exército.",
                "Cada exército se move uma só vez por jogada, de um jeito só: um passo a um "
                "vizinho, um aerotransporte ou um transporte com duas cartas. Quem voou não anda "
                "mais um passo, e quem chegou a um CE com um passo não voa. Os que entraram por "
                "conquista podem fazer esse único movimento.",
            ],
        ),
        (
            "Eliminação",
            [
                "Quem destrói um adversário (sem que fosse o seu objetivo, que ganharia o jogo) "
                "fica com as suas próprias cartas e recebe parte das do eliminado: o jogador que "
                "joga logo depois dele tira, sem olhar, das cartas do eliminado só as que faltam "
                "para a mão de quem eliminou chegar a 5 (o jogo faz esse sorteio e o histórico "
                "diz quem tirou). As outras vão para o monte das usadas. Quem já tem 5 cartas não "
                "recebe nenhuma.",
            ],
        ),
        (
            "Opção: Centros de Informação",
            [
                "Com a opção “Centros de Informação e espionagem”, cada jogador tem um Centro de "
                "Informação (CI) e deve pô-lo num território seu na 1ª ou na 2ª rodada (botão "
                "“Colocar meu Centro de Informação”; a sua jogada da 2ª rodada não termina sem "
                "ele). O CI não é exército: não ataca nem defende, mas pode ser capturado.",
                "Espionagem: enquanto o seu CI estiver no mapa e não tiver sido capturado por "
                "um adversário, você pode, uma vez por jogada, ver todas as cartas (não o "
                "objetivo) de um adversário. Só você as vê.",
                "Captura: quem conquista o território onde está um CI o captura e vê, nessa "
                "hora, as cartas e o objetivo do dono. Fica com ele (e pode movê-lo) até o "
                "dono, ou outro jogador, conquistar o território; enquanto isso, o dono não "
                "espiona.",
                "Movimento: só no remanejamento e uma vez por jogada, ou para um território seu "
                "vizinho (ou de um CE seu para outro), ou descartando duas cartas de territórios "
                "seus, que o levam para um desses territórios; nunca as duas coisas.",
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
                "wins, the moment they achieve it.",
                "If the colour you must destroy is your own, or another player eliminates it, "
                "your objective becomes conquering 24 territories.",
            ],
        ),
        (
            "Setting up",
            [
                "The 12 Strategic Centres (“centres” for short, ★ on the map) are dealt at "
                "random, one by one round the table, with 2 armies on each. The game says who "
                "chooses first (“… chooses first”). From that player on, round the table, each "
                "puts 1 army on a vacant territory (dashed on the map) of their choice, until "
                "none is left.",
                "With 5 players only 10 centres are dealt, 2 each. Before the free choice, from "
                "the same player on, each player takes either one of the 2 centre cards left (2 "
                "armies on it) or two vacant territories that are not centres, on different "
                "continents (1 army on each).",
                "In the end two players get a centre and three get two territories: once three "
                "players have taken two territories, those still to choose must take a centre "
                "card; once both centre cards are gone, those still to choose must take two "
                "territories. A game option deals all 12 centres instead, with no choice.",
            ],
        ),
        (
            "The first round",
            [
                "The player after the one who placed the last army starts; the game always says "
                "whose turn it is (“Round 1, stage 1: … to play”). Round 1 goes round the table "
                "twice, in two stages.",
                "Stage 1: each player only receives and places armies and receives bombers; the "
                "turn passes with the last army placed. Stage 2: each player may attack (by land "
                "and by air), regroup and use cards, with no new armies or bombers; a player who "
                "conquered still draws the 3 cards at the end, as always.",
            ],
        ),
        (
            "A turn",
            [
                "From round 2 on, on your turn: receive and place armies, receive bombers, attack "
                "by land and by air if you wish, regroup, and, if you conquered at least one "
                "territory, draw 3 cards at the end, as many as fit (a hand holds at most 5).",
            ],
        ),
        (
            "Armies received",
            [
                "Half your territories, rounded down (at least 3); the bonus of each continent "
                "you hold whole; the majority bonus of each continent where you hold more than "
                "half the territories (without the whole of it); and 1 on each centre of yours.",
                "A whole continent's bonus goes into that continent; a majority's, onto any "
                "territory of yours; a centre's, onto that centre. The “House rule” game option "
                "binds majority armies to their continent too.",
                "Whole continent / majority bonus: North America 5/3, South America 3/2, Europe "
                "5/3, Africa 3/2, Asia 7/4, Oceania 3/2.",
            ],
        ),
        (
            "Bombers",
            [
                "Each colour has 10 bombers, kept in two places that the panel shows (“✈ Your "
                "air base: 4 bombers · in the box: 6”). The air base holds the bombers ready to "
                "fly: your air attacks take off from it. The box holds the rest, those not "
                "received yet and those shot down; only cards launch bombers from the box (see "
                "Cards).",
                "At the start of your turn (except in stage 2 of round 1) you receive 1 bomber "
                "per centre of yours: it moves from your box to your air base, while the box has "
                "any.",
            ],
        ),
        (
            "Land attacks",
            [
                "As in classic WAR: attack from a territory of yours with at least 2 armies into "
                "a neighbouring enemy territory (or one joined by a dotted line). You roll 1 red "
                "die per army beyond the one that stays, up to 3 (you may roll fewer); the "
                "defender rolls 1 yellow die per army, up to 3.",
                "Highest die against highest, then second against second and third against "
                "third: the higher wins and ties go to the defence; each lost comparison costs 1 "
                "army. After a conquest, move in from 1 up to the number of dice of the last "
                "attack.",
            ],
        ),
        (
            "Air attacks",
            [
                "In the attack phase, send as many bombers as you like from your air base "
                "against any enemy territory with at least 2 armies, neighbouring or not. (With "
                "cards, bombers take off from the box at any moment of your turn: see Cards.)",
                "An air attack goes roll by roll. On each roll, the defender rolls the "
                "anti-aircraft die (faces 0, 0, 0, 1, 1 and 2 bombers shot down); if any of your "
                "bombers is left, you roll the air-attack die (faces 0, 0, 1, 1, 2 and 3 armies "
                "destroyed). Then you go on (roll again) or stop.",
                "The air attack ends when every bomber is down, when 1 army is left in the target "
                "or when you stop. No territory is conquered by air: the target always keeps 1 "
                "army. Bombers left flying go to your air base (even those that came from the "
                "box); those shot down go back to your box.",
            ],
        ),
        (
            "Cards",
            [
                "There are 61 cards: 33 territory cards (most with one territory, some with two, "
                "two with a whole continent) and 28 numbered cards, with 1, 2 or 3. A card with "
                "more than one territory counts for just one of them, your choice.",
                "At any moment of your turn (placing, attacking or regrouping), each card serves "
                "just one of these purposes, then goes to the used pile:",
                "Armies: the card of a territory of yours, with as many numbered cards as you "
                "like, gives 1 + the sum of the numbers in armies on that territory.",
                "Bombers: the card of an enemy territory with at least 2 armies, with numbered "
                "cards if you like, sends 1 + the sum of the numbers in bombers from your box on "
                "an air attack on that territory (the box must hold them all).",
                "Transport: two cards of territories of yours move as many armies as you like "
                "from one of those territories to the other (one always stays, and armies that "
                "already moved this turn cannot go).",
                "You may also discard cards during your turn, for instance to make room for the 3 "
                "you draw at the end. Used and discarded cards make a pile; when it reaches 10 "
                "cards, it goes back into the deck, which is shuffled.",
            ],
        ),
        (
            "Regrouping",
            [
                "After your attacks, move armies between neighbouring territories of yours. "
                "Airlift: in the same phase, armies may also fly from one of your Strategic "
                "Centres to another of yours, however far apart (button “✈ Airlift between "
                "centres”). One army always stays in each territory.",
                "Each army moves only once per turn, one way only: a step to a neighbour, an "
                "airlift or a transport by two cards. Armies that flew do not step on, and "
                "armies that stepped into a centre do not fly. Armies that entered by conquest "
                "may make that one move.",
            ],
        ),
        (
            "Elimination",
            [
                "Whoever destroys an opponent (when that is not their objective, which would win "
                "the game) keeps their own cards and gets some of the eliminated player's: the "
                "player whose turn comes right after theirs draws blind, from the eliminated "
                "player's cards only, as many as bring the eliminator's hand to 5 (the game does "
                "this draw, and the history says who drew). The rest go to the used pile. An "
                "eliminator already holding 5 gets none.",
            ],
        ),
        (
            "Option: Information Centres",
            [
                "With the “Information Centres and spying” option, each player has an "
                "Information Centre and must put it on a territory of theirs in round 1 or round "
                "2 (button “Place my Information Centre”; your round-2 turn cannot end without "
                "it). It is not an army: it neither attacks nor defends, but it can be captured.",
                "Spying: while your own Information Centre is on the map and not captured by an "
                "opponent, once per turn you may see all the cards (not the objective) of one "
                "opponent. Only you see them.",
                "Capture: whoever conquers the territory where an Information Centre stands "
                "captures it and, at that moment, sees its owner's cards and objective. They "
                "keep it (and may move it) until the owner, or another player, conquers its "
                "territory; meanwhile the owner cannot spy.",
                "Moving it: only in the regroup phase and once per turn, either to a "
                "neighbouring territory of yours (or from one centre of yours to another), or by "
                "discarding two cards of territories of yours, which takes it to one of those "
                "territories; never both.",
            ],
        ),
    ],
}
