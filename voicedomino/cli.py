"""The `voicedomino` command: start a game, or download the Italian voice model."""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
import io
import logging
import math
import os
import sys
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn

import platformdirs

from voicedomino import __version__
from voicedomino.audio.api import SoundOutput
from voicedomino.dialog.manager import DialogManager
from voicedomino.dialog.menu import Table
from voicedomino.dialog.network import DEFAULT_SERVER, NetworkSettings
from voicedomino.engine import VARIANTS
from voicedomino.frontend.app import Game, Preferences
from voicedomino.frontend.attention import GateSettings
from voicedomino.frontend.console import LineReader, LineTerminal
from voicedomino.frontend.inbox import DeviceNotice, KeyPressed, Resumed, StopAsked
from voicedomino.frontend.signals import SignalRelay
from voicedomino.frontend.streams import (
    is_terminal,
    keyboard_stream,
    library_output_to,
    prepare_standard_streams,
)
from voicedomino.italian import messages as it
from voicedomino.persistence.autosave import AutoSave, data_dir
from voicedomino.persistence.lock import DataLock, LockState
from voicedomino.persistence.preferences import GRACE_RANGE, LISTEN_WINDOW_RANGE, PAUSE_RANGE
from voicedomino.players import LEVELS, Level

if TYPE_CHECKING:
    from voicedomino.frontend.keys import KeyReader
    from voicedomino.persistence.preferences import UserSettings

log = logging.getLogger("voicedomino")

# The table options on the command line, in Italian (issue 21).
TILE_SET_OPTIONS = {"sei": 6, "nove": 9}
SPINNER_OPTIONS = {"sì": True, "si": True, "no": False}
OPENING_OPTIONS = {
    "variante": "variant",
    "doppio-alto": "highest_double",
    "pesante": "heaviest",
    "doppio-massimo": "top_double",
    "caso": "random",
    "vincitore": "last_winner",
}


class ItalianParser(argparse.ArgumentParser):
    """argparse in Italian: its usage line, its errors and its help's headings come from
    argparse's own message ids (`gettext`, which it calls for every such text), looked up in
    italian.messages.COMMAND_LINE_WORDS while this parser is built, formats or parses. An error
    is one line and where to find the options, not the whole usage read out first."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        with _argparse_in_italian():
            super().__init__(*args, **kwargs)

    def parse_args(  # type: ignore[override]
        self, args: Sequence[str] | None = None, namespace: argparse.Namespace | None = None
    ) -> argparse.Namespace:
        with _argparse_in_italian():
            return super().parse_args(args, namespace)

    def format_usage(self) -> str:
        with _argparse_in_italian():
            return super().format_usage()

    def format_help(self) -> str:
        with _argparse_in_italian():
            return super().format_help()

    def error(self, message: str) -> NoReturn:
        with _argparse_in_italian():
            text = argparse._("%(prog)s: error: %(message)s\n")  # type: ignore[attr-defined]
        self.exit(2, text % {"prog": self.prog, "message": message})


@contextlib.contextmanager
def _argparse_in_italian() -> Iterator[None]:
    words = it.COMMAND_LINE_WORDS

    def translate(text: str) -> str:
        return words.get(text, text)

    def translate_plural(singular: str, plural: str, count: int) -> str:
        return translate(singular if count == 1 else plural)

    saved = argparse._, argparse.ngettext  # type: ignore[attr-defined]
    argparse._, argparse.ngettext = translate, translate_plural  # type: ignore[attr-defined]
    try:
        yield
    finally:
        argparse._, argparse.ngettext = saved  # type: ignore[attr-defined]


def build_parser() -> argparse.ArgumentParser:
    helps = it.COMMAND_LINE_HELP
    parser = ItalianParser(prog="voicedomino", description=helps["description"])
    parser.add_argument("--version", action="version", version=__version__, help=helps["--version"])
    # The metavar names the choice in argparse's errors ("opzione comando: scelta non valida"),
    # where the dest, a variable's name, would be English.
    sub = parser.add_subparsers(
        dest="command", metavar="comando", title=it.COMMAND_LINE_WORDS["positional arguments"]
    )
    download = sub.add_parser("scarica-modello", help=helps["scarica-modello"])
    download.add_argument(
        "--destinazione", type=Path, metavar="CARTELLA", help=helps["--destinazione"]
    )
    download.add_argument("--url", metavar="INDIRIZZO", help=helps["--url"])
    download.add_argument("--se-manca", action="store_true", help=helps["--se-manca"])
    voices = sub.add_parser("voci", help=helps["voci"])
    voices.add_argument("--voce", metavar="NOME", help=helps["--voce"])
    mic = sub.add_parser("prova-voce", help=helps["prova-voce"])
    _model_options(mic)
    mic.add_argument("--calibra", action="store_true", help=helps["--calibra"])
    _add_server_parser(sub)

    def switch(name: str, dest: str | None = None, english: str | None = None) -> None:
        parser.add_argument(name, action="store_true", dest=dest, help=helps[name])
        if english is not None:  # still understood, never shown: the help is Italian
            parser.add_argument(english, action="store_true", dest=dest, help=argparse.SUPPRESS)

    switch("--muto", "no_voice", "--no-voice")
    switch("--tastiera", "tastiera", "--keyboard")
    _model_options(parser)
    switch("--veloce")
    parser.add_argument("--variante", choices=sorted(VARIANTS), help=helps["--variante"])
    parser.add_argument("--giocatori", type=int, choices=(2, 3, 4), help=helps["--giocatori"])
    # The names, not the levels: argparse's error lists its choices' reprs ("<Level.MEDIO: ...>").
    levels = [level.value for level in LEVELS]
    parser.add_argument("--livello", choices=levels, help=helps["--livello"])
    parser.add_argument("--set", choices=sorted(TILE_SET_OPTIONS), help=helps["--set"])
    parser.add_argument("--spinner", choices=sorted(SPINNER_OPTIONS), help=helps["--spinner"])
    parser.add_argument("--apertura", choices=list(OPENING_OPTIONS), help=helps["--apertura"])
    parser.add_argument("--pausa", type=pause_seconds, metavar="SECONDI", help=helps["--pausa"])
    parser.add_argument("--seme", type=int, metavar="NUMERO", help=helps["--seme"])
    switch("--senza-salvataggio")
    switch("--righe")
    switch("--cuffie")
    parser.add_argument("--voce", metavar="NOME", help=helps["--voce"])
    switch("--lettore-schermo")
    switch("--diagnostica", "debug", "--debug")
    window = _seconds_between(*LISTEN_WINDOW_RANGE)
    parser.add_argument("--finestra", type=window, metavar="SECONDI", help=helps["--finestra"])
    grace = _seconds_between(*GRACE_RANGE)
    parser.add_argument("--grazia", type=grace, metavar="SECONDI", help=helps["--grazia"])
    switch("--premi-per-parlare")
    _add_network_options(parser)
    return parser


def _model_options(parser: argparse.ArgumentParser) -> None:
    """--modello and --file-audio (and their first, English names, still understood)."""
    helps = it.COMMAND_LINE_HELP
    for name, english, kind, metavar in (
        ("--modello", "--model", str, "CARTELLA"),
        ("--file-audio", "--audio-in", Path, "FILE"),
    ):
        dest = english.removeprefix("--").replace("-", "_")
        parser.add_argument(name, type=kind, dest=dest, metavar=metavar, help=helps[name])
        parser.add_argument(english, type=kind, dest=dest, help=argparse.SUPPRESS)


def _add_network_options(parser: argparse.ArgumentParser) -> None:
    """Playing at a network table: the server, the table's code, the player's name."""
    from voicedomino.italian.network import SERVER_HELP as helps

    parser.add_argument("--server", help=helps["--server"])
    parser.add_argument("--tavolo", type=_table_code, help=helps["--tavolo"])
    parser.add_argument("--nome", help=helps["--nome"])


def _table_code(text: str) -> str:
    from voicedomino.italian.network import bad_code

    digits = "".join(text.split())
    if not digits.isdigit() or not digits.isascii() or len(digits) > 8:
        raise argparse.ArgumentTypeError(bad_code(text))
    return digits


def network_settings(
    args: argparse.Namespace, on_notice: Callable[[str], None] = lambda key: None
) -> NetworkSettings:
    """--server (several addresses, comma separated: processes sharing their tables),
    --tavolo, --nome; without --nome the name of the computer's user."""
    import getpass

    addresses = [a for a in (args.server or "").split(",") if a.strip()]
    name = args.nome
    if not name:
        try:
            name = getpass.getuser().capitalize()
        except (OSError, KeyError):
            name = "Giocatore"
    from voicedomino.persistence.autosave import data_dir
    from voicedomino.persistence.seats import SEATS_FILE, FileSeatBook

    # --senza-salvataggio writes nothing: not even a seat's secret to come back to after a crash.
    keep = not getattr(args, "senza_salvataggio", False)
    book = FileSeatBook(data_dir() / SEATS_FILE, on_notice) if keep else None
    return NetworkSettings(addresses or [DEFAULT_SERVER], name, args.tavolo, book)


def _add_server_parser(sub: argparse._SubParsersAction[ItalianParser]) -> None:
    """`voicedomino server`: tables over the network (voicedomino.net)."""
    from voicedomino.italian.network import SERVER_HELP as helps

    server = sub.add_parser("server", help=helps["server"])
    server.add_argument("--porta", type=_port, default=8765, help=helps["--porta"])
    server.add_argument("--indirizzo", default="127.0.0.1", help=helps["--indirizzo"])
    server.add_argument("--cartella", type=Path, help=helps["--cartella"])
    server.add_argument("--tls-cert", type=Path, metavar="FILE", help=helps["--tls-cert"])
    server.add_argument("--tls-key", type=Path, metavar="FILE", help=helps["--tls-key"])
    server.add_argument("--redis", metavar="INDIRIZZO", help=helps["--redis"])
    server.add_argument("--pausa-computer", type=_seconds_between(0, 10), default=1.0,
                        metavar="SECONDI", help=helps["--pausa-computer"])  # fmt: skip
    server.add_argument("--connessioni-per-indirizzo", type=int, default=32, metavar="N",
                        help=helps["--connessioni-per-indirizzo"])  # fmt: skip
    server.add_argument("--nuove-connessioni-al-secondo", type=float, default=2.0,
                        metavar="N", help=helps["--nuove-connessioni-al-secondo"])  # fmt: skip
    server.add_argument("--tavoli-al-minuto", type=_per_minute, default=6.0, metavar="N",
                        help=helps["--tavoli-al-minuto"])  # fmt: skip
    server.add_argument("--processi-computer", type=_workers, default=None,
                        metavar="N", help=helps["--processi-computer"])  # fmt: skip
    server.add_argument("--scadenza-processo", type=_seconds_between(1, 60), default=6.0,
                        metavar="SECONDI", help=helps["--scadenza-processo"])  # fmt: skip


def _port(text: str) -> int:
    from voicedomino.italian.network import bad_port

    if not text.isdigit() or not 0 <= int(text) < 65536:
        raise argparse.ArgumentTypeError(bad_port(text))
    return int(text)


def _per_minute(text: str) -> float:
    from voicedomino.italian.network import bad_per_minute

    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(bad_per_minute(text)) from None
    if not math.isfinite(value) or not 0.1 <= value <= 1_000_000:
        raise argparse.ArgumentTypeError(bad_per_minute(text))
    return value


def _workers(text: str) -> int:
    from voicedomino.italian.network import bad_workers

    if not text.isdigit() or not 1 <= int(text) <= 16:
        raise argparse.ArgumentTypeError(bad_workers(text))
    return int(text)


def server_command(args: argparse.Namespace) -> int:
    from dataclasses import replace

    from voicedomino.italian.network import server_tls_pair
    from voicedomino.net.limits import Limits
    from voicedomino.net.server import ServerSettings, run

    if (args.tls_cert is None) != (args.tls_key is None):
        _say(server_tls_pair())
        return 2
    limits = replace(
        Limits(),
        connections_per_address=max(1, args.connessioni_per_indirizzo),
        new_connections_per_s=max(0.1, args.nuove_connessioni_al_secondo),
        new_connection_burst=max(40, args.connessioni_per_indirizzo),
        new_tables_per_min=args.tavoli_al_minuto,
    )
    settings = ServerSettings(
        host=args.indirizzo,
        port=args.porta,
        folder=args.cartella or data_dir(),
        redis_url=args.redis,
        tls_cert=args.tls_cert,
        tls_key=args.tls_key,
        computer_pause=args.pausa_computer,
        limits=limits,
        decision_workers=args.processi_computer,
        lease=args.scadenza_processo,
    )
    folder = settings.folder
    log = None if folder is None else log_file_handler(folder / "server.log")
    return run(settings, _say, log)  # an output that cannot be written never stops a server


def _seconds_between(low: float, high: float) -> Callable[[str], float]:
    """An argparse type: seconds, finite, within [low, high], said in Italian when not."""

    def seconds(text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            raise argparse.ArgumentTypeError(it.bad_seconds(text, low, high)) from None
        if not math.isfinite(value) or not low <= value <= high:
            raise argparse.ArgumentTypeError(it.bad_seconds(text, low, high))
        return value

    return seconds


def pause_seconds(text: str) -> float:
    """--pausa: a finite number of seconds, clamped to the preference's range like it."""
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not math.isfinite(value):
        raise argparse.ArgumentTypeError(it.pause_not_a_number(text))
    return min(PAUSE_RANGE[1], max(PAUSE_RANGE[0], value))


def main(argv: Sequence[str] | None = None) -> int:
    prepare_standard_streams()
    args = build_parser().parse_args(argv)
    log_file = _start_logging(args.debug)
    try:
        code = _run(args, None if args.debug else log_file)
    except KeyboardInterrupt:  # Ctrl-C before the game could take it over
        _say(it.goodbye())
        code = 130
    except Exception:  # the game's own fault: the details go to the log, a sentence to the player
        log.exception("voicedomino stopped")
        _say(it.crashed(str(log_file) if log_file is not None else None))
        code = 1
    if _LEAVE_AT_ONCE.is_set():
        _leave_now(code)
    return code


# Set when the game ends while a thread still works inside a C library (the voice model
# loading): the interpreter's own exit would tear that library's state down under it.
_LEAVE_AT_ONCE = threading.Event()


def _leave_now(code: int) -> None:
    """Exit with *code* without the interpreter's clean-up (the game did its own)."""
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(OSError, ValueError):
            stream.flush()
    logging.shutdown()
    os._exit(code)


def _say(text: str) -> None:
    """A line for the player outside a game; a closed output is no reason for a traceback."""
    with contextlib.suppress(OSError, ValueError):
        print(text, flush=True)


def _run(args: argparse.Namespace, log_file: Path | None) -> int:
    """The command asked for; *log_file*: where library output goes (None with --debug)."""
    if args.command == "scarica-modello":
        from voicedomino.frontend.model_command import download_command

        code: int = download_command(args.destinazione, args.url, only_if_missing=args.se_manca)
        return code
    if args.command == "voci":
        return voices_command(args.voce)
    if not args.debug:
        library_output_to(log_file)  # Kaldi, audio back ends, warnings: into the log
        for handler in logging.getLogger().handlers:
            if isinstance(handler, BoundedLog):
                handler.watch_library_output()  # bounded too, and into the new file
    if args.command == "prova-voce":
        return voice_check(args)
    if args.command == "server":
        return server_command(args)
    return play(args)


def _start_logging(debug: bool) -> Path | None:
    """Logs go to a file: a screen reader reads the terminal, and English log lines there
    would be read out mid-game. --debug sends them to stderr instead. The log file, or None
    when there is nowhere to write one."""
    logging.raiseExceptions = False  # a log that cannot be written (full disk) stays silent
    logging.captureWarnings(True)  # a library's warning is a log line, not terminal text
    format_ = "%(asctime)s %(levelname)s %(name)s: %(message)s"
    if debug:
        logging.basicConfig(level=logging.DEBUG, stream=sys.stderr, format=format_)
        return None
    path = Path(platformdirs.user_log_dir("voicedomino")) / "voicedomino.log"
    handler = log_file_handler(path)
    logging.basicConfig(level=logging.WARNING, handlers=[handler or logging.NullHandler()],
                        format=format_)  # fmt: skip
    return None if handler is None else path


LOG_LIMIT = 2 << 20  # bytes in one log file; then it becomes <name>.1, the older one dropped
LIBRARY_OUTPUT_CHECK_S = 1.0  # how often the log's size is checked for libraries' own lines


class BoundedLog(logging.StreamHandler):  # type: ignore[type-arg]
    """Appends to the log file at *path*, which never grows past about *limit* bytes: then it
    becomes <name>.1 (replacing the one before) and a new file begins, so a game or a server
    left running for months, or a library writing without end, cannot fill the disk. With
    *library_output*, descriptor 2 (where libraries write) follows to the new file."""

    def __init__(self, path: Path, limit: int = LOG_LIMIT) -> None:
        from voicedomino.persistence.files import open_append

        self.path, self.limit = path, limit
        self.library_output = False
        if _size_at(path) > limit:  # left full by an earlier run
            self._move_aside()
        super().__init__(open_append(path))

    def emit(self, record: logging.LogRecord) -> None:
        super().emit(record)
        with contextlib.suppress(OSError, ValueError):  # a full disk: the log just goes on
            self._check_size()

    def watch_library_output(self, every: float = LIBRARY_OUTPUT_CHECK_S) -> None:
        """Descriptor 2 writes into this log: a library's own lines (ALSA's underruns, Kaldi)
        pass no Python log call, so the size is also checked every *every* seconds."""
        self.library_output = True
        threading.Thread(target=self._watch, args=(every,), name="log-size", daemon=True).start()

    def _watch(self, every: float) -> None:
        while True:
            time.sleep(every)
            with self.lock or contextlib.nullcontext():  # never between emit's two steps
                if self.stream is None or self.stream.closed:
                    return  # the handler was closed
                with contextlib.suppress(OSError, ValueError):
                    self._check_size()

    def _check_size(self) -> None:
        from voicedomino.persistence.files import open_append

        ours = os.fstat(self.stream.fileno())
        if ours.st_size <= self.limit and ours.st_nlink:
            return
        try:
            there = os.stat(self.path)
            moved = (there.st_ino, there.st_dev) != (ours.st_ino, ours.st_dev)
        except FileNotFoundError:
            moved = True
        if not moved:  # ours and full: set aside (another copy that shares it follows)
            self._move_aside()
        old = self.setStream(open_append(self.path))
        if old is not None:
            old.close()
        if self.library_output:
            library_output_to(self.path)

    def _move_aside(self) -> None:
        os.replace(self.path, self.path.with_name(f"{self.path.name}.1"))


def _size_at(path: Path) -> int:
    try:
        return os.stat(path).st_size
    except OSError:
        return 0


def log_file_handler(path: Path) -> BoundedLog | None:
    """A handler appending to the log file at *path* (bounded: BoundedLog); None when there
    is nowhere to write one (no log, the program goes on). Whatever stands at the path (a
    FIFO, a terminal, a device) the program neither waits nor writes its log lines on the
    screen."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        return BoundedLog(path)
    except OSError:
        return None


def voices_command(voice_name: str | None) -> int:
    """Print the Italian system voices, the one in use and how to choose another."""
    from voicedomino.audio.synthesis import SpeechUnavailableError, list_voices
    from voicedomino.persistence import preferences as user_settings

    if voice_name is None:
        voice_name = user_settings.load_settings().settings.voice_name
    try:
        listing = list_voices(voice_name)
    except SpeechUnavailableError as error:
        log.warning("no speech engine: %s", error)
        print("\n".join(it.voices_report([], None, False, engine_works=False)), flush=True)
        return 1
    in_use = listing.in_use
    lines = it.voices_report(
        [voice.name for voice in listing.italian],
        None if in_use is None else in_use.name,
        in_use is not None and in_use in listing.italian,
    )
    if listing.notice is not None:
        lines.insert(0, it.notice(listing.notice))
    print("\n".join(lines), flush=True)
    return 0


def voice_check(args: argparse.Namespace) -> int:
    from voicedomino.frontend import mic_check
    from voicedomino.persistence import preferences as user_settings

    prefs = user_settings.load_settings().settings
    output = _make_output(args.no_voice, prefs, lambda key: print(it.notice(key)))
    try:
        code: int = mic_check.run(
            output,
            model_option=args.model,
            audio_in=args.audio_in,
            input_device=prefs.input_device,
            calibrate=args.calibra,
        )
    finally:
        output.close()
    return code


def play(args: argparse.Namespace) -> int:
    from voicedomino.persistence import preferences as user_settings

    loaded = user_settings.load_settings()
    prefs = loaded.settings
    # A file this run could not read, or one of a newer version, stays the player's: never
    # overwritten, changes are said to last only for now.
    unkept = "settings_unsaved"
    if not loaded.writable:
        unkept = "settings_newer_kept" if loaded.newer else "settings_not_overwritten"

    def keep(settings: UserSettings) -> bool:
        return loaded.writable and user_settings.save_settings(settings)

    first_start = loaded.absent
    if first_start:
        keep(prefs)  # the microphone check is offered once
    notices = NoticeRelay(list(loaded.notices))
    prefs, voice_name, screen_reader = _speech_options(prefs, args)
    if prefs != loaded.settings and not keep(prefs):
        notices.tell(unkept)
    output = _make_output(args.no_voice, prefs, notices.tell, voice_name, screen_reader)
    # Straight to a network table (--tavolo): the server keeps that match, and a local match
    # saved here stays as it is for another time.
    autosave = None if args.senza_salvataggio or args.tavolo else AutoSave()
    lock = DataLock(data_dir())
    state = lock.acquire() if autosave is not None else None
    if lock.set_aside is not None:
        notices.tell("lock_set_aside")
    if state is LockState.BUSY:
        notices.tell("data_in_use")  # another copy plays on this folder: leave its save be
        autosave = None
    elif state is LockState.UNAVAILABLE and _writable_folder(data_dir()):
        notices.tell("lock_unavailable")  # saving works, but two copies could clash
    saved, behind = None, 0
    if autosave is not None:
        found = autosave.load()
        saved, behind = found.document, found.behind
        if found.problem:
            notices.tell(found.problem)

    table = Table(
        variant=args.variante or "classica",
        seats=args.giocatori or 2,
        level=Level(args.livello or prefs.level),
    )
    if table.seats not in VARIANTS[table.variant].allowed_seats:
        table = Table(variant=table.variant, level=table.level)
    table = dataclasses.replace(
        table,
        tile_set=TILE_SET_OPTIONS.get(args.set or ""),
        spinner=SPINNER_OPTIONS.get(args.spinner or ""),
        opening=None if args.apertura in (None, "variante") else OPENING_OPTIONS[args.apertura],
    )
    pause = prefs.computer_pause_s if args.pausa is None else args.pausa
    manager = DialogManager(
        table,
        verbosity=prefs.verbosity,
        computer_pause=pause,
        seed=args.seme,
        saved=saved,
        auto_forced=prefs.auto_forced,
        saved_behind=behind,
        network=network_settings(args, notices.tell),
    )

    current = [prefs]  # what is saved now: each change starts from the last one

    def remember(new: Preferences) -> None:
        values = {
            "rate_wpm": new.rate,
            "volume": new.volume,
            "verbosity": new.verbosity,
            "auto_forced": new.auto_forced,
            **({"voice_name": new.voice_name} if new.voice_name else {}),
        }
        before = current[0].to_json()
        changed = {key: value for key, value in values.items() if before[key] != value}
        # Another copy of the game may have changed other settings since: only what this one
        # changed is written over the file as it is now.
        current[0] = _settings_now(loaded.writable, current[0]).replace(**changed)
        if not keep(current[0]) and unkept not in told:
            told.add(unkept)  # once: every later change would fail the same way
            game.notice(unkept)  # on the game thread: said now, even if the input ends next

    told: set[str] = set()

    stdin = keyboard_stream()  # None: standard input was closed (`<&-`)
    game = Game(manager, output, autosave=autosave, on_preferences=remember)
    notices.attach(game)

    if not args.tastiera:  # loaded before the terminal is taken: Ctrl-C meanwhile leaves it as is
        from voicedomino.frontend.voice import start_voice
    keys = _start_key_mode(game) if not args.righe and is_terminal(sys.stdin) else None
    terminal: KeyReader | LineTerminal | None = keys
    voice = None
    relay: SignalRelay | None = None
    try:  # from here on, however the game ends (Ctrl-C while it starts too): all given back
        if keys is None:
            terminal = _line_terminal() if stdin is not None and is_terminal(sys.stdin) else None
            # A person at a terminal may type before a question is said: their lines carry
            # what they had heard then (a script's piped lines answer whatever comes).
            said = game.heard if terminal is not None else None
            LineReader(
                stdin or io.StringIO(""), game.inbox, urgent=game.urgent, said=said,
                terminal=terminal if isinstance(terminal, LineTerminal) else None,
            ).start()  # fmt: skip
        if not args.tastiera:
            # The gate exists before the first utterance can arrive.
            game.listen_with_gate(
                GateSettings(
                    window_s=args.finestra or prefs.listen_window_s,
                    grace_s=args.grazia or prefs.grace_s,
                    push_to_talk=args.premi_per_parlare or prefs.push_to_talk,
                )
            )
            voice = start_voice(
                game,
                output,
                model_option=args.model,
                audio_in=args.audio_in,
                realtime=not args.veloce,
                barge_in=args.cuffie or prefs.barge_in,
                input_device=prefs.input_device,
                fallback_notice=None if keys is not None or stdin is None else "keyboard_mode",
                offer_check=first_start,
            )
        if voice is None:
            game.gate = None  # keyboard only: no window, no cues for a microphone not there
        if voice is None and keys is None:
            game.notice("keyboard_mode" if stdin is not None else "keyboard_closed")

        def stop(number: int) -> None:
            game.hurry()  # no pause, no speech left to wait for: leave now
            game.submit(StopAsked(number))

        relay = SignalRelay(
            stop, lambda dropped: game.submit(Resumed(dropped)), terminal, game.suspending
        )
        relay.install()
        game.continuations = relay
        game.run()
    except KeyboardInterrupt:  # asked twice to stop: goodbye, without waiting for anything
        game.interrupted()
    finally:
        if relay is not None:
            relay.uninstall()
        if terminal is not None:
            terminal.restore()
        if voice is not None:
            voice.stop()
            if not voice.wait_ready(0):
                # Still loading the model: Kaldi computes with the BLAS library that the
                # interpreter's exit tears down under it (a segmentation fault, said by the
                # shell in English). What was to be saved and said is done: leave now.
                _LEAVE_AT_ONCE.set()
        manager.close()
        output.close()
        lock.release()
    return 0


def _settings_now(writable: bool, ours: UserSettings) -> UserSettings:
    """The settings file as it is now, when this run may write it and it reads cleanly (another
    copy of the game may have changed it); else this run's own settings."""
    from voicedomino.persistence import preferences as user_settings

    if not writable:
        return ours
    now = user_settings.load_settings()
    clean = now.writable and not now.notices and not now.absent and not now.newer
    return now.settings if clean else ours


def _writable_folder(folder: Path) -> bool:
    """Whether saves can be written in *folder* at all (else the failing saves say it)."""
    return os.path.isdir(folder) and os.access(folder, os.W_OK)


def _line_terminal() -> LineTerminal | None:
    """Line mode on a terminal, without flow control; None where there is no termios."""
    try:
        import termios
    except ImportError:
        return None
    try:
        terminal = LineTerminal(sys.stdin.fileno())
        terminal.start()
    except (OSError, termios.error):
        return None
    return terminal


def _start_key_mode(game: Game) -> KeyReader | None:
    """Single keys without Enter; None when the terminal cannot be put in cbreak mode.

    The key reader needs POSIX terminal control (termios): on Windows it cannot run and the
    game uses line mode.
    """
    try:
        import termios

        from voicedomino.frontend.keys import KeyNavigator, KeyReader
    except ImportError:
        return None
    navigator = KeyNavigator(game)
    game.keys = navigator

    carried: int | None = None  # what was heard when the key typed with this one was read

    def pressed(name: str) -> None:
        nonlocal carried
        if name == "escape":
            game.hurry()  # at once, not after the queue
        # What the player had heard by then: for a key typed together with the one before it,
        # what had been heard when that one was read (the game may have answered it meanwhile).
        heard = game.heard() if carried is None else carried
        carried = heard if reader.typed_with_next else None
        game.submit(KeyPressed(name, heard))

    reader = KeyReader(sys.stdin.fileno(), pressed)
    try:
        reader.start()
    except (OSError, termios.error):
        game.keys = None
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
        game.submit(DeviceNotice(str(key)))

    def attach(self, game: Game) -> None:
        with self._lock:
            pending, self._pending = self._pending, []
            self._game = game
        for key in pending:
            game.notice(key)


def _speech_options(
    prefs: UserSettings, args: argparse.Namespace
) -> tuple[UserSettings, str | None, bool]:
    """The voice name and screen-reader choice: this command line's, else the saved ones.

    Given on the command line they stay chosen: the settings returned hold them.
    """
    voice_name: str | None = args.voce or prefs.voice_name
    screen_reader = bool(args.lettore_schermo or prefs.screen_reader)
    changes: dict[str, object] = {}
    if args.voce is not None:
        changes["voice_name"] = args.voce
    if args.lettore_schermo:
        changes["screen_reader"] = True
    if changes:
        prefs = prefs.replace(**changes)  # kept by the caller, when it may write the file
    return prefs, voice_name, screen_reader


def _make_output(
    no_voice: bool,
    prefs: object,
    on_notice: Callable[[str], None],
    voice_name: str | None = None,
    screen_reader: bool = False,
) -> SoundOutput:
    from voicedomino.audio.null import NullOutput

    rate = int(getattr(prefs, "rate_wpm", 175))
    volume = float(getattr(prefs, "volume", 1.0))
    if no_voice or os.environ.get("VOICEDOMINO_NO_VOICE"):
        return NullOutput(rate=rate, volume=volume)
    from voicedomino.audio.output import AudioOutput
    from voicedomino.audio.screen_reader import open_screen_reader

    output = AudioOutput(
        rate=rate, volume=volume, device=getattr(prefs, "output_device", None),
        on_notice=on_notice, voice_name=voice_name,
        screen_reader=open_screen_reader if screen_reader else None,
    )  # fmt: skip
    output.start()
    return output


if __name__ == "__main__":
    raise SystemExit(main())
