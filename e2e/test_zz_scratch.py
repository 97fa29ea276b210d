from typing import Any

from e2e import touch_page as T
from e2e.touch_page import SEATS, load_position, open_curtain, resize
from pywar.game import Game
from pywar.variants import get_variant

touch = T.touch
page = T.page


def test_shots(page: Any) -> None:
    for board_id in ("classic", "war2"):
        ts = list(get_variant(board_id).board.territories)
        owner = {t: 0 for t in ts}
        owner[ts[-1]] = 1
        owner[ts[-2]] = 2
        game = Game.scenario(board_id, SEATS, owner, round=2, seed=4, objectives={0: "destroy_vermelho"})
        load_position(page, game)
        open_curtain(page)
        for size in ("360x640", "844x390", "1024x768"):
            resize(page, size)
            page.wait_for_timeout(300)
            page.screenshot(path=f"/tmp/shots/big_{board_id}_{size}.png")
