"""The `voicedomino` command: start a game, or download the Italian voice model."""

from __future__ import annotations

import argparse
import io
import logging
import os
import sys
import termios
import threading
from collections.abc import Callable, Sequence
from pathlib import Path

from voicedomino import __version__
from voicedomino.audio.api import SoundOutput
from voicedomino.dialog.manager import DialogManager, Table
from voicedomino.engine import VARIANTS
from voicedomino.frontend.app import Game, Preferences
from voicedomino.frontend.console import LineReader
from voicedomino.frontend.keys import KeyNavigator, KeyReader
from voicedomino.italian import messages as it
from voicedomino.persistence.autosave import AutoSave
from voicedomino.players import LEVELS

log = logging.getLogger("voicedomino")


def build_parser() -> argparse.ArgumentParser:
    helps = it.COMMAND_LINE_HELP
    parser = argparse.ArgumentParser(prog="voicedomino", description=helps["description"])
    parser.add_argument("--version", action="version", version=__version__)
    sub = parser.add_subparsers(dest="command")
    download = sub.add_parser("scarica-modello", help=helps["scarica-modello"])
    download.add_argument("--destinazione", type=Path, help=helps["--destinazione"])
    download.add_argument("--url", help=helps["--url"])
    download.add_argument("--se-manca", action="store_true", help=helps["--se-manca"])
    mic = sub.add_parser("prova-voce", help=helps["prova-voce"])
    mic.add_argument("--model", help=helps["--model"])
    mic.add_argument("--audio-in", type=Path, help=helps["--audio-in"])

    def switch(*names: str) -> None:
        parser.add_argument(*names, action="store_true", help=helps[names[0]])

    switch("--no-voice", "--muto")
    switch("--tastiera", "--keyboard")
    parser.add_argument("--model", help=helps["--model"])
    parser.add_argument("--audio-in", type=Path, help=helps["--audio-in"])
    switch("--veloce")
    parser.add_argument("--variante", choices=sorted(VARIANTS), help=helps["--variante"])
    parser.add_argument("--giocatori", type=int, choices=(2, 3, 4), help=helps["--giocatori"])
    parser.add_argument("--livello", choices=LEVELS, help=helps["--livello"])
    parser.add_argument("--pausa", type=float, help=helps["--pausa"])
    parser.add_argument("--seme", type=int, help=helps["--seme"])
    switch("--senza-salvataggio")
    switch("--righe")
    switch("--cuffie")
    switch("--debug")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    logging.basicConfig(
        level=logging.DEBUG if args.debug else logging.WARNING,
        stream=sys.stderr,
        format="%(levelname)s %(name)s: %(message)s",
    )
    if args.command == "scarica-modello":
        from voicedomino.frontend.model_command import download_command

        code: int = download_command(args.destinazione, args.url, only_if_missing=args.se_manca)
        return code
    if args.command == "prova-voce":
        return voice_check(args)
    return play(args)


def voice_check(args: argparse.Namespace) -> int:
    from voicedomino import settings as user_settings
    from voicedomino.frontend import mic_check

    prefs = user_settings.load_settings().settings
    output = _make_output(args.no_voice, prefs, lambda key: print(it.notice(key)))
    try:
        code: int = mic_check.run(
            output,
            model_option=args.model,
            audio_in=args.audio_in,
            input_device=prefs.input_device,
        )
    finally:
        output.close()
    return code


def play(args: argparse.Namespace) -> int:
    from voicedomino import settings as user_settings

    loaded = user_settings.load_settings()
    prefs = loaded.settings
    notices = NoticeRelay(list(loaded.notices))

    output = _make_output(args.no_voice, prefs, notices.tell)
    autosave = None if args.senza_salvataggio else AutoSave()
    saved = None
    if autosave is not None:
        found = autosave.load()
        saved = found.document
        if found.problem:
            notices.tell(found.problem)

    table = Table(
        variant=args.variante or "classica",
        seats=args.giocatori or 2,
        level=args.livello or prefs.level,
    )
    if table.seats not in VARIANTS[table.variant].allowed_seats:
        table = Table(variant=table.variant, level=table.level)
    pause = prefs.computer_pause_s if args.pausa is None else max(0.0, args.pausa)
    manager = DialogManager(
        table,
        verbosity=prefs.verbosity,
        computer_pause=pause,
        seed=args.seme,
        saved=saved,
    )

    def remember(new: Preferences) -> None:
        user_settings.save_settings(
            prefs.replace(rate_wpm=new.rate, volume=new.volume, verbosity=new.verbosity)
        )

    # A buffered stream of its own on descriptor 0 (left open), not sys.stdin.buffer: the reader
    # thread, blocked in a read when the player quits, would hold the lock of sys.stdin, which
    # the interpreter closes at shutdown ("Fatal Python error: ... could not acquire lock").
    stdin = io.TextIOWrapper(
        io.BufferedReader(io.FileIO(sys.stdin.fileno(), closefd=False)),
        encoding="utf-8",
        errors="replace",
    )
    game = Game(manager, output, autosave=autosave, on_preferences=remember)
    notices.attach(game)

    keys = _start_key_mode(game) if not args.righe and sys.stdin.isatty() else None
    if keys is None:
        LineReader(stdin, game.inbox, urgent=game.urgent).start()
    voice = None
    if not args.tastiera:
        from voicedomino.frontend.voice import start_voice

        voice = start_voice(
            game,
            output,
            model_option=args.model,
            audio_in=args.audio_in,
            realtime=not args.veloce,
            barge_in=args.cuffie or prefs.barge_in,
            input_device=prefs.input_device,
            fallback_notice=None if keys is not None else "keyboard_mode",
        )
    if voice is None and keys is None:
        game.notice("keyboard_mode")
    try:
        game.run()
    except KeyboardInterrupt:
        print(it.goodbye(), flush=True)
    finally:
        if keys is not None:
            keys.restore()
        if voice is not None:
            voice.stop()
        output.close()
    return 0


def _start_key_mode(game: Game) -> KeyReader | None:
    """Single keys without Enter; None when the terminal cannot be put in cbreak mode."""
    navigator = KeyNavigator(game)
    game.on_key = navigator.press

    def pressed(name: str) -> None:
        if name == "escape":
            game.output.stop_speech()  # at once, not after the queue
        game.submit(name, "key")

    reader = KeyReader(sys.stdin.fileno(), pressed)
    try:
        reader.start()
    except (OSError, termios.error):
        game.on_key = None
        return None
    game.notice("key_mode")
    return reader


class NoticeRelay:
    """Device notices to the player: kept until the game exists, then queued to it.

    The audio output reports from its own threads (a device lost mid-game), so notices go
    through the game's inbox and are said in order with everything else.
    """

    def __init__(self, pending: list[str]) -> None:
        self._pending = pending
        self._game: Game | None = None
        self._lock = threading.Lock()

    def tell(self, key: str) -> None:
        with self._lock:
            if self._game is None:
                self._pending.append(str(key))
                return
            game = self._game
        game.submit(str(key), "notice")

    def attach(self, game: Game) -> None:
        with self._lock:
            pending, self._pending = self._pending, []
            self._game = game
        for key in pending:
            game.notice(key)


def _make_output(no_voice: bool, prefs: object, on_notice: Callable[[str], None]) -> SoundOutput:
    from voicedomino.audio.null import NullOutput

    rate = int(getattr(prefs, "rate_wpm", 175))
    volume = float(getattr(prefs, "volume", 1.0))
    if no_voice or os.environ.get("VOICEDOMINO_NO_VOICE"):
        return NullOutput(rate=rate, volume=volume)
    from voicedomino.audio.output import AudioOutput

    output = AudioOutput(
        rate=rate, volume=volume, device=getattr(prefs, "output_device", None),
        on_notice=on_notice,
    )  # fmt: skip
    output.start()
    return output


if __name__ == "__main__":
    raise SystemExit(main())
