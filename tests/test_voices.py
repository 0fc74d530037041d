"""Choosing the system voice: every pyttsx3 driver's voice-list shape, and espeak for real."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

import numpy as np
import pytest

from voicedomino.audio.api import AudioNotice
from voicedomino.audio.synthesis import Synthesizer, list_voices, system_voices
from voicedomino.audio.voices import (
    VoiceInfo,
    choose_voice,
    driver_for_platform,
    find_voice,
    italian_voices,
)

ROOT = Path(__file__).resolve().parents[1]
SAPI_TOKENS = "HKEY_LOCAL_MACHINE\\SOFTWARE\\Microsoft\\Speech\\Voices\\Tokens\\"


def _voice(id: str, name: str, languages: list[object] | None, gender: object = None) -> object:
    """A record shaped like pyttsx3's `Voice` (id, name, languages, gender, age)."""
    return SimpleNamespace(id=id, name=name, languages=languages or [], gender=gender, age=None)


# The lists as each driver builds them (see pyttsx3/drivers/{sapi5,nsss,espeak}.py).
SAPI5_VOICES = [
    _voice(
        SAPI_TOKENS + "TTS_MS_EN-US_DAVID_11.0",
        "Microsoft David Desktop - English (United States)",
        ["en-US"],
        "Male",
    ),
    _voice(
        SAPI_TOKENS + "TTS_MS_EN-US_ZIRA_11.0",
        "Microsoft Zira Desktop - English (United States)",
        ["en-US"],
        "Female",
    ),
    _voice(
        SAPI_TOKENS + "TTS_MS_IT-IT_ELSA_11.0",
        "Microsoft Elsa Desktop - Italian",
        ["it-IT"],
        "Female",
    ),
]
NSSS_VOICES = [
    _voice("com.apple.voice.compact.en-US.Samantha", "Samantha", ["en_US"], "VoiceGenderFemale"),
    _voice("com.apple.speech.synthesis.voice.Alice", "Alice", ["it_IT"], "VoiceGenderFemale"),
    _voice("com.apple.voice.compact.it-IT.Federica", "Federica", ["it_IT"], "VoiceGenderFemale"),
    _voice("com.apple.voice.compact.fr-FR.Thomas", "Thomas", ["fr_FR"], "VoiceGenderMale"),
]
ESPEAK_VOICES = [
    _voice("gmw/en", "English (Great Britain)", ["en-gb"], "Male"),
    _voice("itc/la", "Latin", ["la"], "Male"),
    _voice("sit/cmn", "Chinese (Mandarin, latin as English)", ["cmn"], "Male"),
    _voice("roa/it", "Italian", ["it"], "Male"),
]


def _infos(voices: list[object]) -> list[VoiceInfo]:
    return [VoiceInfo.from_pyttsx3(voice) for voice in voices]


def test_driver_follows_the_platform() -> None:
    assert driver_for_platform("win32") == "sapi5"
    assert driver_for_platform("darwin") == "nsss"
    assert driver_for_platform("linux") == "espeak"
    assert driver_for_platform("freebsd14") == "espeak"


@pytest.mark.parametrize(
    ("voices", "expected"),
    [
        (SAPI5_VOICES, "Microsoft Elsa Desktop - Italian"),
        (NSSS_VOICES, "Alice"),
        (ESPEAK_VOICES, "Italian"),
    ],
    ids=["sapi5", "nsss", "espeak"],
)
def test_the_italian_voice_is_chosen_on_every_driver(voices: list[object], expected: str) -> None:
    choice = choose_voice(_infos(voices))
    assert choice.voice is not None and choice.voice.name == expected
    assert choice.notice is None


def test_every_italian_voice_is_listed_and_no_other() -> None:
    assert [v.name for v in italian_voices(_infos(NSSS_VOICES))] == ["Alice", "Federica"]
    assert [v.name for v in italian_voices(_infos(SAPI5_VOICES))] == [
        "Microsoft Elsa Desktop - Italian"
    ]
    # "Latin" (la) and the "latin as English" Chinese voice are not Italian.
    assert [v.id for v in italian_voices(_infos(ESPEAK_VOICES))] == ["roa/it"]


def test_italy_comes_before_switzerland() -> None:
    voices = _infos(
        [
            _voice("ch", "Swiss", ["it_CH"]),
            _voice("it", "Roman", ["it_IT"]),
        ]
    )
    assert [v.name for v in italian_voices(voices)] == ["Roman", "Swiss"]


def test_without_usable_languages_the_id_or_name_decides() -> None:
    voices = _infos(
        [
            # sapi5 gives this when the LCID is not in Python's table
            _voice(
                SAPI_TOKENS + "TTS_MS_DE-DE_HEDDA_11.0", "Microsoft Hedda", ["Unknown Locale: 9999"]
            ),
            _voice(
                SAPI_TOKENS + "TTS_MS_IT-IT_COSIMO_11.0", "Microsoft Cosimo", ["Unknown Locale: 1"]
            ),
            _voice("com.apple.speech.synthesis.voice.luca", "Luca", None),
        ]
    )
    assert [v.name for v in italian_voices(voices)] == ["Microsoft Cosimo", "Luca"]


def test_old_espeak_bindings_give_language_bytes() -> None:
    info = VoiceInfo.from_pyttsx3(_voice("italian", "italian", [b"\x05it"]))
    assert info.languages == ("it",)
    assert choose_voice([info]).voice == info


def test_a_named_voice_wins_even_if_not_italian() -> None:
    voices = _infos(NSSS_VOICES)
    assert choose_voice(voices, "federica").voice == voices[2]
    assert choose_voice(voices, "Thomas").voice == voices[3]
    assert choose_voice(voices, "com.apple.voice.compact.en-US.Samantha").voice == voices[0]
    assert choose_voice(voices, "Thomas").notice is None


def test_name_matching_prefers_the_start_of_a_name() -> None:
    voices = _infos(ESPEAK_VOICES)
    found = find_voice(voices, "eng")
    assert found is not None and found.id == "gmw/en"  # not "Chinese (..., latin as English)"
    found = find_voice(voices, "mandarin")
    assert found is not None and found.id == "sit/cmn"
    assert find_voice(voices, "  ") is None


def test_an_unknown_name_falls_back_to_italian_with_a_notice() -> None:
    choice = choose_voice(_infos(SAPI5_VOICES), "Microsoft Nobody")
    assert choice.voice is not None and choice.voice.languages == ("it-IT",)
    assert choice.notice is AudioNotice.VOICE_NOT_FOUND


def test_no_italian_voice_falls_back_to_the_first_with_a_notice() -> None:
    english_only = _infos(SAPI5_VOICES[:2])
    choice = choose_voice(english_only)
    assert choice.voice == english_only[0]
    assert choice.notice is AudioNotice.VOICE_NOT_ITALIAN
    assert choose_voice([]).voice is None


# ----------------------------------------------------------------- espeak-ng, for real


def test_espeak_lists_its_italian_voice() -> None:
    voices = system_voices("espeak")
    assert len(voices) > 50
    listing = list_voices(driver_name="espeak")
    assert [v.id for v in listing.italian] == ["roa/it"]
    assert listing.in_use is not None and listing.in_use.id == "roa/it"
    assert listing.notice is None


def test_the_synthesizer_speaks_with_the_chosen_voice() -> None:
    synth = Synthesizer(driver_name="espeak")
    assert synth.voice.id == "roa/it" and synth.notice is None
    italian = synth.synthesize("Ciao.", rate_wpm=175)
    assert synth.use_voice("English (Great Britain)") is not None
    english = synth.synthesize("Ciao.", rate_wpm=175)
    assert synth.voice.id == "gmw/en"
    # Different voices give different audio for the same text.
    frames = min(italian.frames, english.frames)
    assert not np.allclose(italian.samples[:frames], english.samples[:frames], atol=0.01)
    assert synth.use_voice("no such voice") is None
    assert synth.voice.id == "gmw/en"
    synth.use_voice("italian")


def test_an_unknown_chosen_voice_speaks_italian_with_a_notice() -> None:
    synth = Synthesizer(voice_name="Nessuna Voce", driver_name="espeak")
    assert synth.voice.id == "roa/it"
    assert synth.notice is AudioNotice.VOICE_NOT_FOUND


def _voci(*args: str, config: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "VOICEDOMINO_CONFIG_DIR": str(config), "PYTHONPATH": str(ROOT)}
    return subprocess.run(
        [sys.executable, "-m", "voicedomino", "voci", *args],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


def test_voci_command_lists_marks_and_explains(tmp_path: Path) -> None:
    done = _voci(config=tmp_path)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0] == "Ho trovato una voce italiana:"
    # eSpeak names its voice by the language in English: said in Italian, with the name
    # --voce takes beside it.
    assert lines[1].strip() == "italiana standard (nome di sistema: Italian) (in uso)"
    assert "--voce NOME" in done.stdout
    other = _voci("--voce", "English (Great Britain)", config=tmp_path)
    assert "(in uso)" not in other.stdout
    assert "In uso c'è la voce English (Great Britain), scelta da te." in other.stdout
    missing = _voci("--voce", "Nessuna", config=tmp_path)
    assert missing.stdout.startswith("La voce scelta non c'è")
    assert "Italian) (in uso)" in missing.stdout
