"""pywar: WAR, Brazil's classic strategy board game, as a pure-Python engine.

>>> from pywar import Game, Place
>>> game = Game.new("classic", [("Ana", "azul"), ("Bia", "verde"), ("Caio", "preto")], seed=1)
>>> game.phase
<Phase.REINFORCE: 'reinforce'>
"""

from .actions import Action, Attack, EndAttack, EndTurn, Occupy, Place, Regroup, Trade
from .board import Board, load_board, validate_board
from .errors import BoardError, IllegalAction, StateError, WarError
from .game import Game, compare_dice, is_valid_set
from .phase import Phase
from .variants import VARIANTS, Variant, get_variant

__version__ = "0.1.0"

__all__ = [
    "Action",
    "Attack",
    "Board",
    "BoardError",
    "EndAttack",
    "EndTurn",
    "Game",
    "IllegalAction",
    "Occupy",
    "Phase",
    "Place",
    "Regroup",
    "StateError",
    "Trade",
    "VARIANTS",
    "Variant",
    "WarError",
    "compare_dice",
    "get_variant",
    "is_valid_set",
    "load_board",
    "validate_board",
]
