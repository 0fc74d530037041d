"""What the player asked for, as values: the dialog's counterpart of the engine's actions.

The grammar's slot values and the keyboard keys produce these directly (`dialog.parser`), the
recogniser's sentence table maps each grammar sentence to one, and `DialogManager` dispatches on
their type with `match`. They are frozen and hashable, like `engine.Play`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

from voicedomino.dialog.response import Verbosity
from voicedomino.engine import Side, Tile
from voicedomino.players import Level


class Query(Enum):
    """A question about the table; answered from the human seat's view only."""

    ENDS = "ends"
    HAND = "hand"
    PLAYABLE = "playable"
    HINT = "hint"
    LINE = "line"
    BONEYARD = "boneyard"
    OPPONENTS = "opponents"
    SCORE = "score"
    TURN = "turn"
    LAST_MOVE = "last_move"
    WHOLE_LINE = "whole_line"  # every tile, whatever the verbosity
    LINE_FROM_TAIL = "line_from_tail"
    SINCE_MY_TURN = "since_my_turn"  # "cosa è successo"
    LAST_ROUND = "last_round"  # how the last round ended, every hand revealed
    PARTNER = "partner"
    TARGET = "target"  # what the match is played to, and the points still needed
    WINNER = "winner"  # who won the last round, or the match
    LEADER = "leader"  # who led this round, with which tile
    ROUND_NUMBER = "round_number"


class NumberQuestion(Enum):
    PLAYED = "played"  # "quanti sei sono usciti"
    MISSING = "missing"  # "quali sei mancano"


class VoiceChange(Enum):
    """A change to the voice itself; the front end applies and saves it."""

    SLOWER = "slower"
    FASTER = "faster"
    LOUDER = "louder"
    QUIETER = "quieter"


class Recall(Enum):
    """Going back over what was said; the front end keeps the message history."""

    REPEAT = "repeat"
    PREVIOUS = "previous"
    NEXT = "next"


# --- moves -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class PlayTile:
    """ "gioca tre cinque [in testa]": the numbers in the order said (the last one stays
    outside when blanks are wild and the tile could join either way)."""

    first: int
    second: int
    side: Side | None = None

    @property
    def tile(self) -> Tile:
        return Tile.of(self.first, self.second)


@dataclass(frozen=True)
class PlayNumber:
    """A lone number ("tre", "gioca il cinque in testa"): resolved from the hand."""

    number: int
    side: Side | None = None


@dataclass(frozen=True)
class SideWord:
    """ "testa" / "coda" alone: the answer to "In testa o in coda?", else a question."""

    side: Side


@dataclass(frozen=True)
class DrawTile:
    pass


@dataclass(frozen=True)
class PassTurn:
    pass


@dataclass(frozen=True)
class DrawOrPass:
    """The keyboard's p: draw when drawing is possible, else pass."""


@dataclass(frozen=True)
class Undo:
    """Take back the player's own last move and the computer replies that followed it."""


# --- questions and the voice ------------------------------------------------------------------


@dataclass(frozen=True)
class Ask:
    query: Query


@dataclass(frozen=True)
class AskNumber:
    """ "quanti sei sono usciti", "quali sei mancano": one number across the table."""

    number: int
    question: NumberQuestion


class PlayerQuestion(Enum):
    TILES = "tiles"  # how many tiles, and the last move
    SCORE = "score"  # "quanti punti ha Marco"


@dataclass(frozen=True)
class AskPlayer:
    """ "quante tessere ha Marco", "quanti punti ha Giulia": one seat, by name."""

    seat: int
    question: PlayerQuestion = PlayerQuestion.TILES


@dataclass(frozen=True)
class ExplainRules:
    """ "spiegami le regole [del blocco]": a variant's rules (the chosen one when not named),
    in pages read one at a time."""

    variant: str | None = None


@dataclass(frozen=True)
class SetAutoForced:
    """Forced draws and passes made for the player (or not)."""

    on: bool


@dataclass(frozen=True)
class ListVoices:
    """ "che voci ci sono": the system's Italian voices, numbered."""


@dataclass(frozen=True)
class UseVoice:
    """ "usa la voce due": a voice by its number in that list."""

    number: int


@dataclass(frozen=True)
class CheckMicrophone:
    """ "prova microfono": the next thing said is reported back with its level."""


@dataclass(frozen=True)
class AdjustVoice:
    change: VoiceChange


@dataclass(frozen=True)
class SetVerbosity:
    verbosity: Verbosity


@dataclass(frozen=True)
class Remind:
    what: Recall


@dataclass(frozen=True)
class StopSpeech:
    pass


@dataclass(frozen=True)
class Help:
    with_keys: bool = False  # asked from the keyboard: list the keys too


# --- the match and the menu -----------------------------------------------------------------


@dataclass(frozen=True)
class Answer:
    """ "sì" / "no" to a question. "ok", "va bene", "certo" agree but are not `firm`: what
    cannot be taken back (quitting, a new game) waits for a plain "sì"."""

    yes: bool
    firm: bool = True


@dataclass(frozen=True)
class Listen:
    """The attention word alone ("domino"): open the listening window."""


@dataclass(frozen=True)
class Start:
    pass


@dataclass(frozen=True)
class Continue:
    pass


@dataclass(frozen=True)
class NewGame:
    pass


@dataclass(frozen=True)
class Quit:
    pass


@dataclass(frozen=True)
class ShowSettings:
    pass


@dataclass(frozen=True)
class SetVariant:
    variant: str  # a key of engine.VARIANTS


@dataclass(frozen=True)
class SetPlayers:
    count: int


@dataclass(frozen=True)
class SetPairs:
    pass


@dataclass(frozen=True)
class SetLevel:
    level: Level


@dataclass(frozen=True)
class SetTarget:
    points: int


@dataclass(frozen=True)
class StepLevel:
    """ "più difficile", "più facile": one level up or down."""

    up: bool


@dataclass(frozen=True)
class SetWildcard:
    on: bool


@dataclass(frozen=True)
class SetTileSet:
    """ "doppio nove": the set the table plays with, by its top number (6 or 9).

    `said_as_tile`: named by its top double alone ("doppio nove", "metti il doppio nove"), as
    a tile is named: during a hand the dialog takes it for that tile
    (`DialogManager.in_context`). How it was said does not change the choice: two choices of
    one set are equal."""

    tile_set: int
    said_as_tile: bool = field(default=False, compare=False)


@dataclass(frozen=True)
class SetSpinner:
    """ "con la croce" / "con lo spinner": a lead double opens four arms."""

    on: bool


@dataclass(frozen=True)
class SetOpening:
    """ "apre il doppio più alto": who opens each round (an engine.Opening value)."""

    opening: str


# --- at a network table (issue 23; carried out by dialog.network) ------------------------


@dataclass(frozen=True)
class PlayOnline:
    """ "gioca in rete": connect to the server."""


@dataclass(frozen=True)
class CreateTable:
    """ "crea un tavolo [con trenta secondi per mossa]": a table with the menu's choices, the
    player as host, and a turn timer when asked."""

    turn_timer: int | None = None


@dataclass(frozen=True)
class JoinTable:
    """ "entra al tavolo quattro sette due uno" (or "guarda il tavolo ...": as a spectator)."""

    code: str
    spectator: bool = False


@dataclass(frozen=True)
class AddComputer:
    level: Level | None = None


@dataclass(frozen=True)
class RemoveComputer:
    seat: int | None = None  # None: the last computer


@dataclass(frozen=True)
class WhoIsThere:
    """ "chi c'è al tavolo"."""


@dataclass(frozen=True)
class QuickMessage:
    """ "bella mossa", "grazie", "un momento", "ciao": said to the others at the table. Off a
    network table (or while a question waits) the dialog takes them as what they mean there:
    "ciao" leaves, "un momento" is a "no" (`DialogManager.in_context`)."""

    key: str  # one of net.events.QUICK_MESSAGES


@dataclass(frozen=True)
class ChatLine:
    text: str


@dataclass(frozen=True)
class LeaveTable:
    pass


@dataclass(frozen=True)
class CloseTable:
    closed: bool


NetRequest = (
    PlayOnline | CreateTable | JoinTable | AddComputer | RemoveComputer | WhoIsThere
    | QuickMessage | ChatLine | LeaveTable | CloseTable
)  # fmt: skip


Move = PlayTile | PlayNumber | DrawTile | PassTurn | DrawOrPass
MenuChoice = (
    SetVariant
    | SetPlayers
    | SetPairs
    | SetLevel
    | StepLevel
    | SetTarget
    | SetWildcard
    | SetTileSet
    | SetSpinner
    | SetOpening
)


@dataclass(frozen=True)
class SeveralChoices:
    """ "a quattro, a coppie, livello difficile": menu choices said in one sentence, made in
    the order said (each read back)."""

    choices: tuple[MenuChoice, ...]


Intent = (
    Move
    | SideWord
    | Undo
    | Ask
    | AskNumber
    | AskPlayer
    | ExplainRules
    | SetAutoForced
    | ListVoices
    | UseVoice
    | CheckMicrophone
    | AdjustVoice
    | SetVerbosity
    | Remind
    | StopSpeech
    | Help
    | Answer
    | Listen
    | Start
    | Continue
    | NewGame
    | Quit
    | ShowSettings
    | MenuChoice
    | SeveralChoices
    | NetRequest
)
MOVES = (PlayTile, PlayNumber, DrawTile, PassTurn, DrawOrPass)
MENU_CHOICES = (
    SetVariant,
    SetPlayers,
    SetPairs,
    SetLevel,
    StepLevel,
    SetTarget,
    SetWildcard,
    SetTileSet,
    SetSpinner,
    SetOpening,
    SeveralChoices,
)
