"""Sound output: speech and cues mixed and played through sounddevice.

Modules: `output.AudioOutput` (real sound) and `null.NullOutput` (`--no-voice`), both
satisfying `api.SoundOutput`; `api` also holds the rate and volume limits and `AudioNotice`;
`cue_names.Cue` names the cue sounds (no dependencies); `synthesis` turns text into sound with
the system voice, chosen by `voices`; `wav` (soundfile) and `resample` (soxr) are the one file
reader and the one resampler of the project; `mixer`, `devices` and `sound` are building blocks.
Nothing is imported here, so importing `audio.cue_names` pulls in nothing else.
"""
