"""Notice quickly that the player stopped speaking, and how much of what was heard was voice.

Vosk closes an utterance only after 0.5 s of trailing silence by its model's rules (more when
unsure), and vosk 0.3.45 offers no call to shorten that. This detector decides for each short
step whether it is speech, and reports the end of speech after `silence_after` seconds without
speech following at least `min_speech` seconds of it; the listener then asks Vosk for its final
result at once.

With a voice activity detector (`vad`, see speech/vad.py) a step is speech when the detector
says so and it is audible; a noise burst, music or a click is then not speech however loud.
Without one, loudness alone decides: a step is loud against a noise floor the detector learns.
`voiced_seconds` counts the speech heard since the last reset, so the listener can drop
utterances that were mostly not voice.
"""

from __future__ import annotations

import enum

import numpy as np

from voicedomino.speech.sources import BYTES_PER_SAMPLE, SAMPLE_RATE
from voicedomino.speech.vad import SPEECH_THRESHOLD, VoiceActivityDetector

_STEP_SAMPLES = SAMPLE_RATE // 100  # 10 ms
_FLOOR_RISE = 1.002  # per quiet step: the floor follows louder background (about 1 dB/s)
# Per loud step: a background that became loud (a fan switched on) stops counting as speech
# within seconds, while real speech, far above the floor, is not affected.
_FLOOR_CREEP = 1.003


# Per non-speech step (32 ms): the background level rises to a steady noise within half a
# second and falls back within a few steps.
_BACKGROUND_RISE_KEEP = 0.9
_BACKGROUND_FALL_KEEP = 0.7
_OVER_BACKGROUND = 1.5
# In a room full of speech, the level of other people's voices: it follows the quieter voiced
# steps quickly and the louder ones slowly (per 32 ms step, in dB), so it sits under the talk,
# not on the player's command. The player's voice is what stands out of it by TALK_MARGIN_DB.
_TALK_RISE = 0.01
_TALK_FALL = 0.1
# Measured on benchmarks/bench_home.py (30 commands each, babble 20 dB / 10 dB, television):
# without it 0% / 0% / 13% right (every command glued to the talk); at 5 dB 7% / 0% / 23%,
# 8 dB 23% / 3% / 23%, 10 dB 23% / 10% / 20%, 12 dB 27% / 3% / 23%.
TALK_MARGIN_DB = 10.0
# In a reverberant room the detector goes on hearing voice while the room rings after the
# player stopped: within speech, a step whose level falls from the recent loudest at
# RINGING_SHARE of the room's rate of decay or faster counts toward the end of speech (it is
# still voice heard, and speech never begins on it). Measured on the rooms of
# benchmarks/bench_home.py (40 commands each, Silero, 200 ms quiet rule), end of speech after
# the voice, median: living room 427 -> 279 ms, the sofa 3 m away 443 -> 282 ms, a large room
# 456 -> 300 ms, a dry voice 290 -> 248 ms; no command more cut in two. At 0.25 the large
# room cut three commands; at 1.0 living room 358 ms.
RINGING_SHARE = 0.5


class SpeechEvent(enum.Enum):
    STARTED = "started"
    ENDED = "ended"


class SpeechEndDetector:
    """Start/end of speech, by a voice activity detector or by loudness.

    Without `vad`, a step (10 ms) is speech when its RMS exceeds both `min_level` (absolute, in
    16-bit sample units) and the learnt noise floor times `over_floor`. With `vad`, a step is
    the detector's frame, and it is speech when the detector says so and its RMS exceeds
    `audible_level` and 1.5 times the level of what the detector lately called not speech.
    """

    def __init__(
        self,
        *,
        silence_after: float = 0.2,
        min_speech: float = 0.1,
        min_level: float = 200.0,
        over_floor: float = 3.0,
        vad: VoiceActivityDetector | None = None,
        audible_level: float = 30.0,
    ) -> None:
        self.silence_after = silence_after
        self.min_speech = min_speech
        self.min_level = min_level
        self.over_floor = over_floor
        self.vad = vad
        self.audible_level = audible_level
        self._step_samples = _STEP_SAMPLES if vad is None else vad.frame_samples
        self._step_seconds = self._step_samples / SAMPLE_RATE
        self._floor = min_level / over_floor
        self._background = 0.0  # RMS of the steps the voice detector calls not speech
        self.busy_room = False  # set by the listener: others talk, only a louder voice counts
        self.talk_margin_db = TALK_MARGIN_DB
        self._talk_db: float | None = None  # level of the voiced steps, the room's talk
        # Set by the listener in a room measured reverberant: its reverberation time (s).
        self.room_rt60: float | None = None
        self._ringing_db: float | None = None  # the recent loudest, decayed at the room's rate
        self._ringing = False  # this step's level falls as the room's ringing does
        self.talk_steps = 0  # steps of voice, the room's talk included (never reset)
        self._leftover = np.zeros(0, dtype=np.float64)
        self.reset()

    def reset(self) -> None:
        """Forget the current utterance (the learnt noise floor and the detector's state are
        kept: the detector follows the audio continuously, pauses included)."""
        self._loud_steps = 0
        self._quiet_steps = 0
        self.in_speech = False
        self.heard_speech = False
        self.voiced_steps = 0
        self._leftover = np.zeros(0, dtype=np.float64)

    @property
    def step_seconds(self) -> float:
        return self._step_seconds

    @property
    def quiet_seconds(self) -> float:
        """Seconds since the last speech step (or since the reset)."""
        return self._quiet_steps * self._step_seconds

    @property
    def voiced_seconds(self) -> float:
        """Seconds of speech heard since the last reset."""
        return self.voiced_steps * self._step_seconds

    def update(self, pcm: bytes) -> SpeechEvent | None:
        """Feed 16-bit mono audio; report the start or end of speech (at most one per call)."""
        samples = np.frombuffer(pcm[: len(pcm) - len(pcm) % BYTES_PER_SAMPLE], dtype="<i2")
        data = np.concatenate([self._leftover, samples.astype(np.float64)])
        usable = len(data) - len(data) % self._step_samples
        self._leftover = data[usable:]
        event: SpeechEvent | None = None
        for step in data[:usable].reshape(-1, self._step_samples):
            happened = self._step(self._is_speech(step))
            # An end outranks a start within the same block.
            if happened is SpeechEvent.ENDED or (happened is not None and event is None):
                event = happened
        return event

    def _is_speech(self, step: np.ndarray) -> bool:
        level = float(np.sqrt(np.mean(step * step)))
        if self.vad is not None:
            self._ringing = self._room_ringing(level)
            probability = self.vad.speech_probability(step.astype(np.int16))
            if probability < SPEECH_THRESHOLD:
                # Quick to fall, slow to rise: the loud start of a word the detector has not
                # recognised yet must not count as background.
                rising = level > self._background
                keep = _BACKGROUND_RISE_KEEP if rising else _BACKGROUND_FALL_KEEP
                self._background = keep * self._background + (1 - keep) * level
                return False
            # In steady noise the detector goes on saying "speech" for a tenth of a second or
            # two after the voice stopped; a step no louder than the background is not voice.
            # (Measured in pink noise: end of speech 261 ms after the voice instead of 371 at
            # 20 dB and 406 at 10 dB, no command cut in two.)
            audible = level >= max(self.audible_level, _OVER_BACKGROUND * self._background)
            stands_out = self._stands_out_of_talk(level)
            self.talk_steps += audible
            return audible and stands_out
        loud = level > max(self.min_level, self._floor * self.over_floor)
        if loud:
            self._floor *= _FLOOR_CREEP
        else:
            self._floor = min(self._floor * _FLOOR_RISE, max(level, 1.0))
        return loud

    def _room_ringing(self, level: float) -> bool:
        """In a reverberant room, the step is the room ringing on: its level falls from the
        recent loudest (decayed at the room's rate) at RINGING_SHARE of that rate or faster.
        The voice holds or rises; where it stops, the room's decay is what is left."""
        db = 20 * np.log10(max(level, 1.0))
        before = self._ringing_db
        rt60 = self.room_rt60
        if rt60 is None or rt60 <= 0:
            self._ringing_db = db
            return False
        fall = 60.0 / rt60 * self._step_seconds  # dB per step
        self._ringing_db = db if before is None else max(db, before - fall)
        return before is not None and db <= before - RINGING_SHARE * fall

    def _stands_out_of_talk(self, level: float) -> bool:
        """In a busy room, a voiced step is the player's only when it stands out of the talk
        (else the command is glued to the chatter around it); the talk's level is followed
        all the time, so it is known when the room turns busy."""
        db = 20 * np.log10(max(level, 1.0))
        talk = self._talk_db
        if talk is None:
            self._talk_db = db
        else:
            weight = _TALK_RISE if db > talk else _TALK_FALL
            self._talk_db = talk + weight * (db - talk)
        return not self.busy_room or talk is None or db >= talk + self.talk_margin_db

    def _step(self, loud: bool) -> SpeechEvent | None:
        seconds = self._step_seconds
        if loud:
            self.voiced_steps += 1
        # Voice that may be the room ringing on counts as voice heard, but not as the player
        # still speaking: the end of speech is counted through it.
        if loud and not (self.in_speech and self._ringing):
            self._loud_steps += 1
            self._quiet_steps = 0
            if not self.in_speech and self._loud_steps * seconds >= self.min_speech:
                self.in_speech = True
                self.heard_speech = True
                return SpeechEvent.STARTED
            return None
        self._quiet_steps += 1
        if not self.in_speech:
            if self._quiet_steps * seconds >= self.silence_after:
                self._loud_steps = 0  # isolated clicks do not add up to speech
            return None
        if self._quiet_steps * seconds >= self.silence_after:
            self.in_speech = False
            self._loud_steps = 0
            return SpeechEvent.ENDED
        return None
