#!/usr/bin/env bash
# VoceDomino set-up and tasks on Debian 12.
#   ./run.sh gioca [opzioni]   install what is missing, then start a game (alias: play)
#   ./run.sh test              install what is missing, then run ruff, mypy and the tests
set -euo pipefail
cd "$(dirname "$0")"

PLAY_PACKAGES=(python3 python3-venv espeak-ng libespeak-ng1 libportaudio2)
TEST_PACKAGES=("${PLAY_PACKAGES[@]}" sox pulseaudio pulseaudio-utils libasound2-plugins)
VENV=.venv

say() { printf '%s\n' "$*" >&2; }

install_system_packages() {
    local missing=()
    for package in "$@"; do
        dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" \
            || missing+=("$package")
    done
    [ ${#missing[@]} -eq 0 ] && return 0
    say "Installo i pacchetti di sistema: ${missing[*]}"
    local sudo=()
    [ "$(id -u)" -eq 0 ] || sudo=(sudo)
    "${sudo[@]}" apt-get update -qq
    DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq --no-install-recommends \
        "${missing[@]}" >/dev/null
}

install_python_packages() {
    local extra="$1"
    [ -x "$VENV/bin/python" ] || python3 -m venv "$VENV"
    local stamp="$VENV/.installed$extra"
    if [ ! -f "$stamp" ] || [ pyproject.toml -nt "$stamp" ]; then
        say "Installo VoceDomino e le sue dipendenze Python..."
        "$VENV/bin/python" -m pip install -q --upgrade pip
        "$VENV/bin/python" -m pip install -q -e ".$extra"
        touch "$stamp"
    fi
}

case "${1:-gioca}" in
    gioca | play)
        [ $# -gt 0 ] && shift
        install_system_packages "${PLAY_PACKAGES[@]}"
        install_python_packages ""
        # The Italian voice model: fetched once when the network allows; the game runs without.
        "$VENV/bin/voicedomino" scarica-modello --se-manca || true
        exec "$VENV/bin/voicedomino" "$@"
        ;;
    test)
        install_system_packages "${TEST_PACKAGES[@]}"
        install_python_packages "[test]"
        "$VENV/bin/ruff" check voicedomino tests benchmarks scripts
        "$VENV/bin/ruff" format --check voicedomino tests benchmarks scripts
        "$VENV/bin/mypy" voicedomino
        exec "$VENV/bin/python" -m pytest -q -p no:cacheprovider tests
        ;;
    *)
        say "Uso: ./run.sh gioca [opzioni] | ./run.sh test"
        exit 2
        ;;
esac
