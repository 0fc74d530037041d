#!/usr/bin/env bash
# VoceDomino set-up and tasks on Debian 12.
#   ./run.sh gioca [opzioni]   install what is missing, then start a game (alias: play)
#   ./run.sh test              install what is missing, then run ruff, mypy and the tests
#   ./run.sh bench [--full]    install what is missing, then run every benchmark (quick sizes;
#                              --full: the sizes whose figures the README reports)
set -euo pipefail
cd "$(dirname "$0")"

PLAY_PACKAGES=(python3 python3-venv espeak-ng libespeak-ng1 libportaudio2)
TEST_PACKAGES=("${PLAY_PACKAGES[@]}" sox pulseaudio pulseaudio-utils libasound2-plugins
    speech-dispatcher speech-dispatcher-espeak-ng chromium chromium-driver redis-server)
# The home benchmark's room also speaks with festival's Italian and English voices.
BENCH_PACKAGES=(festival festvox-italp16k festvox-itapc16k festvox-kallpc16k)
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
        # pip and setuptools speak English (warnings, progress): into a log, never at the
        # player; a failure is said in Italian with where to look.
        local log="$VENV/installazione.log"
        if ! {
            "$VENV/bin/python" -m pip install -q --upgrade pip &&
                "$VENV/bin/python" -m pip install -q -e ".$extra" &&
                # Only the ONNX model of silero-vad and the library of pyrnnoise are used; their
                # own dependencies (torch; plotting packages) are not needed.
                "$VENV/bin/python" -m pip install -q --no-deps "silero-vad>=6" "pyrnnoise>=0.4.5"
        } >"$log" 2>&1; then
            say "Installazione non riuscita: i dettagli sono in $log"
            [ "$extra" = "" ] || tail -n 30 "$log" >&2 # for a developer: the reason, here
            exit 1
        fi
        touch "$stamp"
    fi
}

case "${1:-gioca}" in
    gioca | play)
        [ $# -gt 0 ] && shift
        # Python cannot start with a folder as its standard input (a "Fatal Python error", in
        # English): closed instead, the game says in Italian that its keyboard input is closed.
        if [ -d /dev/stdin ]; then exec 0<&-; fi
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
        exec "$VENV/bin/python" -m pytest -q -p no:cacheprovider -n auto tests
        ;;
    bench)
        install_system_packages "${TEST_PACKAGES[@]}" "${BENCH_PACKAGES[@]}"
        install_python_packages "[test]"
        deals=200 matches=100
        [ "${2:-}" = "--full" ] && deals=2000 matches=1000
        py="$VENV/bin/python"
        "$py" benchmarks/bench_parser.py
        "$py" benchmarks/bench_understanding.py
        "$py" benchmarks/bench_speech.py
        "$py" benchmarks/bench_voice.py --handler voice_game:make_handler
        "$py" benchmarks/bench_startup.py
        if [ "${2:-}" = "--full" ]; then
            "$py" benchmarks/bench_tables.py
        else
            "$py" benchmarks/bench_tables.py --clients 200 --tables 50 --seconds 15
        fi
        "$py" benchmarks/soak.py --matches "$matches"
        room="--quick"
        [ "${2:-}" = "--full" ] && room=""
        # shellcheck disable=SC2086 # empty for the full run
        "$py" benchmarks/bench_room.py $room
        # shellcheck disable=SC2086
        "$py" benchmarks/bench_margin.py $room
        # shellcheck disable=SC2086
        "$py" benchmarks/bench_home.py $room
        for variant in classica blocco; do
            "$py" benchmarks/arena.py --variant "$variant" --deals "$deals" --a difficile --b medio
            "$py" benchmarks/arena.py --variant "$variant" --deals "$deals" --a difficile --b pesante
            "$py" benchmarks/arena.py --variant "$variant" --deals "$deals" --a medio --b pesante
        done
        for levels in "difficile medio" "difficile pesante" "medio pesante"; do
            set -- $levels
            "$py" benchmarks/arena.py --variant coppie --seats 4 --pairs --deals $((deals / 4)) \
                --a "$1" --b "$2"
        done
        # Against the frozen pre-issue-22 hard player, and the regret of its decisions and of
        # today's, judged with every hand visible.
        "$py" benchmarks/arena.py --variant coppie --seats 4 --pairs --deals $((deals / 4)) \
            --a difficile --b difficile-v1
        "$py" benchmarks/regret.py --variant coppie --seats 4 --pairs --deals $((deals / 20)) \
            --a difficile --b pesante --also difficile-v1
        ;;
    -h | --help | aiuto)
        say "Uso: ./run.sh gioca [opzioni] | ./run.sh test | ./run.sh bench [--full]"
        say "Le opzioni del gioco: ./run.sh gioca --help"
        ;;
    *)
        say "Uso: ./run.sh gioca [opzioni] | ./run.sh test | ./run.sh bench [--full]"
        exit 2
        ;;
esac
