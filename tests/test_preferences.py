"""Settings: defaults, round trip, atomic save, and a loader that survives any file."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from voicedomino.dialog.response import Verbosity
from voicedomino.persistence.preferences import (
    ASIDE_LABEL,
    LEVELS,
    NOTICE_CORRUPT,
    NOTICE_REPAIRED,
    NOTICE_UNUSABLE,
    PAUSE_RANGE,
    RATE_RANGE,
    SETTINGS_FILE,
    UserSettings,
    config_dir,
    load_settings,
    save_settings,
    settings_path,
)


def _assert_valid(s: UserSettings) -> None:
    assert isinstance(s.rate_wpm, int) and not isinstance(s.rate_wpm, bool)
    assert RATE_RANGE[0] <= s.rate_wpm <= RATE_RANGE[1]
    assert isinstance(s.volume, float) and 0.0 <= s.volume <= 1.0
    assert isinstance(s.computer_pause_s, float | int) and math.isfinite(s.computer_pause_s)
    assert PAUSE_RANGE[0] <= s.computer_pause_s <= PAUSE_RANGE[1]
    assert isinstance(s.verbosity, Verbosity)
    assert isinstance(s.barge_in, bool)
    assert s.level in LEVELS
    for device in (s.output_device, s.input_device):
        assert device is None or isinstance(device, int | str)
    json.dumps(s.to_json(), allow_nan=False)  # always storable


def _bad_files(folder: Path) -> list[Path]:
    return sorted(folder.glob(f"settings.{ASIDE_LABEL}-*.json"))


def test_config_dir_follows_the_environment(config_dir: Path) -> None:
    assert settings_path() == config_dir / SETTINGS_FILE


def test_config_dir_default_is_the_platform_one(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("VOICEDOMINO_CONFIG_DIR", raising=False)
    assert config_dir().name == "voicedomino"


def test_missing_file_gives_defaults_silently(config_dir: Path) -> None:
    loaded = load_settings()
    assert loaded.settings == UserSettings()
    assert loaded.notices == ()
    assert not config_dir.exists()  # loading never creates files


def test_round_trip(config_dir: Path) -> None:
    chosen = UserSettings(
        rate_wpm=220,
        volume=0.4,
        verbosity=Verbosity.BRIEF,
        computer_pause_s=2.5,
        barge_in=True,
        output_device="pulse",
        input_device=3,
        level="difficile",
        voice_name="Federica",
        screen_reader=True,
        listen_window_s=12.0,
        grace_s=0.8,
        push_to_talk=True,
        auto_forced=False,
    )
    assert save_settings(chosen)
    loaded = load_settings()
    assert loaded.settings == chosen
    assert loaded.notices == ()
    document = json.loads((config_dir / SETTINGS_FILE).read_text(encoding="utf-8"))
    assert document["verbosity"] == "breve"
    assert document["version"] == 1


def test_save_is_atomic_and_leaves_no_temporary_files(config_dir: Path) -> None:
    assert save_settings(UserSettings(rate_wpm=100))
    assert save_settings(UserSettings(rate_wpm=300))
    assert [p.name for p in config_dir.iterdir()] == [SETTINGS_FILE]
    assert load_settings().settings.rate_wpm == 300


def test_save_failure_is_reported_not_raised(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    assert save_settings(UserSettings(), blocker / "sub" / SETTINGS_FILE) is False


def test_corrupt_file_is_moved_aside_and_defaults_used(config_dir: Path) -> None:
    config_dir.mkdir()
    path = config_dir / SETTINGS_FILE
    path.write_bytes(b'{"rate_wpm": 200, ')
    loaded = load_settings()
    assert loaded.settings == UserSettings()
    assert loaded.notices == (NOTICE_CORRUPT,)
    assert not path.exists()
    (moved,) = _bad_files(config_dir)
    assert moved == loaded.moved_to
    assert moved.read_bytes() == b'{"rate_wpm": 200, '


def test_second_corrupt_file_does_not_overwrite_the_first(config_dir: Path) -> None:
    config_dir.mkdir()
    path = config_dir / SETTINGS_FILE
    path.write_text("[1, 2]")
    load_settings()
    path.write_text("null")
    load_settings()
    contents = sorted(p.read_text() for p in _bad_files(config_dir))
    assert contents == ["[1, 2]", "null"]


def test_out_of_range_values_are_clamped_and_saved(config_dir: Path) -> None:
    config_dir.mkdir()
    path = config_dir / SETTINGS_FILE
    original = json.dumps(
        {"rate_wpm": 5000, "volume": -3, "computer_pause_s": 99.5, "level": "medio"}
    )
    path.write_text(original)
    loaded = load_settings()
    assert loaded.notices == (NOTICE_REPAIRED,)
    assert loaded.settings.rate_wpm == RATE_RANGE[1]
    assert loaded.settings.volume == 0.0
    assert loaded.settings.computer_pause_s == PAUSE_RANGE[1]
    (moved,) = _bad_files(config_dir)
    assert moved.read_text() == original
    again = load_settings()  # the repaired values were written back
    assert again.notices == ()
    assert again.settings == loaded.settings


def test_wrong_types_fall_back_per_field(config_dir: Path) -> None:
    config_dir.mkdir()
    (config_dir / SETTINGS_FILE).write_text(
        json.dumps(
            {
                "rate_wpm": "fast",
                "volume": 0.5,
                "verbosity": "chatty",
                "barge_in": 1,
                "output_device": -2,
                "last_variant": "blocco",
            }
        )
    )
    loaded = load_settings()
    assert loaded.notices == (NOTICE_REPAIRED,)
    s = loaded.settings
    assert s.rate_wpm == UserSettings().rate_wpm
    assert s.volume == 0.5
    assert s.verbosity == Verbosity.NORMAL
    assert s.barge_in is False
    assert s.output_device is None
    assert not hasattr(s, "last_variant")  # a field of older versions: ignored, not an error


def test_unknown_keys_are_ignored_silently(config_dir: Path) -> None:
    config_dir.mkdir()
    (config_dir / SETTINGS_FILE).write_text(json.dumps({"volume": 1, "future_option": [1, 2]}))
    loaded = load_settings()
    assert loaded.notices == ()
    assert loaded.settings.volume == 1.0
    assert _bad_files(config_dir) == []


def test_a_folder_at_the_path_is_set_aside_never_deleted(config_dir: Path) -> None:
    (config_dir / SETTINGS_FILE).mkdir(parents=True)  # a folder where the file should be
    (config_dir / SETTINGS_FILE / "dentro.txt").write_text("qualcosa")
    loaded = load_settings()
    assert loaded.settings == UserSettings()
    assert loaded.notices == (NOTICE_UNUSABLE,) and loaded.writable
    assert loaded.moved_to is not None and (loaded.moved_to / "dentro.txt").exists()
    assert not (config_dir / SETTINGS_FILE).exists()  # the next save makes a file there


def test_replace_clamps_and_validates() -> None:
    base = UserSettings()
    assert base.replace(rate_wpm=10_000).rate_wpm == RATE_RANGE[1]
    assert base.replace(volume=1.7).volume == 1.0
    assert base.replace(verbosity=Verbosity.DETAILED).verbosity is Verbosity.DETAILED
    assert base.replace(verbosity="breve").verbosity is Verbosity.BRIEF
    assert base.replace(level="impossibile").level == base.level
    assert base.replace(rate_wpm=base.rate_wpm + 20).rate_wpm == base.rate_wpm + 20


json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(10**30), max_value=10**30)
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.text(max_size=30),
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=10), children, max_size=4)
    ),
    max_leaves=12,
)
field_names = st.sampled_from([*UserSettings().to_json(), "version", "other"])
settings_like = st.dictionaries(field_names, json_values, max_size=10)


@settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(document=st.one_of(json_values, settings_like))
def test_loader_survives_any_json(tmp_path: Path, document: object) -> None:
    folder = tmp_path / "any-json"
    folder.mkdir(exist_ok=True)
    for old in folder.iterdir():
        old.unlink()
    path = folder / SETTINGS_FILE
    text = json.dumps(document)
    path.write_text(text)
    loaded = load_settings(path)
    _assert_valid(loaded.settings)
    if loaded.notices:
        # The bad file is never lost: it was moved aside with its bytes intact.
        assert loaded.moved_to is not None
        assert loaded.moved_to.read_text() == text
    else:
        assert path.read_text() == text


@settings(
    max_examples=100, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(raw=st.binary(max_size=200))
def test_loader_survives_any_bytes(tmp_path: Path, raw: bytes) -> None:
    folder = tmp_path / "any-bytes"
    folder.mkdir(exist_ok=True)
    for old in folder.iterdir():
        old.unlink()
    path = folder / SETTINGS_FILE
    path.write_bytes(raw)
    loaded = load_settings(path)
    _assert_valid(loaded.settings)
    assert loaded.moved_to is None or loaded.moved_to.read_bytes() == raw
