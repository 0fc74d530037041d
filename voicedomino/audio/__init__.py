"""Sound output: speech and cues mixed and played through sounddevice.

Modules: `output.AudioOutput` (real sound) and `null.NullOutput` (`--no-voice`), both
satisfying `api.SoundOutput`; `api.AudioNotice` names the notices they report; `cues.Cue`
names the cue sounds; `mixer`, `devices` and `sound` are their building blocks.
(Nothing is imported here, so `voicedomino.speech.tts` can use `audio.sound` without a cycle.)
"""
