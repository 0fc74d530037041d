"""The start menu's choices (variant, players, pairs, level, target, wildcard and the table
options: set, spinner, opening rule) and how each menu intent changes them, with the sentence
that says so."""

from __future__ import annotations

from dataclasses import dataclass, replace

from voicedomino.dialog.intents import (
    MenuChoice,
    SetLevel,
    SetOpening,
    SetPairs,
    SetPlayers,
    SetSpinner,
    SetTarget,
    SetTileSet,
    SetVariant,
    SetWildcard,
    SeveralChoices,
    StepLevel,
)
from voicedomino.engine import VARIANTS, Opening, Rules, Settings
from voicedomino.italian import messages as it
from voicedomino.players import LEVELS, Level


@dataclass(frozen=True)
class Table:
    """The choices made in the start menu."""

    variant: str = "classica"
    seats: int = 2
    pairs: bool = False
    level: Level = Level.MEDIO
    target: int | None = None
    wildcard: bool | None = None
    wanted_seats: int | None = None  # asked for before a variant that allows it was chosen
    tile_set: int | None = None  # None: double-six
    spinner: bool | None = None
    opening: str | None = None  # an engine.Opening value; None: the variant's own

    def settings(self) -> Settings:
        return Settings(
            self.variant,
            self.seats,
            self.pairs,
            None,
            self.target,
            self.wildcard,
            self.tile_set,
            self.spinner,
            self.opening,
        )

    def rules(self) -> Rules:
        return VARIANTS[self.variant](self.settings())

    def summary(self, every_option: bool = False) -> str:
        """The table in a sentence or two: the table options (set, spinner, opening) only when
        they differ from the default, or all of them, explained, with *every_option*."""
        rules = self.rules()
        text = it.table_summary(
            rules.name, rules.seats, rules.pairs, self.level, rules.target, rules.wildcard
        )
        options = it.table_options(rules.highest, rules.spinner, rules.opening.value, every_option)
        return f"{text} {options}" if options else text


@dataclass(frozen=True)
class Choice:
    """The table after a menu intent, what to say, and whether the choice was accepted."""

    table: Table
    text: str
    accepted: bool = True


def choose(table: Table, choice: MenuChoice | SeveralChoices) -> Choice:
    match choice:
        case SeveralChoices(choices):  # each in turn, each said; accepted if one was
            made = [Choice(table, "", accepted=False)]
            for one in choices:
                made.append(choose(made[-1].table, one))
            text = " ".join(step.text for step in made[1:])
            return Choice(made[-1].table, text, any(step.accepted for step in made[1:]))
        case SetVariant(variant):
            allowed = VARIANTS[variant].allowed_seats
            wanted = table.wanted_seats or table.seats
            seats = wanted if wanted in allowed else allowed[0]
            chosen = replace(table, variant=variant, seats=seats, pairs=False)
            if seats != table.seats or (table.wanted_seats and seats == table.wanted_seats):
                return Choice(chosen, it.seats_changed(variant, seats))  # say what changed
            return Choice(chosen, it.variant_set(variant))
        case SetPlayers(count):
            allowed = VARIANTS[table.variant].allowed_seats
            if count not in allowed:  # kept: a variant chosen next may allow it
                text = it.seats_kept(table.variant, allowed, count)
                return Choice(replace(table, wanted_seats=count), text, accepted=False)
            return Choice(replace(table, seats=count, pairs=False, wanted_seats=count),
                          it.seats_set(count))  # fmt: skip
        case SetPairs():
            return Choice(replace(table, variant="coppie", seats=4, pairs=True), it.pairs_set())
        case SetLevel(level):
            return Choice(replace(table, level=level), it.level_set(level))
        case StepLevel(up):
            index = LEVELS.index(table.level) + (1 if up else -1)
            if not 0 <= index < len(LEVELS):
                return Choice(table, it.level_unchanged(table.level, up), accepted=False)
            return Choice(replace(table, level=LEVELS[index]), it.level_set(LEVELS[index]))
        case SetTarget(points):
            return Choice(replace(table, target=points), it.target_set(points))
        case SetWildcard(on):
            return Choice(replace(table, wildcard=on), it.wildcard_set(on))
        case SetTileSet(tile_set):
            return Choice(replace(table, tile_set=tile_set), it.tile_set_set(tile_set))
        case SetSpinner(on):
            return Choice(replace(table, spinner=on), it.spinner_set(on))
        case SetOpening(opening):
            rule = Opening(opening)
            value = None if rule is Opening.VARIANT else rule.value
            text = it.opening_set(rule.value, table.rules().highest)
            return Choice(replace(table, opening=value), text)
