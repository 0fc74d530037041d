"""The hard player as it stood before issue 22, frozen: a baseline level for the arena.

``make_player("difficile-v1")`` plays exactly as ``difficile`` did then (the modules here are
copies of that version; tests/test_players_v1.py checks its recorded choices and search values
on fixed positions). Nothing in the game uses it; it only gives the arena a fixed yardstick.
It plays the double-six set on a line, the only table it knew.
"""
