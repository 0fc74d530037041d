#!/usr/bin/env bash
# A virtual sound card (private PulseAudio daemon with null sinks vspk and vmic) for trying
# the game without a sound card:
#   eval "$(scripts/virtual_soundcard.sh start /tmp/vd-card)"   # prints: export PULSE_SERVER=...
#   scripts/virtual_soundcard.sh stop /tmp/vd-card
# The tests start their own card through tests/virtual_audio.py (fixture virtual_soundcard).
set -euo pipefail
cd "$(dirname "$0")/.."
exec "${PYTHON:-python3}" tests/virtual_audio.py "$@"
