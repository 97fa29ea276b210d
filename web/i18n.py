"""Every text of the page, in Portuguese (Brazil, the default) and English.

>>> t("pt", "to_place", n=3)
'Exércitos a colocar: 3'
>>> t("en", "to_place", n=3)
'Armies to place: 3'
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from pywar.board import load_board


@dataclass(frozen=True)
class Plural:
    """A text whose words follow a count, on the model of ``gettext.ngettext``: the singular
    and the plural form, chosen by the parameter named ``count`` and the language's rule.

    >>> t("pt", "dice_n", n=1), t("pt", "dice_n", n=3), t("en", "dice_n", n=1)
    ('1 dado', '3 dados', '1 die')
    """

    one: str
    other: str
    count: str = "n"
    #: The words for none, where "0" with a noun reads badly ("em 0 ataque": pt_BR puts 0
    #: in the singular): "nenhum ataque", "no attacks".
    zero: str | None = None


#: A catalogue entry: one text, or the forms of a text with a count.
Entry = str | Plural

#: Each language's plural rule as gettext writes it in a catalogue's ``Plural-Forms`` header
#: (pt_BR: 0 and 1 take the singular; en: only 1 does); :func:`plural_index` computes it.
PLURAL_FORMS = {"pt": "nplurals=2; plural=(n > 1);", "en": "nplurals=2; plural=(n != 1);"}


def plural_index(lang: str, n: int) -> int:
    """0 for the singular form, 1 for the plural, by the rule in :data:`PLURAL_FORMS`."""
    return int(n > 1) if lang == "pt" else int(n != 1)


def ngettext(lang: str, singular: str, plural: str, n: int) -> str:
    """``gettext.ngettext`` for one of our languages: the form that goes with ``n``."""
    return plural if plural_index(lang, n) else singular


PT: dict[str, Entry] = {
    "app_title": "pywar — WAR no navegador",
    "title_game": "{game} — pywar",
    "loading": "Carregando o Python…",
    "menu_new": "Novo jogo",
    "menu_saves": "Jogos salvos",
    "menu_back": "Voltar ao jogo",
    "menu_history": "Histórico",
    "menu_stats": "Estatísticas",
    "menu_rules": "Regras",
    "rules_title": "Regras do jogo",
    "history_title": "Histórico da partida",
    "replay_start": "Rever passo a passo",
    "replay_title": "Revendo a partida",
    "replay_step": "Lance {step} de {last} · rodada {round}",
    "replay_step_said": "Lance {step} de {last}, rodada {round}.",
    "replay_first": "Início",
    "replay_prev": "Lance anterior",
    "replay_next": "Próximo lance",
    "replay_last": "Fim",
    "replay_exit": "Voltar ao jogo",
    "stats_title": "Estatísticas",
    "stats_hint": "Perdas reais contra as esperadas pelas chances exatas dos dados. Sorte "
    "positiva: perdeu menos do que o esperado.",
    "th_att_lost": "Perdeu atacando / esperado",
    "stats_attacks": Plural("em {n} ataque", "em {n} ataques", zero="nenhum ataque"),
    "th_def_lost": "Perdeu defendendo / esperado",
    "stats_defences": Plural("em {n} defesa", "em {n} defesas", zero="nenhuma defesa"),
    "th_luck": "Sorte",
    "chart_territories": "{board.Territories}",
    "chart_armies": "{board.Armies}",
    "chart_label_territories": "{board.Territories} de cada jogador por rodada",
    "chart_label_armies": "{board.Armies} de cada jogador por rodada",
    "chart_figures": "Os números do gráfico",
    "th_round": "Rodada",
    "odds_expect": "Em média, lutando até o fim: você fica com {a}, a defesa com {d}",
    "odds_expect_about": "Em média, lutando até o fim: você fica com cerca de {a}, a defesa "
    "com cerca de {d}",
    # "blitz" is Portuguese too (a blitz: a sudden, quick attack); the short word keeps
    # Attack, Blitz and Cancel on one row of a phone's panel
    "blitz": "Blitz",
    "blitz_title": "Atacar sem parar até conquistar ou chegar ao número que você escolheu manter",
    "blitz_floor": "A blitz para quando me restarem:",
    "blitz_stop": "Parar",
    "blitz_tally": "Blitz {source.de} contra {target.the} — rolagens: {rolls} · o ataque perdeu: "
    "{lost} · a defesa perdeu: {killed}",
    "blitz_said": "{tally}. {why}",
    "blitz_tally_said": "Blitz {source.de} contra {target.the}. Rolagens: {rolls}; o ataque "
    "perdeu {lost}, a defesa perdeu {killed}",
    "replay_end_attack": "{name} encerrou os ataques.",
    "blitz_why_conquered": "Parou porque você conquistou {target.the}.",
    "blitz_why_floor": "Parou no limite que você escolheu: {floor} {source.em}.",
    "blitz_why_stopped": "Parou porque você mandou parar.",
    "blitz_why_no_armies": "Parou porque {source.the} não tem mais com que atacar (um sempre "
    "fica de ocupação).",
    "blitz_why_cannot": "Parou porque este ataque não é mais possível.",
    "undo": "Desfazer",
    "undo_title": "Desfaz a última colocação ou movimento (dados nunca são rolados de novo)",
    "ev_undo": "{name} desfez o último lance.",
    "ev_place": Plural(
        "{name} colocou {count} {board.army} {territory.em}.",
        "{name} colocou {count} {board.armies} {territory.em}.",
        "count",
    ),
    "ev_occupy": Plural(
        "{name} moveu {count} {board.army} para {territory.the}.",
        "{name} moveu {count} {board.armies} para {territory.the}.",
        "count",
    ),
    "ev_regroup": Plural(
        "{name} remanejou {count} {board.army} {source.de} para {target.the}.",
        "{name} remanejou {count} {board.armies} {source.de} para {target.the}.",
        "count",
    ),
    "ev_reshuffle": "As cartas trocadas voltaram ao monte.",
    "map_label": "Mapa",
    "zoom_in": "Aproximar o mapa",
    "zoom_out": "Afastar o mapa",
    "zoom_reset": "Mapa inteiro",
    "zoom_group": "Zoom do mapa",
    "panel_label": "Painel do jogo",
    "notices_label": "Avisos",
    "lang_switch": "English",
    "lang_switch_title": "Switch to English",
    "variant_label": "Qual jogo",
    "variant_players": "{low} a {high} jogadores",
    # setup
    "setup_title": "Novo jogo",
    "setup_hint": "De {low} a {high} jogadores. Cada um escolhe nome, cor e se é pessoa ou "
    "computador.",
    "seat_name": "Nome do jogador {n}",
    "seat_color": "Cor do jogador {n}",
    "seat_kind": "Quem joga no lugar {n}",
    "seat_remove": "Tirar este jogador",
    "seat_remove_named": "Tirar o jogador {n} ({name})",
    "seat_add": "+ Jogador",
    "kind_human": "Pessoa",
    "kind_bot": "Computador",
    "kind_easy": "Computador fácil",
    "kind_normal": "Computador normal",
    "kind_hard": "Computador difícil",
    "speed_label": "Velocidade dos computadores",
    "speed_slow": "Lenta",
    "speed_normal": "Normal",
    "speed_fast": "Rápida",
    "pause": "Pausar",
    "resume_bots": "Continuar",
    "bot_paused_tag": "pausado",
    "bots_paused": "Pausado: {name} (computador) espera até você usar Continuar.",
    "fast_forward": "Avançar até a minha vez",
    "watch_hint": "Só computadores: assista à partida.",
    "watch_hint_out": "Só restam computadores: assista à partida até o fim.",
    "options": "Opções",
    "opt_first_round": "Primeira rodada: só colocar {board.armies}",
    "opt_fixed_rule": "(regra deste jogo)",
    "first_round_placing": "Primeira rodada: só colocar {board.armies}; a vez passa com o "
    "último colocado.",
    "opt_not_here": "(não se aplica a este jogo)",
    "seed_label": "Semente (opcional): ",
    "seed_placeholder": "aleatória",
    "seed_hint": "A mesma semente repete as mesmas cartas e os mesmos dados: para jogar de novo "
    "uma partida.",
    "opt_only_with_5": "(vale só com 5 jogadores)",
    "start": "Começar",
    "setup_need_names": "Todo jogador precisa de um nome.",
    "setup_colors_clash": "Dois jogadores não podem ter a mesma cor.",
    "setup_seats_aside": Plural(
        "{n} jogador fica de fora ({names}): {game} é para até {most} jogadores. Volta se "
        "você escolher outro jogo.",
        "{n} jogadores ficam de fora ({names}): {game} é para até {most} jogadores. Voltam "
        "se você escolher outro jogo.",
    ),
    "list_and": "{head} e {last}",
    "list_and_semicolons": "{head}; e {last}",
    "setup_bad_seed": "A semente deve ser um número inteiro.",
    "color_branco": "branco",
    "color_preto": "preto",
    "color_vermelho": "vermelho",
    "color_azul": "azul",
    "color_amarelo": "amarelo",
    "color_verde": "verde",
    # saves
    "saves_title": "Jogos salvos",
    "saves_empty": "Nenhum jogo salvo ainda.",
    "save_line": "{date} · {variant} · {players} · rodada {round}",
    "save_over": " (terminado)",
    "save_damaged_line": "Salvo ilegível: {reason}",
    "resume": "Continuar",
    "see_result": "Ver o resultado",
    "export": "Exportar",
    "delete": "Apagar",
    "import": "Importar arquivo .json",
    "save_deleted": "Jogo apagado.",
    "save_imported": "Jogo importado.",
    "exported": "Arquivo salvo para baixar: {name}",
    "exported_framed": "Arquivo oferecido para baixar: {name}. Nenhum arquivo apareceu? A "
    "página que mostra o jogo pode bloquear downloads.",
    "own_tab_blocked": "A página que mostra o jogo não deixa abrir abas. Copie este endereço "
    "(ele leva o jogo como está) e abra-o em uma aba nova:",
    "save_missing": "Este jogo salvo não existe mais.",
    "save_damaged": "o arquivo está danificado ou incompleto",
    "save_foreign": "não é um jogo salvo do pywar",
    "save_version": "foi salvo por outra versão do pywar",
    # keeping games on this device (saves, storage, tabs)
    "save_set_aside": "Não foi possível abrir o último jogo ({reason}). Ele continua em "
    "Jogos salvos, onde pode ser exportado para relatar o problema ou "
    "apagado; os outros jogos salvos não foram tocados.",
    "save_restored": "Jogo salvo restaurado.",
    "save_import_known": "Este jogo já estava salvo; ficou a cópia mais adiantada.",
    "save_backup_empty": "o arquivo de cópia não tem nenhum jogo legível",
    "save_in_play": "em andamento nesta página",
    "save_shown": "aberto nesta página",
    "save_meta": "{date} · rodada {round}",
    "save_player_bot": "{name} ({kind})",
    "save_to_move": "Vez de {name}",
    "save_winner": "Terminado: {name} venceu",
    "save_over_short": "Terminado",
    "save_file_round": "rodada {round}",
    "export_damaged": "Exportar para relatar",
    "deleted_one": "Jogo apagado.",
    "deleted_many": "Jogos terminados apagados: {n}.",
    "undo_delete": "Desfazer",
    "backup_all": "Copiar todos os jogos para um arquivo",
    "backup_file": "copia",
    "restore_file": "Restaurar de um arquivo",
    "clear_finished": "Apagar os jogos terminados",
    "persist_granted": "Este navegador guarda os jogos de forma permanente.",
    "persist_denied": "O navegador pode apagar os jogos salvos se faltar espaço: guarde uma "
    "cópia em arquivo de vez em quando.",
    "save_to_file": "Salvar em arquivo",
    "open_own_tab": "Abrir o jogo em uma aba própria",
    "storage_retry": "Tentar salvar de novo",
    "storage_full": "O armazenamento do navegador está cheio: este jogo NÃO está sendo salvo.",
    "storage_full_hint": "Salve o jogo em um arquivo para não perder as jogadas, ou apague "
    "jogos terminados para liberar espaço.",
    "storage_blocked": "Este navegador não deixa a página guardar jogos: nada será salvo "
    "neste aparelho.",
    "storage_blocked_hint": "Salve o jogo em um arquivo, ou abra o jogo em uma aba própria, "
    "onde ele pode ser guardado.",
    "storage_back": "O jogo voltou a ser salvo neste aparelho.",
    "storage_games_unkept": Plural(
        "O armazenamento do navegador está cheio e {n} jogo salvo NÃO foi guardado: {games}. "
        "Ele só existe nesta página: salve-o em um arquivo antes de fechá-la.",
        "O armazenamento do navegador está cheio e {n} jogos salvos NÃO foram guardados: "
        "{games}. Eles só existem nesta página: salve-os em arquivos antes de fechá-la.",
    ),
    "save_game_to_file": "Salvar em arquivo: {game}",
    "game_of": "{game} de {names}, rodada {round}",
    "save_restore_refused": Plural(
        "O armazenamento do navegador está cheio: {n} jogo apagado não pôde voltar. Apague "
        "jogos terminados para liberar espaço e use Desfazer de novo.",
        "O armazenamento do navegador está cheio: {n} jogos apagados não puderam voltar. "
        "Apague jogos terminados para liberar espaço e use Desfazer de novo.",
    ),
    "last_game_not_kept": "O último jogo não ficou guardado neste aparelho (o armazenamento "
    "do navegador estava cheio ou foi limpo). Jogos salvos mostra o que este aparelho guarda.",
    "deleted_elsewhere": "Este jogo foi apagado em outra aba. Ele continua salvo aqui, e "
    "você pode seguir jogando.",
    "keep_here": "Manter o jogo",
    "delete_here": "Apagar aqui também",
    "conflict_title": "O jogo continuou em outra aba",
    "conflict_text": "Este jogo foi jogado em outra aba ou janela depois que esta página o "
    "abriu. Para não apagar o que foi feito lá, esta página não salva mais "
    "por cima. Continue aqui a partir da posição mais recente.",
    "conflict_take_over": "Continuar aqui a partir da posição mais recente",
    "conflict_leave": "Ver os jogos salvos",
    "conflict_loaded": "Posição mais recente carregada: esta aba continua o jogo.",
    "ios_week_warning": "No iPad e no iPhone, o Safari apaga os jogos de um site que não é "
    "aberto por sete dias.",
    "ios_home_screen_how": "Para guardar os jogos, adicione o jogo à Tela de Início: toque em "
    'Compartilhar e depois em "Adicionar à Tela de Início".',
    "notice_dismiss": "Entendi",
    "error_unexpected": "Algo deu errado: {detail}",
    # curtain
    "curtain_pass": "Passe para {name}",
    "curtain_hint": "Os outros jogadores não devem olhar a tela.",
    "curtain_ready": "Sou {name}: começar",
    "curtain_undo": "Desfazer a última colocação de {name}",
    # turn
    "round_n": "Rodada {n}",
    "phase_reinforce": "colocar {board.armies}",
    "phase_attack": "atacar",
    "phase_occupy": "ocupar",
    "phase_regroup": "remanejar",
    "phase_over": "fim de jogo",
    "bot_thinking": "computador jogando",
    "bot_tag": "(comp.)",
    "bot_playing": "{name} (computador) está jogando…",
    "to_place": "{board.Armies} a colocar: {n}",
    "pool_free": "{n} em qualquer {board.territory} seu",
    "pool_continent": "{n} só {continent.em}",
    "pool_territory": "{n} só {territory.em} (carta trocada)",
    "amount_label": "Quantos colocar de cada vez",
    "amount_1": "+1",
    "amount_5": "+5",
    "amount_10": "+10",
    "amount_25": "+25",
    "amount_all": "Todos",
    "place_hint": "Escolha um {board.territory} seu para colocar.",
    "place_hint_continent": "Escolha um {board.territory} seu {continent.em} para colocar.",
    "place_hint_territory": "Escolha {territory.the} para colocar.",
    "must_trade": "Você tem 5 cartas ou mais: mostre suas cartas e troque um conjunto.",
    "attack_pick_source": "Escolha um {board.territory} seu com 2 ou mais {board.armies} para "
    "atacar dele.",
    "attack_pick_target": "Atacar {source.de}: escolha um {board.territory} inimigo vizinho.",
    "attack_matchup": "{source} ({a}) ataca {target} ({d})",
    "odds_line": "Chance de conquistar atacando até o fim: {pct}%",
    "odds_line_about": "Chance de conquistar atacando até o fim: cerca de {pct}%",
    "pct_above": "mais de {pct}",
    "pct_below": "menos de {pct}",
    "dice_label": "Dados do ataque",
    "dice_n": Plural("{n} dado", "{n} dados"),
    "n_armies": Plural("{n} {board.army}", "{n} {board.armies}"),
    "attack": "Atacar",
    "cancel": "Cancelar",
    "end_attack": "Encerrar ataques",
    "end_turn": "Encerrar jogada",
    "pick_source_first": "Primeiro escolha um {board.territory} seu para atacar.",
    "attack_one_army": "{territory.The} tem só 1 {board.army}, e 1 sempre fica. Ataque a "
    "partir de um {board.territory} seu com 2 ou mais.",
    "attack_own_with_source": "Esse {board.territory} é seu: para atacar a partir "
    "{source.de}, escolha um {board.territory} inimigo vizinho.",
    "attack_not_adjacent": "{target.The} e {source.the} não são vizinhos. A partir {source.de}"
    " você pode atacar: {targets}.",
    "attack_not_adjacent_none": "{target.The} e {source.the} não são vizinhos, e {source.the}"
    " não tem vizinho inimigo.",
    "occupy_prompt": "Você conquistou {territory.the}! Quantos {board.armies} mover para lá "
    "(até {max})?",
    "occupy_n": Plural("Mover {n} {board.army} para lá", "Mover {n} {board.armies} para lá"),
    "regroup_pick_source": "Remanejar: escolha um {board.territory} seu de onde mover "
    "{board.armies}.",
    "regroup_pick_target": Plural(
        "{source.De} pode sair {n}: escolha um {board.territory} seu vizinho.",
        "{source.De} podem sair {n}: escolha um {board.territory} seu vizinho.",
    ),
    "regroup_prompt": "Mover {source.de} para {target.the}:",
    "count_label": "Quantos {board.armies} mover",
    "count_fewer": "Um {board.army} a menos",
    "count_more": "Um {board.army} a mais",
    "count_half": "Metade ({n})",
    "regroup_go": "Mover {n}",
    "nothing_to_move": "Nenhum {board.army} pode sair daqui nesta jogada.",
    "cards_count": "Cartas: {n} · próxima troca vale {value}",
    "reveal": "Ver meu objetivo e minhas cartas",
    "hide": "Esconder",
    "objective": "Objetivo:",
    "objective_changed_own": "Seu objetivo mudou: sua carta mandava destruir os "
    "{board.armies} {color}, que são os seus. Agora vale o "
    "objetivo acima.",
    "objective_changed_absent": "Seu objetivo mudou: sua carta mandava destruir os "
    "{board.armies} {color}, que não estão no jogo. Agora vale "
    "o objetivo acima.",
    "objective_changed_by": "Seu objetivo mudou: sua carta mandava destruir os "
    "{board.armies} {color}, mas {name} os destruiu. Agora vale o "
    "objetivo acima.",
    "cards": "Suas cartas",
    "joker": "Coringa",
    "trade": "Trocar as 3 cartas escolhidas",
    "trade_choose": "Trocar (escolha 3 cartas)",
    "trade_may": "Trocas abertas agora: veja suas cartas para saber se formam um conjunto.",
    "trade_ready": "Você tem um conjunto para trocar agora (vale {value}): escolha 3 cartas.",
    "trade_must": "Com 5 cartas ou mais, a troca é obrigatória agora (vale {value}): escolha "
    "3 cartas que formem um conjunto.",
    "trade_picked": "Escolhidas: {n} de 3.",
    "trade_pick_set": "Escolher um conjunto para mim",
    "trade_set_picked": "Conjunto escolhido (vale {value}): troque, ou escolha outra carta para "
    "mudar.",
    "trade_none": "Ainda não há conjunto nestas cartas: são 3 figuras iguais ou 3 diferentes "
    "(o coringa vale qualquer uma).",
    "trade_later": "Você tem um conjunto, mas as trocas são feitas no início da jogada (ou no "
    "fim dela, depois de eliminar um jogador).",
    "shape_square": "quadrado",
    "shape_triangle": "triângulo",
    "shape_circle": "círculo",
    "shape_joker": "coringa",
    "card_aria": "{card}: {shape}",
    "trade_invalid": "Estas 3 cartas ({shapes}) não formam um conjunto: são precisas 3 figuras "
    "iguais ou 3 diferentes, e o coringa vale qualquer uma.",
    "battle_title": "{source} contra {target}",
    "battle_result": "Ataque perdeu {lost}, defesa perdeu {killed}",
    "last_roll": "Último lance: {attack} contra {defend}. Ataque perdeu {lost}, defesa perdeu "
    "{killed}.",
    "wins_attack": "◀ ataque vence",
    "wins_defence": "defesa vence ▶",
    "dice_pair_attack": "{attack} contra {defend}: o ataque vence.",
    "dice_pair_defence": "{attack} contra {defend}: a defesa vence.",
    "dice_unpaired_attack": "Dado de ataque {die}, sem par.",
    "dice_unpaired_defence": "Dado de defesa {die}, sem par.",
    "th_player": "Jogador",
    "th_territories": "{board.territories_short}",
    "th_armies": "{board.armies_short}",
    "th_cards": "Cartas",
    "log_title": "Últimos lances",
    # touch, keyboard and layout (board_input.py)
    "tap_which": "Qual {board.territory}?",
    "close": "Fechar",
    "menu": "Menu",
    "fullscreen": "Tela cheia",
    "fullscreen_exit": "Sair da tela cheia",
    "panel_side": "Dados e cartas",
    "panel_info": "Jogadores e últimos lances",
    "board_keys": (
        "Setas: ir a um {board.territory} vizinho; Page Down e Page Up: ir ao próximo ou ao"
        " anterior {board.territory} que você pode escolher; Enter: escolher; Esc: desfazer a"
        " escolha."
    ),
    "territory_label": Plural(
        "{territory}: {name} ({color}), {armies} {board.army}",
        "{territory}: {name} ({color}), {armies} {board.armies}",
        "armies",
    ),
    "label_state_source": "selecionado (origem)",
    "label_state_target": "selecionado (destino)",
    "label_state_option": "disponível",
    "winner": "{name} venceu!",
    "winner_objective": "Os objetivos de todos:",
    "over_see_map": "Ver o mapa",
    "lost_since": Plural(
        "Desde a sua última jogada você perdeu {n} {board.territory}: {lost}.",
        "Desde a sua última jogada você perdeu {n} {board.territories}: {lost}.",
    ),
    "lost_to": "{territory} (para {name})",
    "over_show_result": "Ver o resultado",
    # events
    "ev_turn": "Rodada {round}: vez de {name}.",
    "ev_trade": Plural(
        "{name} trocou cartas por {armies} {board.army}.",
        "{name} trocou cartas por {armies} {board.armies}.",
        "armies",
    ),
    # a battle's roll: the dice of each side, then what each side lost (a side that lost
    # nothing is not named: every roll costs one side at least one army)
    "ev_battle": "{name} atacou {target.the} a partir {source.de}: {attack} contra {defend}. "
    "{losses}.",
    "battle_side_lost": Plural(
        "{name} perdeu {n} {board.army}", "{name} perdeu {n} {board.armies}"
    ),
    "battle_both_lost": "{first} e {second}",
    "ev_battles": Plural(
        "{name} atacou {target.the} a partir {source.de} {n} vez. {losses}.",
        "{name} atacou {target.the} a partir {source.de} {n} vezes. {losses}.",
    ),
    "ev_conquest": "{name} conquistou {territory.the}.",
    "ev_eliminated": "{by} eliminou {name} do jogo.",  # no participle: "eliminado/a"
    # said to every person after someone left the game: it tells nobody else's card
    "over_out_by": "Fora do jogo: eliminação por {by}.",
    "objective_check": "Veja seu objetivo: quem tinha de destruir os exércitos de quem "
    "saiu do jogo tem agora outro.",
    # elimination: cards of the eliminated player (RULINGS.md, "Elimination")
    "ev_took_cards": Plural(
        "{by} ficou com a carta de {name}.", "{by} ficou com as {n} cartas de {name}."
    ),
    "ev_top_up_by": Plural(
        "{drawer} tirou, sem olhar, {n} carta de {name} para a mão de {by} (até 5).",
        "{drawer} tirou, sem olhar, {n} cartas de {name} para a mão de {by} (até 5).",
    ),
    "ev_top_up_game": Plural(
        "O jogo sorteou {n} carta de {name} para a mão de {by} (até 5).",
        "O jogo sorteou {n} cartas de {name} para a mão de {by} (até 5).",
    ),
    "ev_top_up_none": "{by} já tinha 5 cartas e não recebeu nenhuma de {name}.",
    "ev_discarded": Plural(
        "A outra carta foi para o descarte.", "As outras {n} cartas foram para o descarte."
    ),
    "phase_final_trade": "trocas do fim da jogada",
    "final_trade_ahead": "Você ficou com as cartas do jogador eliminado. Ao encerrar a "
    "jogada, antes de receber a carta, você poderá trocar conjuntos; com "
    "mais de 5 cartas, a troca é obrigatória.",
    "final_trade_must": "Você tem {n} cartas: com mais de 5, troque conjuntos, um após "
    "o outro, até ficar com 5 ou menos. Mostre suas cartas e "
    "escolha 3.",
    "final_trade_draw": Plural(
        "Fim da jogada: você tem {n} carta. Encerre para receber a carta da jogada.",
        "Fim da jogada: você tem {n} cartas. Encerre para receber a carta da jogada.",
        zero="Fim da jogada: você não tem cartas. Encerre para receber a carta da jogada.",
    ),
    "final_trade_may": Plural(
        "Fim da jogada: você tem {n} carta e pode trocar conjuntos agora, antes de receber "
        "a carta da jogada (mostre suas cartas).",
        "Fim da jogada: você tem {n} cartas e pode trocar conjuntos agora, antes de "
        "receber a carta da jogada (mostre suas cartas).",
    ),
    "final_trade_due": "Com a carta da jogada você terá {n}: a troca de um conjunto será "
    "obrigatória no início da próxima jogada.",
    "final_trade_end": "Encerrar a jogada e receber a carta",
    "rule_forced_trade_final": "Com mais de 5 cartas, troque um conjunto antes de encerrar a "
    "jogada.",
    "ev_card": "{name} recebeu uma carta.",
    "ev_victory": "{name} cumpriu o objetivo!",
    # refusals (engine rule names)
    "rule_not_your_territory": "Este {board.territory} não é seu.",
    "place_not_yours": "Esse {board.territory} é de {owner}: coloque num {board.territory} seu.",
    "show_on_map": "Mostrar no mapa",
    "show_on_map_named": "{pool} (mostrar no mapa)",
    "rule_not_adjacent": "Só se ataca ou move para um {board.territory} vizinho.",
    "rule_occupation_army": "É preciso ter pelo menos 2 {board.armies}: um fica de ocupação.",
    "rule_forced_trade": "Com 5 cartas ou mais, troque um conjunto antes de colocar.",
    "rule_bound_armies": "Esses {board.armies} vêm de um bônus e só podem ir para onde ele indica.",
    "rule_too_many_armies": "Você não tem tantos {board.armies} para colocar.",
    "rule_place_first": "Coloque primeiro todos os seus {board.armies}.",
    "rule_move_once": "Um {board.army} só pode ser remanejado uma vez por jogada.",
    "rule_invalid_set": "Um conjunto são 3 figuras iguais ou 3 diferentes "
    "(o coringa vale qualquer uma).",
    "rule_trade_timing": "As trocas são feitas no início da jogada.",
    "rule_occupy_limit": "Mova no máximo o número de dados do último ataque.",
    "rule_game_over": "O jogo terminou.",
}

EN: dict[str, Entry] = {
    "app_title": "pywar — WAR in the browser",
    "title_game": "{game} — pywar",
    "loading": "Loading Python…",
    "menu_new": "New game",
    "menu_saves": "Saved games",
    "menu_back": "Back to the game",
    "menu_history": "History",
    "menu_stats": "Statistics",
    "menu_rules": "Rules",
    "rules_title": "Rules of the game",
    "history_title": "Game history",
    "replay_start": "Replay step by step",
    "replay_title": "Replaying the game",
    "replay_step": "Move {step} of {last} · round {round}",
    "replay_step_said": "Move {step} of {last}, round {round}.",
    "replay_first": "Start",
    "replay_prev": "Previous move",
    "replay_next": "Next move",
    "replay_last": "End",
    "replay_exit": "Back to the game",
    "stats_title": "Statistics",
    "stats_hint": "Actual losses against those expected from the exact dice odds. Positive "
    "luck: lost fewer than expected.",
    "th_att_lost": "Lost attacking / expected",
    "stats_attacks": Plural("in {n} attack", "in {n} attacks", zero="no attacks"),
    "th_def_lost": "Lost defending / expected",
    "stats_defences": Plural("in {n} defence", "in {n} defences", zero="no defences"),
    "th_luck": "Luck",
    "chart_territories": "{board.Territories}",
    "chart_armies": "{board.Armies}",
    "chart_label_territories": "{board.Territories} of each player per round",
    "chart_label_armies": "{board.Armies} of each player per round",
    "chart_figures": "The chart's figures",
    "th_round": "Round",
    "odds_expect": "On average, fighting to the end: you keep {a}, the defence keeps {d}",
    "odds_expect_about": "On average, fighting to the end: you keep about {a}, the defence "
    "about {d}",
    "blitz": "Blitz",
    "blitz_title": "Keep attacking until you conquer or drop to the number you chose to keep",
    "blitz_floor": "Blitz stops when I am down to:",
    "blitz_stop": "Stop",
    "blitz_tally": "Blitz from {source.the} on {target.the} — rolls: {rolls} · attack lost: "
    "{lost} · defence lost: {killed}",
    "blitz_said": "{tally}. {why}",
    "blitz_tally_said": "Blitz from {source.the} on {target.the}. Rolls: {rolls}; attack lost "
    "{lost}, defence lost {killed}",
    "replay_end_attack": "{name} ended the attacks.",
    "blitz_why_conquered": "It stopped because you conquered {target.the}.",
    "blitz_why_floor": "It stopped at the number you chose to keep: {floor} in {source.the}.",
    "blitz_why_stopped": "It stopped because you stopped it.",
    "blitz_why_no_armies": "It stopped because {source.the} has nothing left to attack with (one "
    "always stays to hold it).",
    "blitz_why_cannot": "It stopped because this attack is no longer possible.",
    "undo": "Undo",
    "undo_title": "Takes back the last placement or move (dice are never re-rolled)",
    "ev_undo": "{name} took back the last move.",
    "ev_place": Plural(
        "{name} placed {count} {board.army} on {territory.the}.",
        "{name} placed {count} {board.armies} on {territory.the}.",
        "count",
    ),
    "ev_occupy": Plural(
        "{name} moved {count} {board.army} into {territory.the}.",
        "{name} moved {count} {board.armies} into {territory.the}.",
        "count",
    ),
    "ev_regroup": Plural(
        "{name} moved {count} {board.army} from {source.the} to {target.the}.",
        "{name} moved {count} {board.armies} from {source.the} to {target.the}.",
        "count",
    ),
    "ev_reshuffle": "The traded cards went back into the deck.",
    "map_label": "Map",
    "zoom_in": "Zoom in",
    "zoom_out": "Zoom out",
    "zoom_reset": "Whole map",
    "zoom_group": "Map zoom",
    "panel_label": "Game panel",
    "notices_label": "Notices",
    "lang_switch": "Português",
    "lang_switch_title": "Mudar para português",
    "variant_label": "Which game",
    "variant_players": "{low} to {high} players",
    "setup_title": "New game",
    "setup_hint": "{low} to {high} players. Each picks a name, a colour and whether a person "
    "or the computer plays.",
    "seat_name": "Name of player {n}",
    "seat_color": "Colour of player {n}",
    "seat_kind": "Who plays seat {n}",
    "seat_remove": "Remove this player",
    "seat_remove_named": "Remove player {n} ({name})",
    "seat_add": "+ Player",
    "kind_human": "Person",
    "kind_bot": "Computer",
    "kind_easy": "Computer, easy",
    "kind_normal": "Computer, normal",
    "kind_hard": "Computer, hard",
    "speed_label": "Computer speed",
    "speed_slow": "Slow",
    "speed_normal": "Normal",
    "speed_fast": "Fast",
    "pause": "Pause",
    "resume_bots": "Resume",
    "bot_paused_tag": "paused",
    "bots_paused": "Paused: {name} (computer) waits until you press Resume.",
    "fast_forward": "Skip to my turn",
    "watch_hint": "Computers only: watch the game.",
    "watch_hint_out": "Only computers are left: watch the game to its end.",
    "options": "Options",
    "opt_first_round": "First round: placement only",
    "opt_fixed_rule": "(this game's rule)",
    "first_round_placing": "First round: placement only; your turn ends with the last "
    "{board.army} placed.",
    "opt_not_here": "(not in this game)",
    "seed_label": "Seed (optional): ",
    "seed_placeholder": "random",
    "seed_hint": "The same seed deals the same cards and rolls the same dice: to play a game "
    "again.",
    "opt_only_with_5": "(only with 5 players)",
    "start": "Start",
    "setup_need_names": "Every player needs a name.",
    "setup_colors_clash": "Two players cannot share a colour.",
    "setup_seats_aside": Plural(
        "{n} player sits this one out ({names}): {game} is for up to {most} players. They "
        "come back if you choose another game.",
        "{n} players sit this one out ({names}): {game} is for up to {most} players. They "
        "come back if you choose another game.",
    ),
    "list_and": "{head} and {last}",
    "list_and_semicolons": "{head}; and {last}",
    "setup_bad_seed": "The seed must be a whole number.",
    "color_branco": "white",
    "color_preto": "black",
    "color_vermelho": "red",
    "color_azul": "blue",
    "color_amarelo": "yellow",
    "color_verde": "green",
    "saves_title": "Saved games",
    "saves_empty": "No saved games yet.",
    "save_line": "{date} · {variant} · {players} · round {round}",
    "save_over": " (finished)",
    "save_damaged_line": "Unreadable save: {reason}",
    "resume": "Resume",
    "see_result": "See the result",
    "export": "Export",
    "delete": "Delete",
    "import": "Import a .json file",
    "save_deleted": "Game deleted.",
    "save_imported": "Game imported.",
    "exported": "File saved for download: {name}",
    "exported_framed": "File offered for download: {name}. No file? The page showing the "
    "game may block downloads.",
    "own_tab_blocked": "The page showing the game does not let it open tabs. Copy this "
    "address (it carries the game as it is) and open it in a new tab:",
    "save_missing": "This saved game no longer exists.",
    "save_damaged": "the file is damaged or incomplete",
    "save_foreign": "it is not a pywar saved game",
    "save_version": "it was saved by another version of pywar",
    # keeping games on this device (saves, storage, tabs)
    "save_set_aside": "The last game could not be opened ({reason}). It stays in Saved games, "
    "where you can export it to report the problem or delete it; your other "
    "saved games were not touched.",
    "save_restored": "Saved game restored.",
    "save_import_known": "This game was already saved; the copy with more progress was kept.",
    "save_backup_empty": "the backup file holds no readable game",
    "save_in_play": "in play on this page",
    "save_shown": "open on this page",
    "save_meta": "{date} · round {round}",
    "save_player_bot": "{name} ({kind})",
    "save_to_move": "{name} to play",
    "save_winner": "Finished: {name} won",
    "save_over_short": "Finished",
    "save_file_round": "round {round}",
    "export_damaged": "Export to report",
    "deleted_one": "Game deleted.",
    "deleted_many": "Finished games deleted: {n}.",
    "undo_delete": "Undo",
    "backup_all": "Back up all games to a file",
    "backup_file": "backup",
    "restore_file": "Restore from a file",
    "clear_finished": "Delete finished games",
    "persist_granted": "This browser keeps your games permanently.",
    "persist_denied": "The browser may delete saved games when space runs low: back them up "
    "to a file now and then.",
    "save_to_file": "Save to a file",
    "open_own_tab": "Open the game in its own tab",
    "storage_retry": "Try saving again",
    "storage_full": "The browser's storage is full: this game is NOT being saved.",
    "storage_full_hint": "Save the game to a file so no move is lost, or delete finished games "
    "to free space.",
    "storage_games_unkept": Plural(
        "The browser's storage is full and {n} saved game was NOT kept: {games}. It exists "
        "only on this page: save it to a file before you close the page.",
        "The browser's storage is full and {n} saved games were NOT kept: {games}. They "
        "exist only on this page: save them to files before you close the page.",
    ),
    "save_game_to_file": "Save to a file: {game}",
    "game_of": "{game} with {names}, round {round}",
    "save_restore_refused": Plural(
        "The browser's storage is full: {n} deleted game could not come back. Delete "
        "finished games to free space, then press Undo again.",
        "The browser's storage is full: {n} deleted games could not come back. Delete "
        "finished games to free space, then press Undo again.",
    ),
    "last_game_not_kept": "The last game was not kept on this device (the browser's storage "
    "was full, or was cleared). Saved games lists what this device keeps.",
    "storage_blocked": "This browser does not let the page keep games: nothing will be saved "
    "on this device.",
    "storage_blocked_hint": "Save the game to a file, or open the game in its own tab, where "
    "it can be kept.",
    "storage_back": "The game is being saved on this device again.",
    "deleted_elsewhere": "This game was deleted in another tab. It is still saved here, and "
    "you can play on.",
    "keep_here": "Keep the game",
    "delete_here": "Delete it here too",
    "conflict_title": "The game went on in another tab",
    "conflict_text": "This game was played in another tab or window after this page opened "
    "it. So as not to erase what was done there, this page no longer saves "
    "over it. Go on here from the latest position.",
    "conflict_take_over": "Go on here from the latest position",
    "conflict_leave": "See the saved games",
    "conflict_loaded": "Latest position loaded: this tab goes on with the game.",
    "ios_week_warning": "On iPad and iPhone, Safari deletes the games of a site that is not "
    "opened for seven days.",
    "ios_home_screen_how": "To keep your games, add the game to the Home Screen: tap Share, "
    'then "Add to Home Screen".',
    "notice_dismiss": "Got it",
    "error_unexpected": "Something went wrong: {detail}",
    "curtain_pass": "Pass to {name}",
    "curtain_hint": "The other players should look away.",
    "curtain_ready": "I am {name}: start",
    "curtain_undo": "Undo {name}'s last placement",
    "round_n": "Round {n}",
    "phase_reinforce": "place {board.armies}",
    "phase_attack": "attack",
    "phase_occupy": "moving in",
    "phase_regroup": "regroup",
    "phase_over": "game over",
    "bot_thinking": "computer playing",
    "bot_tag": "(computer)",
    "bot_playing": "{name} (computer) is playing…",
    "to_place": "{board.Armies} to place: {n}",
    "pool_free": "{n} on any of your {board.territories}",
    "pool_continent": "{n} only in {continent.the}",
    "pool_territory": "{n} only on {territory.the} (traded card)",
    "amount_label": "{board.Armies} each time",
    "amount_1": "+1",
    "amount_5": "+5",
    "amount_10": "+10",
    "amount_25": "+25",
    "amount_all": "All",
    "place_hint": "Choose one of your {board.territories} to place.",
    "place_hint_continent": "Choose one of your {board.territories} in {continent.the} to place.",
    "place_hint_territory": "Choose {territory.the} to place.",
    "must_trade": "You hold 5 cards or more: show your cards and trade a set.",
    "attack_pick_source": "Choose one of your {board.territories} with 2 or more {board.armies} to "
    "attack from it.",
    "attack_pick_target": "Attacking from {source.the}: choose a neighbouring enemy "
    "{board.territory}.",
    "attack_matchup": "{source} ({a}) attacks {target} ({d})",
    "odds_line": "Chance to conquer attacking to the end: {pct}%",
    "odds_line_about": "Chance to conquer attacking to the end: about {pct}%",
    "pct_above": "more than {pct}",
    "pct_below": "less than {pct}",
    "dice_label": "Attack dice",
    "dice_n": Plural("{n} die", "{n} dice"),
    "n_armies": Plural("{n} {board.army}", "{n} {board.armies}"),
    "attack": "Attack",
    "cancel": "Cancel",
    "end_attack": "End attacks",
    "end_turn": "End turn",
    "pick_source_first": "First pick one of your {board.territories} to attack from.",
    "attack_one_army": "{territory.The} has only 1 {board.army}, and 1 always stays. Attack "
    "from one of your {board.territories} with 2 or more.",
    "attack_own_with_source": "That {board.territory} is yours: to attack from {source.the}, "
    "choose an enemy {board.territory} next to it.",
    "attack_not_adjacent": "{target.The} is not next to {source.the}. From {source.the} you "
    "can attack: {targets}.",
    "attack_not_adjacent_none": "{target.The} is not next to {source.the}, and {source.the} has "
    "no enemy neighbour.",
    "occupy_prompt": "You conquered {territory.the}! How many {board.armies} move in (up to "
    "{max})?",
    "occupy_n": Plural("Move {n} {board.army} in", "Move {n} {board.armies} in"),
    "regroup_pick_source": "Regroup: choose one of your {board.territories} to move "
    "{board.armies} from.",
    "regroup_pick_target": "{n} may leave {source.the}: choose a neighbouring {board.territory} "
    "of yours.",
    "regroup_prompt": "Move from {source.the} to {target.the}:",
    "count_label": "How many {board.armies} to move",
    "count_fewer": "One {board.army} fewer",
    "count_more": "One {board.army} more",
    "count_half": "Half ({n})",
    "regroup_go": "Move {n}",
    "nothing_to_move": "No {board.army} may leave this {board.territory} this turn.",
    "cards_count": "Cards: {n} · next trade is worth {value}",
    "reveal": "Show my objective and cards",
    "hide": "Hide",
    "objective": "Objective:",
    "objective_changed_own": "Your objective changed: your card said to destroy the {color} "
    "{board.armies}, which are your own. The objective above is "
    "yours now.",
    "objective_changed_absent": "Your objective changed: your card said to destroy the "
    "{color} {board.armies}, which are not in the game. The "
    "objective above is yours now.",
    "objective_changed_by": "Your objective changed: your card said to destroy the {color} "
    "{board.armies}, but {name} destroyed them. The objective above "
    "is yours now.",
    "cards": "Your cards",
    "joker": "Joker",
    "trade": "Trade the 3 chosen cards",
    "trade_choose": "Trade (choose 3 cards)",
    "trade_may": "Trading is open now: show your cards to see whether they make a set.",
    "trade_ready": "You hold a set to trade now (worth {value}): pick 3 cards.",
    "trade_must": "With 5 cards or more you must trade now (worth {value}): pick 3 cards "
    "that make a set.",
    "trade_picked": "Picked: {n} of 3.",
    "trade_pick_set": "Pick a set for me",
    "trade_set_picked": "A set is picked (worth {value}): trade it, or choose another card to "
    "change it.",
    "trade_none": "No set among these cards yet: a set is 3 equal shapes or 3 different ones "
    "(a joker is any shape).",
    "trade_later": "You hold a set, but cards are traded at the start of your turn (or at its "
    "end after eliminating a player).",
    "shape_square": "square",
    "shape_triangle": "triangle",
    "shape_circle": "circle",
    "shape_joker": "joker",
    "card_aria": "{card}: {shape}",
    "trade_invalid": "These 3 cards ({shapes}) are not a set: it takes 3 equal shapes or 3 "
    "different ones, and a joker is any shape.",
    "battle_title": "{source} against {target}",
    "battle_result": "Attack lost {lost}, defence lost {killed}",
    "last_roll": "Last roll: {attack} against {defend}. Attack lost {lost}, defence lost {killed}.",
    "wins_attack": "◀ attack wins",
    "wins_defence": "defence wins ▶",
    "dice_pair_attack": "{attack} against {defend}: the attack wins.",
    "dice_pair_defence": "{attack} against {defend}: the defence wins.",
    "dice_unpaired_attack": "Attack die {die}, unmatched.",
    "dice_unpaired_defence": "Defence die {die}, unmatched.",
    "th_player": "Player",
    "th_territories": "{board.territories_short}",
    "th_armies": "{board.armies_short}",
    "th_cards": "Cards",
    "log_title": "Latest moves",
    # touch, keyboard and layout (board_input.py)
    "tap_which": "Which {board.territory}?",
    "close": "Close",
    "menu": "Menu",
    "fullscreen": "Full screen",
    "fullscreen_exit": "Leave full screen",
    "panel_side": "Dice and cards",
    "panel_info": "Players and latest moves",
    "board_keys": (
        "Arrows: go to a neighbouring {board.territory}; Page Down and Page Up: go to the next"
        " or previous {board.territory} you may choose; Enter: choose; Esc: undo the choice."
    ),
    "territory_label": Plural(
        "{territory}: {name} ({color}), {armies} {board.army}",
        "{territory}: {name} ({color}), {armies} {board.armies}",
        "armies",
    ),
    "label_state_source": "selected (from)",
    "label_state_target": "selected (to)",
    "label_state_option": "available",
    "winner": "{name} wins!",
    "winner_objective": "Everyone's objectives:",
    "over_see_map": "See the map",
    "lost_since": Plural(
        "Since your last turn you lost {n} {board.territory}: {lost}.",
        "Since your last turn you lost {n} {board.territories}: {lost}.",
    ),
    "lost_to": "{territory} (to {name})",
    "over_show_result": "Show the result",
    "ev_turn": "Round {round}: {name} to play.",
    "ev_trade": Plural(
        "{name} traded cards for {armies} {board.army}.",
        "{name} traded cards for {armies} {board.armies}.",
        "armies",
    ),
    "ev_battle": "{name} attacked {target.the} from {source.the}: {attack} against {defend}. "
    "{losses}.",
    "battle_side_lost": Plural("{name} lost {n} {board.army}", "{name} lost {n} {board.armies}"),
    "battle_both_lost": "{first} and {second}",
    "ev_battles": Plural(
        "{name} attacked {target.the} from {source.the} {n} time. {losses}.",
        "{name} attacked {target.the} from {source.the} {n} times. {losses}.",
    ),
    "ev_conquest": "{name} conquered {territory.the}.",
    "ev_eliminated": "{by} knocked {name} out of the game.",
    "over_out_by": "Knocked out by {by}.",
    "objective_check": "Check your objective: a card to destroy the armies of whoever left "
    "the game is now another objective.",
    # elimination: cards of the eliminated player (RULINGS.md, "Elimination")
    "ev_took_cards": Plural("{by} took {name}'s card.", "{by} took {name}'s {n} cards."),
    "ev_top_up_by": Plural(
        "{drawer} drew {n} of {name}'s cards blind for {by}'s hand (up to 5).",
        "{drawer} drew {n} of {name}'s cards blind for {by}'s hand (up to 5).",
    ),
    "ev_top_up_game": Plural(
        "The game drew {n} of {name}'s cards for {by}'s hand (up to 5).",
        "The game drew {n} of {name}'s cards for {by}'s hand (up to 5).",
    ),
    "ev_top_up_none": "{by} already held 5 cards and got none of {name}'s.",
    "ev_discarded": Plural(
        "The other card went to the discard pile.", "The other {n} cards went to the discard pile."
    ),
    "phase_final_trade": "end-of-turn trades",
    "final_trade_ahead": "You took the eliminated player's cards. When you end the turn, "
    "before the card is drawn, you may trade sets; with more than 5 "
    "cards you must.",
    "final_trade_must": "You hold {n} cards: with more than 5 you must trade sets, one "
    "after another, until you hold 5 or fewer. Show your cards and "
    "pick 3.",
    "final_trade_draw": Plural(
        "End of the turn: you hold {n} card. End the turn to draw the turn's card.",
        "End of the turn: you hold {n} cards. End the turn to draw the turn's card.",
        zero="End of the turn: you hold no cards. End the turn to draw the turn's card.",
    ),
    "final_trade_may": Plural(
        "End of the turn: you hold {n} card and may trade sets now, before the turn's card "
        "is drawn (show your cards).",
        "End of the turn: you hold {n} cards and may trade sets now, before the turn's "
        "card is drawn (show your cards).",
    ),
    "final_trade_due": "The turn's card will make {n}: you will have to trade a set at the "
    "start of your next turn.",
    "final_trade_end": "End the turn and draw the card",
    "rule_forced_trade_final": "With more than 5 cards, trade a set before ending the turn.",
    "ev_card": "{name} received a card.",
    "ev_victory": "{name} achieved the objective!",
    "rule_not_your_territory": "This {board.territory} is not yours.",
    "place_not_yours": "That {board.territory} is {owner}'s: place on one of your own.",
    "show_on_map": "Show on the map",
    "show_on_map_named": "{pool} (show on the map)",
    "rule_not_adjacent": "You can only attack or move to a neighbouring {board.territory}.",
    "rule_occupation_army": "You need at least 2 {board.armies}: one stays as the occupying "
    "{board.army}.",
    "rule_forced_trade": "With 5 cards or more, trade a set before placing.",
    "rule_bound_armies": "These {board.armies} come from a bonus and may only go where it says.",
    "rule_too_many_armies": "You don't have that many {board.armies} to place.",
    "rule_place_first": "Place all your {board.armies} first.",
    "rule_move_once": "{board.An_army} may be regrouped only once per turn.",
    "rule_invalid_set": "A set is 3 equal shapes or 3 different ones (a joker is any).",
    "rule_trade_timing": "Cards are traded at the start of the turn.",
    "rule_occupy_limit": "Move at most as many {board.armies} as the dice of the last attack.",
    "rule_game_over": "The game is over.",
}

CATALOGUE: dict[str, dict[str, Entry]] = {"pt": PT, "en": EN}


#: A board's own words, by language: the defaults are the classic game's. A board's JSON may
#: name its own under ``terms[lang]`` (Mitológicas: warriors and regions; Brasil: states and
#: regions). Templates use them as named parameters, ``{board.armies}``, ``{board.Armies}``
#: (first letter capitalised), never by rewriting a template.
DEFAULT_TERMS: dict[str, dict[str, str]] = {
    "pt": {
        "army": "exército",
        "armies": "exércitos",
        "an_army": "um exército",
        "armies_short": "Exérc.",
        "continent": "continente",
        "continents": "continentes",
        "territory": "território",
        "a_territory": "um território",
        "territories": "territórios",
        "territories_short": "Terr.",
    },
    "en": {
        "army": "army",
        "armies": "armies",
        "an_army": "an army",
        "armies_short": "Armies",
        "continent": "continent",
        "continents": "continents",
        "territory": "territory",
        "a_territory": "a territory",
        "territories": "territories",
        "territories_short": "Terr.",
    },
}


class Terms:
    """A board's words in one language, read by templates as ``{board.word}``.

    >>> Terms({"armies": "guerreiros"}).Armies
    'Guerreiros'
    """

    def __init__(self, words: dict[str, str]) -> None:
        for key, value in words.items():
            setattr(self, key, value)
            setattr(self, key[:1].upper() + key[1:], value[:1].upper() + value[1:])


@cache
def board_terms(lang: str, board_id: str | None = None) -> Terms:
    """The words of ``board_id`` (None: the classic ones) in ``lang``."""
    words = dict(DEFAULT_TERMS.get(lang, DEFAULT_TERMS["pt"]))
    if board_id:
        own = load_board(board_id).raw.get("terms", {}).get(lang, {})
        words.update({k: v for k, v in own.items() if isinstance(v, str)})
    return Terms(words)


class Place(str):
    """A place's name (it is that string) that also gives templates its forms with the
    article, as the board's data spells them: ``{x.the}`` "o Brasil", "a Europa", "Moscou",
    "the Middle East"; ``{x.em}`` "no Brasil", "nas Ilhas do Egeu", "em Moscou" (English:
    "in the South"); ``{x.de}`` "do Brasil", "de Esparta" (English: "from the South");
    ``{x.The}``, ``{x.Em}``, ``{x.De}`` start a sentence.

    >>> place("pt", "brasil", "sul").em, place("en", "brasil", "sul").the
    ('no Sul', 'the South')
    """

    the: str
    em: str
    de: str

    def __new__(cls, name: str, the: str = "", em: str = "", de: str = "") -> Place:
        self = super().__new__(cls, name)
        forms = {"the": the or name, "em": em or "em " + name, "de": de or "de " + name}
        for key, value in forms.items():
            setattr(self, key, value)
            setattr(self, key.capitalize(), value[:1].upper() + value[1:])
        return self


@cache
def _places(board_id: str) -> dict[str, dict[str, Any]]:
    raw = load_board(board_id).raw
    return {p["id"]: p for p in [*raw["territories"], *raw["continents"]]}


@cache
def place(lang: str, board_id: str, place_id: str) -> Place:
    """A territory or continent of a board, named in ``lang`` with its article forms (the
    article and, in Portuguese, its contractions with "em" and "de" are board data)."""
    data = _places(board_id)[place_id]
    if lang == "en":
        name = data.get("name_en") or data["name"]
        the = f"{data['article_en']} {name}" if data.get("article_en") else name
        return Place(name, the, "in " + the, "from " + the)
    name = data["name"]
    the = f"{data['article']} {name}" if data.get("article") else name
    return Place(name, the, f"{data.get('em', 'em')} {name}", f"{data.get('de', 'de')} {name}")


#: Each language's thousands separator and decimal mark (pt_BR groups from 1.000 on).
NUMBER_MARKS = {"pt": (".", ","), "en": (",", ".")}


def names_separator(names: list[str]) -> str:
    """What sets names apart in a list: a comma, or a semicolon where a name holds commas
    of its own (a group of pupils: "Group 1 — Maria, João; Group 2 — Ana, Tom").

    >>> names_separator(["Ana", "Bia"]), names_separator(["G1 — Ana, Bia", "G2 — Tom"])
    (', ', '; ')
    """
    return "; " if any("," in n for n in names) else ", "


def grouped(lang: str, x: float, decimals: int = 0) -> str:
    """``x`` in the language's number style, thousands grouped.

    >>> grouped("pt", 57832), grouped("en", 57832), grouped("pt", 1648.56, 1), grouped("en", 999)
    ('57.832', '57,832', '1.648,6', '999')
    """
    thousands, decimal = NUMBER_MARKS.get(lang, NUMBER_MARKS["en"])
    text = f"{x:,.{decimals}f}"
    return text.translate({ord(","): thousands, ord("."): decimal})


def fill(lang: str, template: str, board_id: str | None = None, **params: Any) -> str:
    """``template`` with ``params`` and the board's words (``{board.x}``) filled in; whole
    numbers in the language's style ("1.250 exércitos", "1,250 armies")."""
    if "board" in params:
        raise ValueError("'board' is the name of the board's words in a template")
    shown = {k: grouped(lang, v) if type(v) is int else v for k, v in params.items()}
    return template.format(board=board_terms(lang, board_id), **shown)


def t(lang: str, key: str, board_id: str | None = None, **params: Any) -> str:
    """The text for ``key`` in ``lang`` with ``params`` filled in (Portuguese as fallback),
    in the words of the board ``board_id`` (None: the classic game)."""
    table = CATALOGUE.get(lang, PT)
    entry = table.get(key) or PT.get(key) or key
    if isinstance(entry, Plural):
        n = int(params[entry.count])
        entry = entry.zero if n == 0 and entry.zero else ngettext(lang, entry.one, entry.other, n)
    return fill(lang, entry, board_id, **params)
