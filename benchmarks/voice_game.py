"""The game's side of the voice round trip, for `bench_voice.py --handler voice_game:make_handler`.

Each recognised Korean test word stands for one Italian command (the Italian model cannot be
had here); the command goes through the real Game and DialogManager of a match in progress,
exactly as `voicedomino.frontend.voice.deliver` hands it over. The time returned is the moment
the game handed the first message of its answer to the sound output (speech queued, cue
started). What the output then needs to make it audible is measured by `bench_speech.py`.

    PYTHONPATH=.:tests python benchmarks/bench_voice.py --handler voice_game:make_handler
"""

from __future__ import annotations

import io
import time
from collections.abc import Callable
from dataclasses import replace

from voicedomino.audio.cues import Cue
from voicedomino.audio.null import NullOutput
from voicedomino.dialog.manager import DialogManager
from voicedomino.dialog.menu import Table
from voicedomino.frontend.app import Game
from voicedomino.frontend.inbox import Spoken
from voicedomino.frontend.voice import deliver
from voicedomino.speech.recognizer import Utterance

# The Korean test words (tests/korean_speech.py) and the grammar sentences of the queries they
# stand for: queries keep the match in the same state, so every utterance gets a full answer.
COMMANDS = {
    "오른쪽": "coda",
    "왼쪽": "testa",
    "아래": "mano",
    "여섯": "pozzo",
    "아니요": "punteggio",
    "오른쪽 나무": "serpente",
    "왼쪽 아래": "di chi e il turno",
}


class TimedOutput(NullOutput):
    """A silent output that notes when the game first hands it something."""

    def __init__(self) -> None:
        super().__init__()
        self.first_handed: float | None = None

    def _mark(self) -> None:
        if self.first_handed is None:
            self.first_handed = time.monotonic()

    def speak(self, text: str) -> None:
        self._mark()

    def play_cue(self, cue: Cue, pan: float = 0.0, volume: float = 1.0) -> None:
        self._mark()


def make_handler() -> Callable[[Utterance], float | None]:
    output = TimedOutput()
    game = Game(
        DialogManager(Table(), computer_pause=0, seed=1), output, autosave=None, out=io.StringIO()
    )
    game.render(game.manager.start())
    game.handle("inizia")

    def handle(utterance: Utterance) -> float | None:
        # The recogniser identified the Italian sentence: the game looks its meaning up.
        command = COMMANDS.get(utterance.text)
        deliver(game, replace(utterance, text=command or "", sentence=command))
        item = game.inbox.get_nowait()
        assert isinstance(item, Spoken)
        output.first_handed = None
        game.handle_intent(item.heard.intent if item.heard is not None else None)
        return output.first_handed

    return handle
