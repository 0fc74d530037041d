"""The output's sounding spans, as the listener's watch records them (speech/sounding.py)."""

from __future__ import annotations

from voicedomino.speech.sounding import KEEP_SECONDS, SoundingWatch


class Output:
    def __init__(self) -> None:
        self.sounding = False


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def watched() -> tuple[Output, Clock, SoundingWatch]:
    output, clock = Output(), Clock()
    return output, clock, SoundingWatch(lambda: output.sounding, clock=clock)


def test_a_span_is_remembered_after_the_output_went_silent() -> None:
    output, clock, watch = watched()
    watch.look()
    output.sounding, clock.now = True, 101.0
    assert watch.look()
    output.sounding, clock.now = False, 102.0
    assert not watch.look()
    clock.now = 110.0
    watch.look()

    assert watch.sounded_between(101.5, 101.55)  # looked at long after: still muted
    assert watch.sounded_between(100.9, 101.05)  # a frame across the start
    assert not watch.sounded_between(100.0, 100.95)  # said before the game began to sound
    assert not watch.sounded_between(102.2, 102.25)
    assert watch.sounded_between(102.2, 102.25, tail=0.3)  # its echo


def test_a_span_still_open_mutes_everything_since_it_began() -> None:
    output, clock, watch = watched()
    output.sounding = True
    watch.look()
    clock.now = 105.0
    assert watch.sounded_between(104.0, 104.05)
    assert not watch.sounded_between(99.0, 99.95)


def test_old_spans_are_forgotten() -> None:
    output, clock, watch = watched()
    output.sounding = True
    watch.look()
    output.sounding, clock.now = False, 101.0
    watch.look()
    clock.now = 101.0 + KEEP_SECONDS + 1
    watch.look()
    assert not watch.sounded_between(100.5, 100.55)


def test_the_watch_thread_sees_a_short_sound_nobody_else_looked_at() -> None:
    import time

    output = Output()
    watch = SoundingWatch(lambda: output.sounding, every=0.005)
    watch.start()
    try:
        began = time.monotonic()
        output.sounding = True
        time.sleep(0.1)
        output.sounding = False
        ended = time.monotonic()
    finally:
        watch.stop()
    assert watch.sounded_between(began, ended)
