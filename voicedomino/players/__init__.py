"""Computer opponents at three levels, two baselines, and the hint for the human player.

player = make_player(Level.DIFFICILE)  # or make_player("difficile")
action = player.choose(match.view(seat), random.Random(seed))  # one of view.legal_actions()
hint = suggest(match.view(human_seat), random.Random(seed))
"""

from voicedomino.players.base import NoLegalAction, Player
from voicedomino.players.factory import BASELINES, make_player, suggest
from voicedomino.players.levels import LEVELS, Level

__all__ = ["BASELINES", "LEVELS", "Level", "NoLegalAction", "Player", "make_player", "suggest"]
