"""WAR II's words in the page, merged into the page's catalogue (:data:`i18n.CATALOGUE`)."""

from __future__ import annotations

from i18n import CATALOGUE, Entry, Plural

PT: dict[str, Entry] = {
    "phase_claim": "escolher territórios",
    "phase_centre_choice": "escolher CE ou dois territórios",
    "phase_air": "ataque aéreo",
    "opt_information_centres": "Centros de Informação e espionagem",
    "opt_five_players_deal_all_centres": "Com 5 jogadores, distribuir os 12 CE (sem escolha)",
    "opt_majority_armies_bound": "Regra da casa: exércitos da maioria só no próprio continente",
    "w2_stage1": "1ª rodada, 1ª etapa: só colocar exércitos e receber bombardeiros; a vez passa "
    "com o último exército colocado.",
    "w2_stage2": "1ª rodada, 2ª etapa: atacar, deslocar e usar cartas (sem novos exércitos).",
    "w2_claim_prompt": "Escolha livre: escolha um território vago (tracejado) para pôr 1 "
    "exército nele. Vagos: {n}.",
    "w2_claim_dealt": "Os 12 Centros Estratégicos (★) já foram distribuídos, com 2 exércitos "
    "em cada. Depois da escolha começa a 1ª rodada.",
    "w2_choice_prompt": "Com 5 jogadores, escolha: uma das cartas de CE que restam (2 "
    "exércitos) ou dois territórios vagos, que não sejam CE, de continentes "
    "diferentes (1 exército em cada).",
    "w2_take_centre": "Ficar com {territory.the} (★, 2 exércitos)",
    "w2_pair_prompt": "Para dois territórios: escolha dois vagos de continentes diferentes.",
    "w2_pair_first": "Primeiro: {territory}. Escolha o segundo, de outro continente.",
    "w2_pairs_closed": "Três jogadores já escolheram dois territórios: pegue uma carta de CE.",
    "w2_no_centres_left": "Não restam cartas de CE: escolha dois territórios.",
    "w2_pool_continent": "{n} só {continent.em} (continente inteiro)",
    "w2_pool_majority": "{n} só {continent.em} (maioria)",
    "w2_pool_majority_any": "{n} pela maioria {continent.de} (em qualquer território)",
    "w2_pool_centre": "{n} só {territory.em} (★ Centro Estratégico)",
    # (the cards' box is under the panel on a phone, beside it on a tablet: named, not placed)
    "w2_cards_any_time": "Suas cartas podem ser usadas a qualquer momento da sua jogada "
    "(use “{reveal}”).",
    "w2_air_base": Plural(
        "✈ Sua base aérea: {base} bombardeiro · na caixa: {box}",
        "✈ Sua base aérea: {base} bombardeiros · na caixa: {box}",
        "base",
    ),
    "w2_air_bases": "Bases aéreas",
    "w2_air_base_title": Plural(
        "Base aérea ({color}): {n} bombardeiro", "Base aérea ({color}): {n} bombardeiros", "n"
    ),
    "w2_air_base_idle": "Base aérea ({color}): cor fora deste jogo",
    "w2_air_button": "✈ Ataque aéreo da base ({n})",
    "w2_air_pick_target": "Escolha um território inimigo com pelo menos 2 exércitos, em "
    "qualquer lugar do mapa.",
    "w2_air_choose": Plural(
        "Bombardear {target.the} ({armies} exército) com quantos bombardeiros?",
        "Bombardear {target.the} ({armies} exércitos) com quantos bombardeiros?",
        "armies",
    ),
    "w2_bombers_label": "Bombardeiros",
    "w2_launch": Plural("Lançar {n} bombardeiro", "Lançar {n} bombardeiros"),
    "w2_cancel": "Cancelar",
    "w2_air_title": "Ataque aéreo contra {target.the} ({name})",
    "w2_air_status": "{flying} em voo · {target.the} tem {armies}",
    "w2_n_bombers": Plural("{n} bombardeiro", "{n} bombardeiros"),
    "w2_n_bombers_lost": Plural("{n} bombardeiro perdido", "{n} bombardeiros perdidos"),
    "w2_n_shot": Plural("{n} abatido", "{n} abatidos"),
    "w2_n_destroyed": Plural("{n} destruído", "{n} destruídos"),
    "w2_air_go": "Continuar (novo lance)",
    "w2_air_stop": "Parar (voltam à base)",
    "w2_air_rules": "A cada lance o defensor rola o dado antiaéreo; se sobrar bombardeiro, "
    "você rola o dado de ataque aéreo. Pelo ar não se conquista: fica sempre "
    "1 exército.",
    "w2_die_aa": "Antiaérea",
    "w2_die_air": "Bombas",
    "w2_die_aa_title": "Dado azul de defesa antiaérea: {n}",
    "w2_die_air_title": "Dado azul de ataque aéreo: {n}",
    "w2_aa_result": "abateu {n}",
    "w2_air_result": "destruiu {n}",
    "w2_air_no_roll": "não rolado",
    "w2_air_earlier": Plural(
        "{n} lance antes: {shot}, {destroyed}", "{n} lances antes: {shot}, {destroyed}"
    ),
    "w2_air_end_shot_down": "Todos os bombardeiros foram abatidos.",
    "w2_air_end_one_army_left": "Resta 1 exército: o ataque aéreo termina (pelo ar não se "
    "conquista).",
    "w2_air_end_stopped": "Ataque aéreo interrompido.",
    "w2_air_summary": "Bombardeiros perdidos: {lost} · de volta à base: {returned}",
    "w2_airlift_button": "✈ Aerotransporte entre CEs",
    "w2_airlift_pick_source": "Escolha o seu Centro Estratégico de onde os exércitos voam.",
    "w2_airlift_pick_target": Plural(
        "{source.De} ({n} pode voar): escolha o CE de destino.",
        "{source.De} ({n} podem voar): escolha o CE de destino.",
    ),
    "w2_airlift_prompt": "Voar {source.de} para {target.the}:",
    "w2_airlift_go": "Voar com {n}",
    "w2_airlift_hint": "Exércitos que já se deslocaram nesta jogada não voam, e os que voaram "
    "não se deslocam de novo.",
    "w2_count_label": "Quantos",
    "w2_cards_count": "Cartas: {n} de {limit}",
    "w2_card_hint": "Escolha uma carta de território para usá-la; junte cartas numeradas para "
    "somar; duas cartas de território fazem um transporte.",
    "w2_card_timing": "As cartas se usam na sua jogada: ao colocar, atacar ou deslocar.",
    "w2_card_armies": Plural("+{n} exército {territory.em}", "+{n} exércitos {territory.em}"),
    "w2_card_air": Plural(
        "✈ {n} bombardeiro contra {territory.the}", "✈ {n} bombardeiros contra {territory.the}"
    ),
    "w2_card_air_box": Plural(
        "{territory}: faltam bombardeiros na caixa ({n} necessário, {box} na caixa)",
        "{territory}: faltam bombardeiros na caixa ({n} necessários, {box} na caixa)",
    ),
    "w2_card_air_floor": "{territory}: ataque aéreo só com 2 exércitos ou mais lá",
    "w2_card_numbers_only": "Cartas numeradas vão junto com uma carta de território.",
    "w2_card_too_many": "Use uma carta de território (mais numeradas) ou duas para um transporte.",
    "w2_transport_title": "Transporte com as duas cartas:",
    "w2_transport_from": "{territory.De}",
    "w2_transport_to": "Para {territory.the}",
    "w2_transport_go": "Transportar {n} {source.de} para {target.the}",
    "w2_transport_none": "Para transportar, as duas cartas precisam ter territórios seus (o "
    "de partida com 2 exércitos ou mais).",
    "w2_discard": "Descartar esta carta",
    "w2_hand_room": Plural(
        "Você conquistou nesta jogada: no fim recebe até 3 cartas (cabe "
        "{room}). Pode descartar para abrir espaço.",
        "Você conquistou nesta jogada: no fim recebe até 3 cartas (cabem "
        "{room}). Pode descartar para abrir espaço.",
        "room",
    ),
    "w2_card_centre": "★",
    "w2_intel_title": "O que você viu",
    "w2_intel_spied": "Cartas de {name} (espionadas na rodada {round}): {cards}",
    "w2_intel_captured": "Centro de Informação de {name} capturado (rodada {round}). "
    "Objetivo: {objective} Cartas: {cards}",
    "w2_no_cards": "nenhuma",
    "w2_ci_title": "Centros de Informação",
    "w2_ci_where": "{owner}: {territory.em}",
    "w2_ci_captured": "{owner}: {territory.em}, com {holder}",
    "w2_ci_unplaced": "{owner}: ainda fora do tabuleiro",
    "w2_ci_place": "Colocar meu Centro de Informação",
    "w2_ci_place_pick": "Escolha um território seu para pôr o Centro de Informação.",
    "w2_ci_place_due": "Coloque seu Centro de Informação antes de terminar esta jogada (ele "
    "entra até a 2ª rodada).",
    "w2_ci_move": "Mover o Centro de Informação de {owner}",
    "w2_ci_move_pick": "Escolha um território seu vizinho (ou outro CE seu, se ele está num CE).",
    "w2_spy": "Espionar {name}",
    "w2_spy_open": "Espionar…",
    "w2_spy_hint": "Espionagem: veja todas as cartas de um adversário (não o objetivo), uma "
    "vez por jogada. Só você verá.",
    "w2_ci_transport": "Levar o Centro de Informação de {owner} para {territory.the}",
    "w2_ce_label": "Centro Estratégico",
    "w2_ci_label": "Centro de Informação de {owner}",
    "w2_free_label": "{territory}: vago",
    "w2_end_turn_blocked": "Falta colocar o Centro de Informação.",
    "w2_ev_setup": "Centros Estratégicos distribuídos (2 exércitos em cada). {name} começa a "
    "escolher.",
    "w2_ev_claims": "Começa a escolha livre dos territórios vagos, 1 exército de cada vez.",
    "w2_ev_turn": "Rodada {round}: vez de {name}.",
    "w2_ev_turn_stage": "Rodada 1, {stage}ª etapa: vez de {name}.",
    "w2_ev_bombers": Plural(
        " Recebeu {n} bombardeiro: {base} na base aérea.",
        " Recebeu {n} bombardeiros: {base} na base aérea.",
    ),
    "w2_ev_claim": "{name} escolheu {territory.the}.",
    "w2_ev_take_centre": "{name} ficou com o CE {territory} (2 exércitos).",
    "w2_ev_claim_pair": "{name} escolheu {first.the} e {second.the}.",
    "w2_ev_cards": Plural("{name} recebeu {n} carta.", "{name} recebeu {n} cartas."),
    "w2_ev_card_armies": Plural(
        "{name} usou {cards} e pôs {count} exército {territory.em}.",
        "{name} usou {cards} e pôs {count} exércitos {territory.em}.",
        "count",
    ),
    "w2_ev_transport": Plural(
        "{name} usou 2 cartas e transportou {count} {board.army} {source.de} para {target.the}.",
        "{name} usou 2 cartas e transportou {count} {board.armies} {source.de} para {target.the}.",
        "count",
    ),
    "w2_ev_discard": "{name} descartou uma carta.",
    "w2_ev_air_attack": Plural(
        "{name} atacou {target.the} ({defender}) pelo ar com {n} bombardeiro {origin}.",
        "{name} atacou {target.the} ({defender}) pelo ar com {n} bombardeiros {origin}.",
    ),
    "w2_from_base": "da base aérea",
    "w2_from_box": "da caixa (cartas {cards})",
    "w2_ev_air_round": "Antiaérea {aa}: {shot}; bombas {bombs}: {destroyed}; {target.the} com "
    "{armies}.",
    "w2_ev_air_round_down": "Antiaérea {aa}: {shot}, nenhum bombardeiro sobrou.",
    "w2_ev_air_end": "Fim do ataque aéreo contra {target.the}: {lost}, {returned} de volta à base.",
    "w2_ev_airlift": Plural(
        "{name} aerotransportou {count} {board.army} {source.de} para {target.the}.",
        "{name} aerotransportou {count} {board.armies} {source.de} para {target.the}.",
        "count",
    ),
    "w2_ev_place_ci": "{name} colocou seu Centro de Informação {territory.em}.",
    "w2_ev_move_ci": "{name} moveu o Centro de Informação de {owner} {source.de} "
    "para {target.the}.",
    "w2_ev_transport_ci": "{name} usou 2 cartas e levou o Centro de Informação de {owner} "
    "para {target.the}.",
    "w2_ev_spy": "{name} espionou as cartas de {target}.",
    "w2_ev_ci_captured": "{name} capturou o Centro de Informação de {owner} {territory.em}.",
    "w2_ev_ci_recovered": "{name} recuperou seu Centro de Informação {territory.em}.",
    "rule_air_combat": "Termine o ataque aéreo primeiro: continue ou pare.",
    "rule_air_target_armies": "Ataque aéreo só contra território com pelo menos 2 exércitos.",
    "rule_airlift_chain": "Exércitos que voaram ou se deslocaram nesta jogada não se movem "
    "de novo.",
    "rule_attack_own_territory": "Não se ataca o próprio território.",
    "rule_bad_player": "Espione um adversário ainda no jogo.",
    "rule_bombers_in_base": "Não há tantos bombardeiros na sua base aérea.",
    "rule_bombers_in_box": "Não há bombardeiros suficientes na sua caixa para essas cartas.",
    "rule_card_timing": "As cartas se usam ao colocar, atacar ou deslocar, não agora.",
    "rule_cards_not_in_hand": "Essas cartas não estão na sua mão.",
    "rule_centre_card_taken": "Escolha uma das cartas de CE que restam.",
    "rule_centre_choice_first": "Primeiro cada jogador escolhe um CE ou dois territórios.",
    "rule_centre_territory": "Os dois territórios não podem ser Centros Estratégicos.",
    "rule_ci_placed": "Seu Centro de Informação já está no tabuleiro.",
    "rule_ci_too_late": "O Centro de Informação entra só até a 2ª rodada.",
    "rule_no_air_attack": "Não há ataque aéreo em andamento.",
    "rule_no_ci": "Para espionar, seu Centro de Informação precisa estar no tabuleiro e com você.",
    "rule_no_information_centres": "Este jogo não tem Centros de Informação.",
    "rule_no_sets": "No WAR II as cartas são usadas uma a uma, sem trocas de 3.",
    "rule_not_attack_phase": "Isso se faz na fase de ataque.",
    "rule_not_centre": "Aerotransporte só entre Centros Estratégicos seus.",
    "rule_not_centre_choice": "Essa escolha só existe no início com 5 jogadores.",
    "rule_not_on_card": "Esse território não está nas cartas escolhidas.",
    "rule_not_regroup_phase": "Isso se faz no deslocamento, depois dos ataques.",
    "rule_not_setup": "Os territórios já foram todos escolhidos.",
    "rule_not_your_ci": "Você não está com esse Centro de Informação.",
    "rule_numbered_card_alone": "Cartas numeradas vão junto com uma carta de território.",
    "rule_one_territory_card": "Use uma carta de território mais cartas numeradas.",
    "rule_occupy_first": "Primeiro mova exércitos para o território conquistado.",
    "rule_pairs_closed": "Três jogadores já escolheram dois territórios: pegue uma carta de CE.",
    "rule_place_ci": "Coloque seu Centro de Informação antes de terminar a 2ª rodada.",
    "rule_same_continent": "Os dois territórios devem ser de continentes diferentes.",
    "rule_same_territory": "Escolha outro território.",
    "rule_setup_first": "Primeiro os territórios vagos são escolhidos em volta da mesa.",
    "rule_spy_once": "Só se espiona um adversário por jogada.",
    "rule_territory_cards_only": "Use duas cartas de territórios seus.",
    "rule_territory_taken": "Este território já tem dono.",
    "w2_claim_own": "Você já tem {territory.the}: escolha um território vago (tracejado).",
    "w2_claim_taken": "{territory.The} já tem dono: escolha um território vago (tracejado).",
    "w2_air_target_armies": Plural(
        "{territory.The} tem só {n} exército: os bombardeiros só atacam um território com "
        "{least} ou mais.",
        "{territory.The} tem só {n} exércitos: os bombardeiros só atacam um território com "
        "{least} ou mais.",
    ),
}

EN: dict[str, Entry] = {
    "phase_claim": "choose territories",
    "phase_centre_choice": "choose a centre or two territories",
    "phase_air": "air attack",
    "opt_information_centres": "Information Centres and spying",
    "opt_five_players_deal_all_centres": "With 5 players, deal all 12 centres (no choice)",
    "opt_majority_armies_bound": "House rule: majority armies only in their continent",
    "w2_stage1": "First round, stage 1: place armies and receive bombers only; your turn ends "
    "with the last army placed.",
    "w2_stage2": "First round, stage 2: attack, move and use cards (no new armies).",
    "w2_claim_prompt": "Free choice: choose a vacant territory (dashed) to put 1 army on it. "
    "Vacant: {n}.",
    "w2_claim_dealt": "The 12 Strategic Centres (★) were dealt, 2 armies on each. The first "
    "round starts after the choice.",
    "w2_choice_prompt": "With 5 players, choose: one of the Strategic Centre cards left (2 "
    "armies) or two vacant territories, not centres, in different "
    "continents (1 army on each).",
    "w2_take_centre": "Take {territory.the} (★, 2 armies)",
    "w2_pair_prompt": "For two territories: choose two vacant ones in different continents.",
    "w2_pair_first": "First: {territory}. Choose the second, in another continent.",
    "w2_pairs_closed": "Three players already chose two territories: take a centre card.",
    "w2_no_centres_left": "No centre cards left: choose two territories.",
    "w2_pool_continent": "{n} only in {continent.the} (whole continent)",
    "w2_pool_majority": "{n} only in {continent.the} (majority)",
    "w2_pool_majority_any": "{n} for the majority of {continent.the} (anywhere)",
    "w2_pool_centre": "{n} only on {territory.the} (★ Strategic Centre)",
    "w2_cards_any_time": "Your cards may be used at any time of your turn (use “{reveal}”).",
    "w2_air_base": Plural(
        "✈ Your air base: {base} bomber · in the box: {box}",
        "✈ Your air base: {base} bombers · in the box: {box}",
        "base",
    ),
    "w2_air_bases": "Air bases",
    "w2_air_base_title": Plural(
        "Air base ({color}): {n} bomber", "Air base ({color}): {n} bombers", "n"
    ),
    "w2_air_base_idle": "Air base ({color}): a colour not in this game",
    "w2_air_button": "✈ Air attack from the base ({n})",
    "w2_air_pick_target": "Choose an enemy territory with at least 2 armies, anywhere on the map.",
    "w2_air_choose": Plural(
        "Bomb {target.the} ({armies} army) with how many bombers?",
        "Bomb {target.the} ({armies} armies) with how many bombers?",
        "armies",
    ),
    "w2_bombers_label": "Bombers",
    "w2_launch": Plural("Launch {n} bomber", "Launch {n} bombers"),
    "w2_cancel": "Cancel",
    "w2_air_title": "Air attack on {target.the} ({name})",
    "w2_air_status": "{flying} flying · {target.the} has {armies}",
    "w2_n_bombers": Plural("{n} bomber", "{n} bombers"),
    "w2_n_bombers_lost": Plural("{n} bomber lost", "{n} bombers lost"),
    "w2_n_shot": "{n} shot down",
    "w2_n_destroyed": "{n} destroyed",
    "w2_air_go": "Go on (roll again)",
    "w2_air_stop": "Stop (back to the base)",
    "w2_air_rules": "On each roll the defender rolls the anti-aircraft die; if a bomber is "
    "left you roll the air-attack die. No conquest from the air: 1 army always stays.",
    "w2_die_aa": "Anti-aircraft",
    "w2_die_air": "Bombs",
    "w2_die_aa_title": "Blue anti-aircraft die: {n}",
    "w2_die_air_title": "Blue air-attack die: {n}",
    "w2_aa_result": "shot down {n}",
    "w2_air_result": "destroyed {n}",
    "w2_air_no_roll": "not rolled",
    "w2_air_earlier": Plural(
        "{n} earlier round: {shot}, {destroyed}", "{n} earlier rounds: {shot}, {destroyed}"
    ),
    "w2_air_end_shot_down": "Every bomber was shot down.",
    "w2_air_end_one_army_left": "1 army is left: the air attack ends (no conquest from the air).",
    "w2_air_end_stopped": "Air attack stopped.",
    "w2_air_summary": "Bombers lost: {lost} · back to the base: {returned}",
    "w2_airlift_button": "✈ Airlift between centres",
    "w2_airlift_pick_source": "Choose your Strategic Centre the armies fly from.",
    "w2_airlift_pick_target": "From {source.the} ({n} may fly): choose the centre they fly to.",
    "w2_airlift_prompt": "Fly from {source.the} to {target.the}:",
    "w2_airlift_go": "Fly {n}",
    "w2_airlift_hint": "Armies that moved this turn do not fly, and armies that flew do not "
    "move again.",
    "w2_count_label": "How many",
    "w2_cards_count": "Cards: {n} of {limit}",
    "w2_card_hint": "Choose a territory card to use it; add numbered cards to add up; two "
    "territory cards make a transport.",
    "w2_card_timing": "Cards are used during your turn: placing, attacking or moving.",
    "w2_card_armies": Plural("+{n} army on {territory.the}", "+{n} armies on {territory.the}"),
    "w2_card_air": Plural(
        "✈ {n} bomber against {territory.the}", "✈ {n} bombers against {territory.the}"
    ),
    "w2_card_air_box": "{territory}: not enough bombers in the box ({n} needed, {box} in the box)",
    "w2_card_air_floor": "{territory}: an air attack needs 2 armies or more there",
    "w2_card_numbers_only": "Numbered cards go with a territory card.",
    "w2_card_too_many": "Use one territory card (plus numbered ones) or two for a transport.",
    "w2_transport_title": "Transport with the two cards:",
    "w2_transport_from": "From {territory.the}",
    "w2_transport_to": "To {territory.the}",
    "w2_transport_go": "Transport {n} from {source.the} to {target.the}",
    "w2_transport_none": "To transport, both cards must name territories of yours (the one "
    "left with 2 armies or more).",
    "w2_discard": "Discard this card",
    "w2_hand_room": "You conquered this turn: at the end you draw up to 3 cards (room for "
    "{room}). You may discard to make room.",
    "w2_card_centre": "★",
    "w2_intel_title": "What you have seen",
    "w2_intel_spied": "{name}'s cards (spied in round {round}): {cards}",
    "w2_intel_captured": "{name}'s Information Centre captured (round {round}). Objective: "
    "{objective} Cards: {cards}",
    "w2_no_cards": "none",
    "w2_ci_title": "Information Centres",
    "w2_ci_where": "{owner}: on {territory.the}",
    "w2_ci_captured": "{owner}: on {territory.the}, held by {holder}",
    "w2_ci_unplaced": "{owner}: not on the board yet",
    "w2_ci_place": "Place my Information Centre",
    "w2_ci_place_pick": "Choose a territory of yours to put the Information Centre on.",
    "w2_ci_place_due": "Place your Information Centre before ending this turn (it goes on by "
    "round 2).",
    "w2_ci_move": "Move {owner}'s Information Centre",
    "w2_ci_move_pick": "Choose a neighbouring territory of yours (or another centre of yours, if "
    "it stands on a centre).",
    "w2_spy": "Spy on {name}",
    "w2_spy_open": "Spy…",
    "w2_spy_hint": "Spying: see every card of one opponent (not the objective), once per "
    "turn. Only you will see them.",
    "w2_ci_transport": "Take {owner}'s Information Centre to {territory.the}",
    "w2_ce_label": "Strategic Centre",
    "w2_ci_label": "{owner}'s Information Centre",
    "w2_free_label": "{territory}: vacant",
    "w2_end_turn_blocked": "The Information Centre is still to be placed.",
    "w2_ev_setup": "Strategic Centres dealt (2 armies on each). {name} chooses first.",
    "w2_ev_claims": "The free choice of the vacant territories starts, 1 army at a time.",
    "w2_ev_turn": "Round {round}: {name} to play.",
    "w2_ev_turn_stage": "Round 1, stage {stage}: {name} to play.",
    "w2_ev_bombers": Plural(
        " Received {n} bomber: {base} in the air base.",
        " Received {n} bombers: {base} in the air base.",
    ),
    "w2_ev_claim": "{name} chose {territory.the}.",
    "w2_ev_take_centre": "{name} took the centre {territory} (2 armies).",
    "w2_ev_claim_pair": "{name} chose {first.the} and {second.the}.",
    "w2_ev_cards": Plural("{name} received {n} card.", "{name} received {n} cards."),
    "w2_ev_card_armies": Plural(
        "{name} used {cards} and put {count} army on {territory.the}.",
        "{name} used {cards} and put {count} armies on {territory.the}.",
        "count",
    ),
    "w2_ev_transport": Plural(
        "{name} used 2 cards and transported {count} {board.army} from {source.the} to "
        "{target.the}.",
        "{name} used 2 cards and transported {count} {board.armies} from {source.the} to "
        "{target.the}.",
        "count",
    ),
    "w2_ev_discard": "{name} discarded a card.",
    "w2_ev_air_attack": Plural(
        "{name} attacked {target.the} ({defender}) from the air with {n} bomber {origin}.",
        "{name} attacked {target.the} ({defender}) from the air with {n} bombers {origin}.",
    ),
    "w2_from_base": "from the air base",
    "w2_from_box": "from the box (cards {cards})",
    "w2_ev_air_round": "Anti-aircraft {aa}: {shot}; bombs {bombs}: {destroyed}; {target.the} has "
    "{armies}.",
    "w2_ev_air_round_down": "Anti-aircraft {aa}: {shot}, no bomber left.",
    "w2_ev_air_end": "Air attack on {target.the} over: {lost}, {returned} back to the base.",
    "w2_ev_airlift": Plural(
        "{name} airlifted {count} {board.army} from {source.the} to {target.the}.",
        "{name} airlifted {count} {board.armies} from {source.the} to {target.the}.",
        "count",
    ),
    "w2_ev_place_ci": "{name} placed their Information Centre on {territory.the}.",
    "w2_ev_move_ci": "{name} moved {owner}'s Information Centre from {source.the} to {target.the}.",
    "w2_ev_transport_ci": "{name} used 2 cards to take {owner}'s Information Centre to "
    "{target.the}.",
    "w2_ev_spy": "{name} spied on {target}'s cards.",
    "w2_ev_ci_captured": "{name} captured {owner}'s Information Centre on {territory.the}.",
    "w2_ev_ci_recovered": "{name} recovered their Information Centre on {territory.the}.",
    "rule_air_combat": "Finish the air attack first: go on or stop.",
    "rule_air_target_armies": "An air attack needs at least 2 armies in the territory.",
    "rule_airlift_chain": "Armies that flew or moved this turn do not move again.",
    "rule_attack_own_territory": "You cannot attack your own territory.",
    "rule_bad_player": "Spy on an opponent still in the game.",
    "rule_bombers_in_base": "Your air base has not that many bombers.",
    "rule_bombers_in_box": "Your box has not enough bombers for these cards.",
    "rule_card_timing": "Cards are used while placing, attacking or moving, not now.",
    "rule_cards_not_in_hand": "Those cards are not in your hand.",
    "rule_centre_card_taken": "Choose one of the centre cards left.",
    "rule_centre_choice_first": "First each player chooses a centre or two territories.",
    "rule_centre_territory": "The two territories cannot be Strategic Centres.",
    "rule_ci_placed": "Your Information Centre is already on the board.",
    "rule_ci_too_late": "The Information Centre goes on the board by round 2.",
    "rule_no_air_attack": "There is no air attack going on.",
    "rule_no_ci": "To spy, your Information Centre must be on the board and yours.",
    "rule_no_information_centres": "This game has no Information Centres.",
    "rule_no_sets": "WAR II cards are used one by one, not traded in sets.",
    "rule_not_attack_phase": "That is done in the attack phase.",
    "rule_not_centre": "Airlifts go only between your Strategic Centres.",
    "rule_not_centre_choice": "That choice exists only at the start with 5 players.",
    "rule_not_on_card": "That territory is not on the chosen cards.",
    "rule_not_regroup_phase": "That is done when moving, after the attacks.",
    "rule_not_setup": "The territories have all been chosen.",
    "rule_not_your_ci": "You do not hold that Information Centre.",
    "rule_numbered_card_alone": "Numbered cards go with a territory card.",
    "rule_one_territory_card": "Use one territory card plus numbered cards.",
    "rule_occupy_first": "First move armies into the conquered territory.",
    "rule_pairs_closed": "Three players already chose two territories: take a centre card.",
    "rule_place_ci": "Place your Information Centre before round 2 ends.",
    "rule_same_continent": "The two territories must be in different continents.",
    "rule_same_territory": "Choose another territory.",
    "rule_setup_first": "First the vacant territories are chosen round the table.",
    "rule_spy_once": "You spy on one opponent per turn.",
    "rule_territory_cards_only": "Use two cards of territories of yours.",
    "rule_territory_taken": "This territory is taken.",
    "w2_claim_own": "You already hold {territory.the}: choose a vacant territory (dashed).",
    "w2_claim_taken": "{territory.The} is taken: choose a vacant territory (dashed).",
    "w2_air_target_armies": Plural(
        "{territory.The} has only {n} army: bombers only attack a territory with {least} or more.",
        "{territory.The} has only {n} armies: bombers only attack a territory with {least} or "
        "more.",
    ),
}

# Merged into the page's catalogue; the page's own texts win where a key exists there.
for _lang, _table in (("pt", PT), ("en", EN)):
    for _key, _text in _table.items():
        CATALOGUE[_lang].setdefault(_key, _text)
