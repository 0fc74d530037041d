"""`python -m voicedomino`, and the `voicedomino` command."""

import contextlib
import sys


def main() -> int:
    try:
        # Before any import starts a thread (numpy's BLAS pool does): every thread started
        # from here on has SIGCONT blocked, and only the reader of the terminal takes it, so a
        # key typed while the game was stopped is never read before the game knows it was.
        from voicedomino.frontend.signals import block_continuations

        block_continuations()
        from voicedomino.cli import main as play_or_run

        return play_or_run()
    except KeyboardInterrupt:  # Ctrl-C while the program loads: never a traceback in English
        with contextlib.suppress(BaseException):  # asked again to stop, or no output: just leave
            from voicedomino.italian.messages import goodbye

            print(goodbye(), flush=True)
        return 130


if __name__ == "__main__":
    sys.exit(main())
