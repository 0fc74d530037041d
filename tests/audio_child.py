"""Audio scenarios run in a child process, where PortAudio sees a different world.

PortAudio lists devices once per process and the test session's process sees the virtual
card, so "no device", "broken espeak-ng" and "device lost" run here, in a fresh interpreter
with its own environment. Each scenario prints one JSON object on stdout.

    python tests/audio_child.py no_device
    python tests/audio_child.py tts_broken
    python tests/audio_child.py device_lost DAEMON_PID
"""

from __future__ import annotations

import json
import os
import signal
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from voicedomino.audio.cue_names import Cue
from voicedomino.audio.output import AudioOutput

LONG_TEXT = (
    "Il computer ha giocato il sei tre in testa. Adesso in testa c'è il tre e in coda il "
    "cinque. Nel pozzo restano quattordici tessere e tu ne hai sette in mano."
)


def _timed(action: Any) -> float:
    start = time.perf_counter()
    action()
    return time.perf_counter() - start


def no_device() -> dict[str, Any]:
    notices: list[str] = []
    out = AudioOutput(on_notice=notices.append)
    start_s = _timed(out.start)

    def calls() -> None:
        for _ in range(20):
            out.speak("Tocca a te.")
            out.play_cue(Cue.YOUR_TURN)
            out.stop_speech()

    calls_s = _timed(calls)
    result = {
        "notices": notices,
        "available": out.available,
        "start_s": start_s,
        "calls_s": calls_s,
        "sounding": out.is_sounding(),
        "wait_idle": out.wait_idle(1.0),
    }
    result["close_s"] = _timed(out.close)
    return result


def tts_broken() -> dict[str, Any]:
    notices: list[str] = []
    out = AudioOutput(on_notice=notices.append)
    out.start()
    time.sleep(0.5)  # the speech worker fails to start its engine meanwhile
    begin = time.monotonic()
    speak_s = _timed(lambda: [out.speak(LONG_TEXT) for _ in range(5)])
    out.play_cue(Cue.DRAW)
    idle = out.wait_idle(5.0)
    result = {
        "notices": notices,
        "available": out.available,
        "speech_available": out.speech_available,
        "speak_s": speak_s,
        "idle": idle,
        "began": begin,
        "ended": time.monotonic(),
    }
    out.close()
    return result


def device_lost(daemon_pid: int) -> dict[str, Any]:
    notices: list[str] = []
    out = AudioOutput(on_notice=notices.append)
    out.start()
    available_before = out.available
    out.speak(LONG_TEXT)
    deadline = time.monotonic() + 5.0
    while out.speech_started_at is None and time.monotonic() < deadline:
        time.sleep(0.01)
    playing_before = out.speech_started_at is not None
    time.sleep(0.3)
    os.kill(daemon_pid, signal.SIGKILL)
    killed_at = time.monotonic()
    idle = out.wait_idle(5.0)
    silent_after_s = time.monotonic() - killed_at
    calls_s = _timed(lambda: [(out.speak("Ancora."), out.play_cue(Cue.PASS)) for _ in range(10)])
    result = {
        "notices": notices,
        "available_before": available_before,
        "playing_before": playing_before,
        "available_after": out.available,
        "idle": idle,
        "silent_after_s": silent_after_s,
        "calls_s": calls_s,
        "sounding_after": out.is_sounding(),
    }
    result["close_s"] = _timed(out.close)
    return result


def main(argv: list[str]) -> int:
    scenario = argv[0]
    if scenario == "no_device":
        result = no_device()
    elif scenario == "tts_broken":
        result = tts_broken()
    elif scenario == "device_lost":
        result = device_lost(int(argv[1]))
    else:
        print(f"unknown scenario {scenario}", file=sys.stderr)
        return 2
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
