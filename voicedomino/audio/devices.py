"""Finding and opening the output device through sounddevice (PortAudio).

Everything that can go wrong here (PortAudio library missing, no device, a configured
device that is gone, a sample rate the device refuses) ends in `AudioDeviceError`,
never in a crash.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

log = logging.getLogger(__name__)

DeviceSpec = int | str | None
"""A PortAudio device index, part of a device name, or None for the system default."""


class AudioDeviceError(RuntimeError):
    """No usable output device."""


@dataclass(frozen=True)
class OpenedStream:
    stream: Any  # sounddevice.OutputStream, not started yet
    sample_rate: int
    latency_s: float
    fell_back_to_default: bool


def _sounddevice() -> Any:
    try:
        import sounddevice
    except OSError as exc:  # raised when libportaudio2 is missing
        raise AudioDeviceError(f"PortAudio unavailable: {exc}") from exc
    return sounddevice


def output_devices() -> list[tuple[int, str]]:
    """(index, name) of every device with output channels; empty when there are none."""
    try:
        sd = _sounddevice()
        devices = sd.query_devices()
    except Exception as exc:  # any PortAudio trouble means: nothing to list
        log.info("cannot list audio devices: %s", exc)
        return []
    return [
        (int(dev["index"]), str(dev["name"]))
        for dev in devices
        if int(dev.get("max_output_channels", 0)) > 0
    ]


def _default_rate(sd: Any, device: DeviceSpec) -> int | None:
    try:
        info = sd.query_devices(device, "output")
        return int(info["default_samplerate"])
    except Exception:
        return None


def open_output_stream(
    device: DeviceSpec,
    sample_rate: int,
    callback: Callable[..., None],
    finished_callback: Callable[[], None],
    latency: float | str = "high",
) -> OpenedStream:
    """Open (not start) a stereo float32 output stream.

    Tries `device` (then the default device if that fails), each at `sample_rate` and then at
    the device's own default rate.
    """
    sd = _sounddevice()
    candidates: list[DeviceSpec] = [device] if device is None else [device, None]
    errors: list[str] = []
    for candidate in candidates:
        rates = [sample_rate]
        fallback_rate = _default_rate(sd, candidate)
        if fallback_rate and fallback_rate != sample_rate:
            rates.append(fallback_rate)
        for rate in rates:
            try:
                stream = sd.OutputStream(
                    device=candidate,
                    samplerate=rate,
                    channels=2,
                    dtype="float32",
                    latency=latency,
                    callback=callback,
                    finished_callback=finished_callback,
                )
            except (sd.PortAudioError, ValueError, TypeError) as exc:
                errors.append(f"device {candidate!r} at {rate} Hz: {exc}")
                continue
            return OpenedStream(
                stream=stream,
                sample_rate=int(stream.samplerate),
                latency_s=float(stream.latency),
                fell_back_to_default=candidate != device,
            )
    raise AudioDeviceError("; ".join(errors) or "no output device")
