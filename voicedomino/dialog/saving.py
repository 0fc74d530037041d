"""What the dialog needs to know about the saved match to say only what is true: whether the
save holds the match now, and whether a declined match could be set aside. The front end,
which does the saving, answers."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol


@dataclass(frozen=True)
class SaveStatus:
    saving: bool  # the match is saved at all (not with --senza-salvataggio, not a second copy)
    kept: bool  # the save file holds the match as it is now
    failure: str = "unknown"  # why it does not (a key of italian.messages.WRITE_FAILURES)
    behind: int = 0  # the player's moves an older save on disk lacks (0: no older save)


class SaveKeeper(Protocol):
    def status_for_quitting(self) -> SaveStatus:
        """The save as the player is about to leave (a failed save is tried once more); what
        it says is told to the player right away."""
        ...

    def set_aside(self) -> str | None:
        """Move the saved match out of the way; None when done, else why it could not be."""
        ...
