"""`python -m voicedomino`: the same as the `voicedomino` command."""

from voicedomino.cli import main

raise SystemExit(main())
