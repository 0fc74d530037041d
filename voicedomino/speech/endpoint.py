"""Notice quickly that the player stopped speaking.

Vosk closes an utterance only after 0.5 s of trailing silence by its model's rules (more when
unsure), and vosk 0.3.45 offers no call to shorten that. This detector follows the loudness of
the input in 10 ms steps against a noise floor it learns, and reports the end of speech after
`silence_after` seconds of quiet following at least `min_speech` seconds of sound; the listener
then asks Vosk for its final result at once.
"""

from __future__ import annotations

import enum

import numpy as np

from voicedomino.speech.sources import BYTES_PER_SAMPLE, SAMPLE_RATE

_STEP_SAMPLES = SAMPLE_RATE // 100  # 10 ms
_FLOOR_RISE = 1.002  # per quiet step: the floor follows louder background (about 1 dB/s)
# Per loud step: a background that became loud (a fan switched on) stops counting as speech
# within seconds, while real speech, far above the floor, is not affected.
_FLOOR_CREEP = 1.003


class SpeechEvent(enum.Enum):
    STARTED = "started"
    ENDED = "ended"


class SpeechEndDetector:
    """Energy-based start/end of speech.

    A step is loud when its RMS exceeds both `min_level` (absolute, in 16-bit sample units) and
    the learnt noise floor times `over_floor`.
    """

    def __init__(
        self,
        *,
        silence_after: float = 0.2,
        min_speech: float = 0.1,
        min_level: float = 200.0,
        over_floor: float = 3.0,
    ) -> None:
        self.silence_after = silence_after
        self.min_speech = min_speech
        self.min_level = min_level
        self.over_floor = over_floor
        self._floor = min_level / over_floor
        self._leftover = np.zeros(0, dtype=np.float64)
        self.reset()

    def reset(self) -> None:
        """Forget the current utterance (the learnt noise floor is kept)."""
        self._loud_steps = 0
        self._quiet_steps = 0
        self.in_speech = False
        self.heard_speech = False
        self._leftover = np.zeros(0, dtype=np.float64)

    def update(self, pcm: bytes) -> SpeechEvent | None:
        """Feed 16-bit mono audio; report the start or end of speech (at most one per call)."""
        samples = np.frombuffer(pcm[: len(pcm) - len(pcm) % BYTES_PER_SAMPLE], dtype="<i2")
        data = np.concatenate([self._leftover, samples.astype(np.float64)])
        usable = len(data) - len(data) % _STEP_SAMPLES
        self._leftover = data[usable:]
        event: SpeechEvent | None = None
        for step in data[:usable].reshape(-1, _STEP_SAMPLES):
            level = float(np.sqrt(np.mean(step * step)))
            happened = self._step(level)
            # An end outranks a start within the same block.
            if happened is SpeechEvent.ENDED or (happened is not None and event is None):
                event = happened
        return event

    def _step(self, level: float) -> SpeechEvent | None:
        loud = level > max(self.min_level, self._floor * self.over_floor)
        if loud:
            self._floor *= _FLOOR_CREEP
        else:
            self._floor = min(self._floor * _FLOOR_RISE, max(level, 1.0))
        if loud:
            self._loud_steps += 1
            self._quiet_steps = 0
            if not self.in_speech and self._loud_steps * 0.01 >= self.min_speech:
                self.in_speech = True
                self.heard_speech = True
                return SpeechEvent.STARTED
            return None
        self._quiet_steps += 1
        if not self.in_speech:
            if self._quiet_steps * 0.01 >= self.silence_after:
                self._loud_steps = 0  # isolated clicks do not add up to speech
            return None
        if self._quiet_steps * 0.01 >= self.silence_after:
            self.in_speech = False
            self._loud_steps = 0
            return SpeechEvent.ENDED
        return None
