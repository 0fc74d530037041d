"""The voice gate: attention window and word, read-back with grace, "sì" for unsure commands,
cancel, undo, quiet rejection. The real dialog and game loop on virtual time; what the
recogniser hands over is a `Spoken` made exactly as `frontend.voice.deliver` makes it."""

from __future__ import annotations

import dataclasses
import io
import threading
from collections.abc import Iterator

import pytest

from voicedomino.audio.null import NullOutput
from voicedomino.dialog.intents import PlayNumber, PlayTile
from voicedomino.dialog.manager import DialogManager, Phase
from voicedomino.dialog.parser import sentence_table
from voicedomino.engine import Play, Side
from voicedomino.frontend.app import Game
from voicedomino.frontend.attention import GateSettings, VoiceGate
from voicedomino.frontend.inbox import Spoken
from voicedomino.grammar.normalize import normalize
from voicedomino.italian import messages as it
from voicedomino.italian.numbers import pip_word
from voicedomino.speech.recognizer import Evidence


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


class RecordingOutput(NullOutput):
    """Silent, but remembers the cues it was asked to play."""

    def __init__(self) -> None:
        super().__init__()
        self.cues: list[str] = []

    def play_cue(self, name: str, pan: float = 0.0, volume: float = 1.0) -> None:
        self.cues.append(str(name))


class Table:
    """A game on the gate, driven by utterances and virtual seconds."""

    def __init__(self, *, seed: int = 11, settings: GateSettings | None = None) -> None:
        self.clock = Clock()
        self.output = RecordingOutput()
        self.out = io.StringIO()
        self.manager = DialogManager(seed=seed, computer_pause=0.0)
        self.game = Game(self.manager, self.output, autosave=None, out=self.out)
        self.gate: VoiceGate = self.game.listen_with_gate(
            settings or GateSettings(window_s=8.0, grace_s=1.2), clock=self.clock
        )
        self.game._after(self.manager.start())
        self.gate.tick()

    def said(self) -> str:
        text = self.out.getvalue()
        self.out.seek(0)
        self.out.truncate()
        return text

    def hear(
        self, text: str, confidence: float | None = 0.95, evidence: Evidence | None = None
    ) -> None:
        """What the recogniser hands over for an exact grammar sentence (or none)."""
        sentence = normalize(text)
        heard = sentence_table().get(sentence)
        self.game.on_spoken(Spoken(sentence, heard, confidence, evidence=evidence))

    def noise(self) -> None:
        self.game.on_spoken(Spoken("", None, None))

    def wait(self, seconds: float) -> None:
        step = 0.1
        for _ in range(round(seconds / step)):
            self.clock.now += step
            self.gate.tick()

    def type(self, text: str) -> None:
        self.game.handle(text)

    def document(self) -> object:
        return self.manager.save_document()


def test_window_opens_when_the_player_is_awaited_and_closes_with_cues() -> None:
    table = Table()
    assert table.gate.window_open
    assert table.output.cues == ["listening"]
    table.wait(8.5)
    assert not table.gate.window_open
    assert table.output.cues == ["listening", "listening_end"]


def test_outside_the_window_only_the_attention_word_counts() -> None:
    table = Table()
    table.wait(9)
    table.said()
    for sentence in ("inizia", "variante capra", "quattro giocatori", "si", "testa", "tre"):
        table.hear(sentence)
    assert table.said() == ""  # ignored silently
    assert table.manager.phase is Phase.MENU and table.manager.table.variant == "classica"
    assert table.gate.ignored == 6
    table.hear("domino variante capra")
    assert "Variante capra." in table.said()
    table.wait(2)
    assert table.manager.table.variant == "capra"


def test_attention_word_alone_opens_the_window() -> None:
    table = Table()
    table.wait(9)
    table.hear("domino")
    assert table.gate.window_open
    table.said()
    table.hear("variante blocco")
    assert "Variante blocco." in table.said()


def test_read_back_then_carried_out_after_the_grace_period() -> None:
    table = Table(seed=11)
    table.type("inizia")
    view = table.manager.view()
    assert view is not None and view.is_my_turn
    play = next(a for a in view.legal_actions() if isinstance(a, Play))
    before = table.document()
    table.said()
    side = "in testa" if play.side is Side.HEAD else "in coda"
    table.hear(f"gioca {pip_word(play.tile.high)} {pip_word(play.tile.low)} {side}")
    text = table.said()
    assert text.strip().endswith(".") and "?" not in text  # read back, no question
    table.wait(1.0)
    assert table.document() == before  # not yet: still in the grace period
    table.wait(0.5)
    assert table.document() != before


@pytest.mark.parametrize("cancel", ["no", "annulla", "aspetta"])
def test_no_annulla_aspetta_cancel_a_read_back(cancel: str) -> None:
    table = Table()
    table.hear("variante capra")
    table.wait(0.5)
    table.hear(cancel)
    assert "Annullato." in table.said()
    table.wait(5)
    assert table.manager.table.variant == "classica"


def test_a_single_word_command_waits_for_a_plain_yes() -> None:
    table = Table()
    table.hear("inizia")  # one word
    assert "Di' sì per confermare" in table.said()
    table.wait(3)
    assert table.manager.phase is Phase.MENU
    table.hear("ok")  # agreeing is not confirming
    assert table.manager.phase is Phase.MENU
    table.hear("si")
    assert table.manager.phase is not Phase.MENU


def test_a_low_confidence_command_waits_for_yes_and_expires() -> None:
    table = Table()
    table.hear("variante capra", confidence=0.4)
    assert "Di' sì per confermare" in table.said()
    table.wait(10)
    assert table.said() == "" and table.output.cues[-1] == "listening_end"  # no sentence
    assert table.gate.pending is None and table.manager.table.variant == "classica"


def test_a_two_word_command_must_be_surer_to_act_alone() -> None:
    table = Table()
    table.hear("variante capra", confidence=0.85)  # enough for a longer command
    assert "Di' sì per confermare" in table.said()
    table.wait(3)
    assert table.manager.table.variant == "classica"
    table.hear("si")
    assert table.manager.table.variant == "capra"
    table.hear("la variante blocco", confidence=0.85)
    table.wait(3)
    assert table.manager.table.variant == "blocco"


def test_an_unsure_command_does_not_replace_a_sure_one_waiting() -> None:
    """A sound heard during the grace period (taken for a command, unsurely) leaves the
    player's command alone; a sure new command is a correction and replaces it."""
    table = Table()
    table.hear("variante capra")
    table.said()
    table.wait(0.5)
    table.hear("variante blocco", confidence=0.6)
    assert table.said() == "" and table.output.cues[-1] == "invalid"
    table.hear("pesca")  # one word: unsure too
    table.wait(2)
    assert table.manager.table.variant == "capra"
    table.hear("variante blocco")
    table.wait(0.5)
    table.hear("la variante jolly")
    assert "jolly" in table.said().lower()
    table.wait(2)
    assert table.manager.table.variant == "jolly"


def test_a_half_heard_yes_confirms_nothing() -> None:
    """A "sì" the recogniser only mended (the television, a voice in the room) is not a
    confirmation: the command waits on, and a sure "sì" carries it out."""
    table = Table()
    table.hear("variante capra", confidence=0.4)
    table.said()
    table.hear("si", confidence=0.5)
    assert table.said() == "" and table.output.cues[-1] == "invalid"
    assert table.manager.table.variant == "classica"
    table.hear("si")
    assert table.manager.table.variant == "capra"


def test_a_half_heard_no_still_cancels() -> None:
    """Stopping a command is never an action on the match: an unsure "no" is enough."""
    table = Table()
    table.hear("variante capra")
    table.wait(0.5)
    table.hear("no", confidence=0.5)
    assert "Annullato." in table.said()
    table.wait(5)
    assert table.manager.table.variant == "classica"


def test_side_answer_is_read_back_not_played_at_once() -> None:
    table = Table(seed=3)
    table.type("inizia")
    for _ in range(40):  # find a turn with a tile that fits both ends
        view = table.manager.view()
        assert view is not None
        tiles: dict[object, set[object]] = {}
        for action in view.legal_actions():
            if isinstance(action, Play):
                tiles.setdefault(action.tile, set()).add(action.side)
        both = [t for t, s in tiles.items() if len(s) == 2 and view.head != view.tail]
        if both:
            break
        table.type("p" if not tiles else f"{next(iter(tiles)).high}{next(iter(tiles)).low}")
    else:
        pytest.skip("no two-sided tile in this deal")
    tile = both[0]
    table.type(f"{tile.high}{tile.low}")
    assert table.manager.phase is Phase.CHOOSE_SIDE
    before = table.document()
    table.said()
    table.hear("testa")
    assert "in testa? Di' sì" in table.said()
    assert table.document() == before
    table.hear("si")
    assert table.document() != before


def test_quit_by_voice_needs_a_plain_yes() -> None:
    table = Table()
    table.hear("esci")
    assert "Vuoi uscire?" in table.said()
    for weak in ("ok", "va bene", "perfetto", "giusto"):
        table.hear(weak)
        assert not table.game.finished
    table.hear("si")
    assert table.game.finished


def test_quiet_rejection_only_a_cue_inside_and_nothing_outside() -> None:
    table = Table()
    table.said()
    for _ in range(3):
        table.noise()
    assert table.said() == ""
    assert table.output.cues.count("invalid") == 3
    table.wait(9)
    cues = len(table.output.cues)
    table.noise()
    assert table.said() == "" and len(table.output.cues) == cues


SURE = Evidence(agreed=True, score_per_second=60.0, min_word_confidence=1.0)
DISAGREED = Evidence(agreed=False, score_per_second=40.0, min_word_confidence=0.6)


def test_an_unsure_result_the_dialog_turns_down_gets_only_the_cue() -> None:
    """What the dialog would refuse ("not in a match", "Non ho capito", "Rispondi sì o no"),
    heard unsurely, is most often the room: the cue, not a sentence. Sure, or typed, the
    player hears why."""
    table = Table()
    table.type("inizia")
    assert table.manager.phase is Phase.PLAYING
    table.gate.open_window()
    table.said()
    for unsure in ("quattro giocatori", "si", "no", "va bene"):
        assert sentence_table().get(normalize(unsure)) is not None, unsure
        cues = table.output.cues.count("invalid")
        table.hear(unsure, confidence=0.6, evidence=DISAGREED)
        assert table.said() == "", unsure
        assert table.output.cues.count("invalid") == cues + 1, unsure
    table.hear("quattro giocatori", confidence=0.6, evidence=DISAGREED)
    table.type("quattro giocatori")
    assert "menu" in table.said()
    table.hear("una partita a quattro giocatori", confidence=1.0, evidence=SURE)
    assert "menu" in table.said()
    table.hear("quante tessere ho", confidence=0.6, evidence=DISAGREED)  # a question: answered
    assert table.said() != ""


def test_an_unsure_stray_command_at_a_yes_no_question_leaves_it_waiting() -> None:
    table = Table()
    table.type("inizia")
    table.hear("esci")
    assert "Vuoi uscire?" in table.said()
    table.hear("passo", confidence=0.6, evidence=DISAGREED)
    assert table.said() == "" and table.output.cues[-1] == "invalid"
    table.type("passo")  # typed: told what the question wants
    assert table.said() != ""
    table.hear("si")
    assert table.game.finished


def test_an_unsure_move_the_game_would_refuse_is_not_asked_about() -> None:
    """A tile not held, an arm a plain table lacks, a tile of another set: heard unsurely,
    the refusal's cue at once instead of "...? Di' sì"; nothing changes. A legal move heard as
    unsurely is still asked about, and a sure illegal one is still read back and explained."""
    table = Table(seed=11)
    table.type("inizia")
    view = table.manager.view()
    assert view is not None and view.is_my_turn
    legal = {a.tile for a in view.legal_actions() if isinstance(a, Play)}
    assert legal, "this deal opens with a play"
    held = next(iter(legal))
    missing = next(t for t in view.tile_set if t not in view.hand)
    before = table.document()
    table.said()

    def words(tile: object, more: str = "") -> str:
        high, low = tile.high, tile.low  # type: ignore[attr-defined]
        return f"gioca {pip_word(high)} {pip_word(low)} {more}".strip()

    for sentence in (words(missing), words(held, "sotto"), "gioca nove bianco"):
        assert sentence_table().get(normalize(sentence)) is not None, sentence
        cues = table.output.cues.count("invalid")
        table.hear(sentence, confidence=0.6, evidence=DISAGREED)
        assert table.said() == "", sentence
        assert table.output.cues.count("invalid") == cues + 1, sentence
        assert table.gate.pending is None and table.document() == before
    table.hear(words(held), confidence=0.6, evidence=DISAGREED)
    assert "Di' sì" in table.said()
    table.hear("no")
    table.said()
    table.hear(words(missing), confidence=1.0, evidence=SURE)
    assert table.said() != ""
    table.wait(3)
    assert table.said() != "" and table.document() == before


def test_a_tile_the_set_has_not_is_never_read_back_or_tried() -> None:
    """At a double-six table "il nove nove" (the double-nine set named by its double, said in
    a hand) is the menu choice, not the tile nine-nine, and "gioca nove bianco" heard surely is
    refused at once with the reason: nothing is read back or left waiting to be carried out
    (bench_home seed 61: a set choice heard surely as the tile 9-9 was read back and tried).
    At a double-nine table the same words are the double nine."""
    table = Table(seed=11)
    table.type("inizia")
    assert table.manager.phase is Phase.PLAYING
    view = table.manager.view()
    assert view is not None and view.rules.highest == 6
    before = table.document()
    table.said()
    for sentence, answer in (
        ("il nove nove", it.settings_in_the_menu()),
        ("il doppio nove", it.settings_in_the_menu()),
        ("gioca nove bianco", "Nel doppio sei non c'è"),
    ):
        table.hear(sentence, confidence=1.0, evidence=SURE)
        assert table.gate.pending is None, sentence
        said = table.said()
        assert answer in said and "?" not in said, (sentence, said)
        table.wait(3)
        assert table.document() == before, sentence

    nine = Table(seed=11)
    nine.type("doppio nove")
    nine.type("inizia")
    view = nine.manager.view()
    assert view is not None and view.rules.highest == 9
    nine.said()
    nine.hear("il nove nove", confidence=1.0, evidence=SURE)
    pending = nine.gate.pending
    assert pending is not None and pending.intent == PlayTile(9, 9)


def test_an_unsure_number_and_side_no_tile_can_play_gets_only_the_cue() -> None:
    """ "Il tre in coda" with no tile of the three that can be played: a move the game turns
    down. Heard unsurely (most often the room) only the cue; heard sure, the reason with the
    cue ("Non hai tessere giocabili con il tre.")."""
    table = Table(seed=11)
    table.type("inizia")
    view = table.manager.view()
    assert view is not None and view.is_my_turn
    legal = {a.tile for a in view.legal_actions() if isinstance(a, Play)}
    number = next(n for n in range(7) if not any(tile.has(n) for tile in legal))
    sentence = f"gioca il {pip_word(number)} in coda"
    heard = sentence_table().get(normalize(sentence))
    assert heard is not None and isinstance(heard.intent, PlayNumber), sentence
    before = table.document()
    table.said()
    cues = table.output.cues.count("invalid")
    table.hear(sentence, confidence=0.6, evidence=DISAGREED)
    assert table.said() == ""
    assert table.output.cues.count("invalid") == cues + 1
    table.hear(sentence, confidence=1.0, evidence=SURE)
    assert "Non hai tessere giocabili" in table.said()
    assert table.output.cues.count("invalid") == cues + 2
    assert table.document() == before


def test_a_sentence_the_decoders_disagree_on_and_score_low_is_not_answered() -> None:
    """Television and babble led by "domino" were heard as sentences nobody said, with no
    agreement and a low score: not answered, not asked about."""
    table = Table()
    table.type("inizia")
    table.gate.open_window()
    table.said()
    low = Evidence(agreed=False, score_per_second=8.0, min_word_confidence=0.6)
    for sentence in ("domino quante tessere ho", "domino gioca tre cinque", "quante ne ho"):
        assert sentence_table().get(normalize(sentence)) is not None, sentence
        table.hear(sentence, confidence=0.6, evidence=low)
        assert table.said() == "", sentence
    assert table.gate.pending is None
    table.hear("domino quante tessere ho", confidence=0.6, evidence=DISAGREED)
    assert table.said() != ""


def test_a_menu_guess_barely_over_the_free_words_and_under_the_acting_line_is_not_answered() -> (
    None
):
    """Talk with a game word mended into a menu command or question (the decoders disagree,
    the sentence barely beats the free words, a low score) gets the cue only; a move so heard
    is still asked about, and a menu command the free words fit far worse is answered."""
    table = Table()
    table.type("inizia")
    table.gate.open_window()
    table.said()
    weak = Evidence(agreed=False, score_per_second=30.0, min_word_confidence=None, margin=-1.0)
    for sentence in ("quanti punti ho", "piu in fretta", "mettiamo la variante classica"):
        assert sentence_table().get(normalize(sentence)) is not None, sentence
        table.hear(sentence, confidence=0.6, evidence=weak)
        assert table.said() == "", sentence
    assert table.gate.pending is None
    clear = dataclasses.replace(weak, margin=-8.0)
    table.hear("quanti punti ho", confidence=0.6, evidence=clear)
    assert table.said() != ""
    loud = dataclasses.replace(weak, score_per_second=50.0)
    table.hear("quanti punti ho", confidence=0.6, evidence=loud)
    assert table.said() != ""


def test_a_plain_yes_asked_for_before_the_room_filled_with_speech_still_answers() -> None:
    """ "Di' sì" asked in a quiet room, then the television comes on: the plain "sì" the game
    asked for confirms (it was asked for); a question asked in the busy room wants "domino
    sì", as it said; "no" stops either."""
    table = Table()
    table.hear("mettiamo la variante capra", confidence=0.6)  # unsure: asks for "sì"
    assert it.readback_ask_yes("Variante capra.") in table.said()
    table.gate.room_changed(True)
    table.said()
    table.hear("si")
    table.wait(2)
    assert table.manager.table.variant == "capra"
    table.hear("domino variante jolly", confidence=0.6)
    assert "domino sì" in table.said()
    table.hear("si")
    table.wait(2)
    assert table.manager.table.variant == "capra" and table.gate.pending is not None
    table.hear("no")
    assert it.command_cancelled() in table.said() and table.gate.pending is None


def test_outside_the_window_domino_and_a_one_word_question_only_opens_the_window() -> None:
    """A laugh heard as "domino punti" must not get the score read out to the room: "domino"
    with a one-word question, no window open, is taken as "domino" alone (the window opens,
    its cue, and the word is asked again); a longer question is answered, a one-word command
    is still read back as a question."""
    table = Table()
    table.wait(9)
    assert not table.gate.window_open
    table.said()
    table.hear("domino inizia", confidence=0.95, evidence=SURE)  # a command: read back
    assert "Di' sì" in table.said() and table.gate.pending is not None
    table.hear("no", confidence=0.95, evidence=SURE)
    table.type("inizia")
    table.wait(9)
    assert not table.gate.window_open
    table.said()
    table.output.cues.clear()
    sure = Evidence(agreed=True, score_per_second=86.0, min_word_confidence=0.85)
    table.hear("domino punti", confidence=0.93, evidence=sure)
    assert table.said() == "" and table.gate.window_open
    table.wait(0.2)
    assert table.output.cues == ["listening"]
    table.hear("punti", confidence=0.93, evidence=sure)  # said again in the window: answered
    assert "Punteggio" in table.said()
    table.wait(9)
    table.hear("domino quanti punti ho", confidence=0.95, evidence=SURE)
    assert "Punteggio" in table.said()


def test_outside_the_window_a_question_heard_as_a_guess_only_opens_the_window() -> None:
    """Talk mended into "domino quanti punti ho" (the decoders disagree, a score that would be
    answered in a window) must not get the score read out to the room: no window open, it opens
    the window with its cue and the player asks again; heard by both decoders it is answered,
    and in a window the same guess is answered too. A command so heard is still asked about."""
    table = Table()
    table.type("inizia")
    table.wait(9)
    assert not table.gate.window_open
    table.said()
    table.output.cues.clear()
    guess = Evidence(agreed=False, score_per_second=49.0, min_word_confidence=None, margin=-5.4)
    table.hear("domino quanti punti ho", confidence=0.6, evidence=guess)
    assert table.said() == "" and table.gate.window_open
    table.wait(0.2)
    assert table.output.cues == ["listening"]
    table.hear("quanti punti ho", confidence=0.6, evidence=guess)  # asked again: answered
    assert "Punteggio" in table.said()
    table.wait(9)
    table.hear("domino quanti punti ho", confidence=0.95, evidence=SURE)
    assert "Punteggio" in table.said()
    table.wait(9)
    table.hear("domino messaggi brevi", confidence=0.6, evidence=guess)
    assert "Di' sì" in table.said() and table.gate.pending is not None
    table.hear("no")
    table.wait(9)
    table.said()
    table.output.cues.clear()  # a menu choice in a match: turned down with the cue, as before
    table.hear("domino mettiamo la variante capra", confidence=0.6, evidence=guess)
    assert table.said() == "" and table.output.cues == ["invalid"]


def test_in_a_busy_room_the_guard_keeps_a_domino_command_the_talk_made_less_sure() -> None:
    """With the television on, the player's "domino ..." mended by the sentence decoder
    scores lower than in a quiet room: over the busy-room line it is answered, where the same
    evidence in a quiet room's window gets the cue; the talk's own guesses, lower still, get
    the cue."""
    table = Table()
    table.type("inizia")
    table.gate.room_changed(True)
    table.said()
    told = Evidence(agreed=False, score_per_second=28.0, min_word_confidence=None, margin=-1.5)
    table.hear("domino quanti punti ho", confidence=0.6, evidence=told)
    assert "Punteggio" in table.said()
    talk = dataclasses.replace(told, score_per_second=20.0)
    table.hear("domino quanti punti ho", confidence=0.6, evidence=talk)
    assert table.said() == "" and table.output.cues[-1] == "invalid"
    table.gate.room_changed(False)
    table.gate.open_window()
    table.said()
    table.hear("quanti punti ho", confidence=0.6, evidence=told)  # a quiet room: the guard
    assert table.said() == ""


def test_in_a_busy_room_with_no_window_open_a_low_guess_is_not_answered_whatever_its_margin() -> (
    None
):
    """The television's own "domino ..." mended into a menu command well over its free words
    (a clear margin) but scoring under the busy room's line: with no window open it gets
    nothing (not even the read-back's question); the same evidence in a window is asked about,
    and over the line it is asked about outside a window too."""
    table = Table()
    table.type("inizia")
    table.gate.room_changed(True)
    table.wait(9)
    assert not table.gate.window_open
    table.said()
    clear = Evidence(agreed=False, score_per_second=22.8, min_word_confidence=None, margin=-4.1)
    table.hear("domino messaggi brevi", confidence=0.6, evidence=clear)
    assert table.said() == "" and table.gate.pending is None
    table.hear("domino quanti punti ho", confidence=0.6, evidence=clear)
    assert table.said() == ""
    over = dataclasses.replace(clear, score_per_second=26.0)
    table.hear("domino messaggi brevi", confidence=0.6, evidence=over)
    assert "domino sì" in table.said() and table.gate.pending is not None
    table.hear("no")
    table.gate.open_window()
    table.said()
    table.hear("domino messaggi brevi", confidence=0.6, evidence=clear)
    assert "domino sì" in table.said() and table.gate.pending is not None


def test_the_guard_and_the_word_line_follow_the_model_s_calibration() -> None:
    """Lines `prova-voce --calibra` measured for a model that scores higher than the stand-in:
    the same menu guess answered with the default guard is given the cue only under the
    calibrated one; a move whose least sure word sits under the default word line is asked
    about by default and read back to act alone with a model whose words run less sure."""
    from voicedomino.frontend.attention import calibrated
    from voicedomino.speech.calibration import Calibration, ScoreLines

    lines = ScoreLines(to_act=70.0, to_answer=30.0, verdict="set")
    model = Calibration(
        "m", min_score_per_second=lines.to_act, min_score_to_answer=lines.to_answer,
        scores="set", weak_guess_score=lines.weak_guess, acting_word_confidence=0.58,
        busy_weak_guess_score=lines.busy_weak_guess,
    )  # fmt: skip
    assert lines.busy_weak_guess is not None and lines.weak_guess is not None
    assert 30.0 < lines.busy_weak_guess < lines.weak_guess <= 70.0
    guess = Evidence(agreed=False, score_per_second=50.0, min_word_confidence=None, margin=-1.0)
    heard: dict[str, str] = {}
    for name, settings in (("default", None), ("calibrated", model)):
        table = Table()
        if settings is not None:
            table.gate.settings = calibrated(table.gate.settings, settings)
        table.type("inizia")
        table.gate.open_window()
        table.said()
        table.hear("quanti punti ho", confidence=0.6, evidence=guess)
        heard[name] = table.said()
    assert heard["default"] != "" and heard["calibrated"] == ""

    asked: dict[str, bool] = {}
    for name, settings in (("default", None), ("calibrated", model)):
        table = Table(seed=5)
        if settings is not None:
            table.gate.settings = calibrated(table.gate.settings, settings)
        table.type("inizia")
        view = table.manager.view()
        assert view is not None and view.is_my_turn
        play = next(a for a in view.legal_actions() if isinstance(a, Play))
        side = "in testa" if play.side is Side.HEAD else "in coda"
        table.gate.open_window()
        table.said()
        sure_but_one_word = Evidence(agreed=True, score_per_second=80.0, min_word_confidence=0.6)
        move = f"gioca {pip_word(play.tile.high)} {pip_word(play.tile.low)} {side}"
        table.hear(move, confidence=0.95, evidence=sure_but_one_word)
        pending = table.gate.pending
        assert pending is not None, name
        asked[name] = pending.needs_yes
    assert asked == {"default": True, "calibrated": False}


def test_a_setting_that_would_change_nothing_is_answered_at_once_not_read_back() -> None:
    """The volume at the top, the messages already normal: a sure "più forte" is answered at
    once with how things stand, not read back as a change; an unsure one gets the cue only."""
    table = Table()
    table.said()
    assert table.output.volume == 1.0
    table.gate.open_window()
    table.hear("parla piu forte", confidence=0.95, evidence=SURE)
    said = table.said()
    assert it.readback_voice_change("louder") not in said and "già al massimo" in said, said
    assert table.gate.pending is None
    table.hear("parla piu forte", confidence=0.6, evidence=dataclasses.replace(SURE, agreed=False))
    assert table.said() == "" and table.output.cues[-1] == "invalid"
    table.hear("messaggi normali", confidence=0.6)  # two words: unsure, and nothing to change
    assert table.said() == "" and table.gate.pending is None
    table.hear("parla piu piano", confidence=0.95, evidence=SURE)  # a change: read back
    assert it.readback_voice_change("quieter") in table.said()
    assert table.gate.pending is not None


def test_undo_restores_the_exact_position_and_says_what_was_undone() -> None:
    table = Table(seed=5)
    table.type("inizia")
    view = table.manager.view()
    assert view is not None and view.is_my_turn
    before = table.document()
    action = view.legal_actions()[0]
    if isinstance(action, Play):
        side_key = "t" if action.side is Side.HEAD else "c"
        table.type(f"{action.tile.high}{action.tile.low}{side_key}")
    else:
        table.type("p")
    after = table.document()
    assert after != before
    table.said()
    table.hear("annulla l'ultima mossa")
    assert "Annullo" in table.said()
    table.wait(2)
    assert "Mossa annullata" in table.said()
    assert table.document() == before
    table.type("x")  # one level only
    assert "Non c'è una tua mossa da annullare" in table.said()


def first_turns_with_two_tiles() -> Iterator[tuple[Table, list[Play]]]:
    """Tables started on seed after seed whose first turn is the player's with at least two
    playable tiles, and those moves (one each of the two lowest tiles first)."""
    for seed in range(11, 200):
        table = Table(seed=seed)
        table.type("inizia")
        view = table.manager.view()
        assert view is not None
        plays = [a for a in view.legal_actions() if isinstance(a, Play)] if view.is_my_turn else []
        tiles = sorted({p.tile for p in plays}, key=lambda t: (t.high, t.low))
        if len(tiles) >= 2:
            yield table, [next(p for p in plays if p.tile == tile) for tile in tiles[:2]]


def test_a_move_read_back_is_dropped_when_the_player_moves_by_keys_meanwhile() -> None:
    """A voice move in its grace period, then another move typed: the voice move was carried
    out afterwards, on the position after the computer's reply (played there when it still
    fitted, or refused out of the blue)."""
    for table, (play, other) in first_turns_with_two_tiles():
        said, typed = play.tile, other.tile
        side = "in testa" if play.side is Side.HEAD else "in coda"
        table.hear(f"gioca {pip_word(said.high)} {pip_word(said.low)} {side}")
        table.type(f"{typed.high}{typed.low}")  # the player moved otherwise, at once
        after = table.manager.view()
        assert after is not None
        if not after.is_my_turn or play not in after.legal_actions():
            continue  # the voice move would not fit any more: look for one that would
        before = table.document()
        table.said()
        table.wait(2.0)  # past the grace period
        assert table.document() == before, table.said()
        assert it.tile(said) not in table.said()
        return
    raise AssertionError("no deal where the voice move would still fit")


def test_a_tile_typed_in_keys_is_dropped_when_a_voice_move_changes_the_match() -> None:
    """Two digits said back ("invio per giocarla"), then a voice move carried out: Enter then
    played the typed tile on the position after the computer's reply, with the old sides."""
    from voicedomino.frontend.keys import KeyNavigator

    for table, (first, play) in first_turns_with_two_tiles():
        keys = KeyNavigator(table.game)
        view = table.manager.view()
        assert view is not None
        typed, said = first.tile, play.tile
        keys.press(str(typed.high))
        keys.press(str(typed.low))
        table.hear(f"gioca {pip_word(said.high)} {pip_word(said.low)}")
        table.wait(2.0)  # the voice move is carried out, the computer replies
        after = table.manager.view()
        assert after is not None and len(after.history) > len(view.history)
        if not after.is_my_turn or typed not in {a.tile for a in after.legal_actions()
                                                  if isinstance(a, Play)}:  # fmt: skip
            continue  # the typed tile would not fit any more: look for one that would
        before = table.document()
        table.said()
        keys.press("enter")
        assert table.document() == before, table.said()
        assert it.key_digits_dropped() in table.said()
        assert play.tile not in after.hand
        return
    raise AssertionError("no deal where the typed tile would still fit")


def test_keyboard_commands_stay_immediate() -> None:
    table = Table()
    table.type("variante capra")
    assert table.manager.table.variant == "capra"


@pytest.mark.parametrize(
    ("loudness", "verdict"),
    [
        ((2500.0, 12000), "va bene"),
        ((120.0, 600), "troppo basso"),
        ((12000.0, 32767), "troppo alto"),
    ],
)
def test_prova_microfono_reports_what_was_heard_and_the_level(
    loudness: tuple[float, int], verdict: str
) -> None:
    table = Table()
    table.game.voice_active = True  # a listener feeds the game
    table.hear("prova microfono")
    assert "Provo il microfono." in table.said()  # read back: the test takes the next words
    table.wait(1.5)
    assert it.mic_check_prompt() in table.said()
    before = table.manager.table
    sentence = "variante capra"
    table.game.on_spoken(Spoken(sentence, sentence_table()[sentence], 0.9, loudness))
    text = table.said()
    assert "Ho sentito: variante capra." in text and verdict in text
    assert table.manager.table == before  # reported, not carried out


def test_an_unsure_prova_microfono_waits_for_yes_and_takes_no_command() -> None:
    """A sound taken unsurely for "prova microfono" must not make the next command a test."""
    table = Table()
    table.game.voice_active = True
    table.hear("verifica il microfono", confidence=0.6)
    assert "Di' sì per confermare" in table.said()
    table.wait(10)  # no "sì": dropped
    table.said()
    table.hear("domino variante capra")  # the window has closed meanwhile
    assert "Variante capra." in table.said()
    table.wait(2)
    assert table.manager.table.variant == "capra"


def a_move_read_back() -> tuple[Table, threading.Thread, object]:
    """The real game loop on its thread, with the gate's virtual clock: a move said, read
    back and in its grace period; the table, the loop's thread and the match before it."""
    from voicedomino.dialog.parser import hear
    from voicedomino.frontend.inbox import TimePassed, Typed

    seed = next(
        seed
        for seed in range(11, 200)
        if (probe := Table(seed=seed)).type("inizia") is None
        and (view := probe.manager.view()) is not None
        and view.is_my_turn
        and any(isinstance(a, Play) for a in view.legal_actions())
    )
    table = Table(seed=seed)
    game = table.game
    runner = threading.Thread(target=game.run, daemon=True)
    runner.start()
    game.submit(Typed("inizia", hear("inizia")))
    game.inbox.join()
    view = table.manager.view()
    assert view is not None and view.is_my_turn
    play = next(a for a in view.legal_actions() if isinstance(a, Play))
    sentence = normalize(f"gioca {pip_word(play.tile.high)} {pip_word(play.tile.low)}")
    before = table.document()
    game.submit(Spoken(sentence, sentence_table().get(sentence), 0.95))
    game.inbox.join()
    game.submit(TimePassed())  # the loop looks at the time: the grace period is running
    game.inbox.join()
    assert table.gate.pending is not None  # read back, in its grace period
    return table, runner, before


def test_a_voice_command_read_back_before_ctrl_z_is_not_carried_out_at_fg() -> None:
    """A move read back, then Ctrl-Z before its grace ran out: back at fg (minutes later) the
    game loop found the grace over and played the move at once, unconfirmed. While suspended
    nothing runs out; at fg the command is dropped, and said. The real game loop, on its
    thread, with the gate's virtual clock."""
    from voicedomino.frontend.inbox import Resumed, StopAsked, TimePassed

    table, runner, before = a_move_read_back()
    game = table.game
    game.suspending()  # Ctrl-Z (what the signal handler calls)
    table.clock.now += 600.0  # ten minutes at the shell
    game.submit(TimePassed())
    game.inbox.join()
    assert table.document() == before
    table.said()
    game.submit(Resumed())  # fg
    game.inbox.join()
    said = table.said()
    assert it.back_in_game() in said and it.voice_command_dropped_on_resume() in said, said
    table.clock.now += 600.0
    game.submit(TimePassed())
    game.inbox.join()
    assert table.document() == before and table.gate.pending is None
    game.submit(StopAsked(15))
    runner.join(10)
    assert not runner.is_alive()


def test_a_voice_command_read_back_before_a_stop_the_game_cannot_catch_is_dropped() -> None:
    """SIGSTOP (not Ctrl-Z: no handler runs, the game never knew it was stopped), ten minutes,
    then SIGCONT: the loop found the grace over and carried the move out unconfirmed, the
    moment it continued. Now the continuation itself is a suspension: nothing runs out until
    the game is back, and then the command is dropped, and said. A real SIGCONT to this
    process, taken by the real signal relay."""
    import os
    import signal

    from voicedomino.frontend.inbox import Resumed, StopAsked, TimePassed
    from voicedomino.frontend.signals import SignalRelay

    table, runner, before = a_move_read_back()
    game = table.game
    relay = SignalRelay(lambda _number: None, lambda _dropped: game.submit(Resumed()))
    relay.install()
    game.continuations = relay
    try:
        table.clock.now += 600.0  # stopped for ten minutes: no handler ran
        os.kill(os.getpid(), signal.SIGCONT)
        for _ in range(20):  # the loop looks at the time as soon as it continues
            game.submit(TimePassed())
            game.inbox.join()
        assert table.document() == before
        said = table.said()
        assert it.back_in_game() in said and it.voice_command_dropped_on_resume() in said, said
        assert table.gate.pending is None
    finally:
        relay.uninstall()
    game.submit(StopAsked(15))
    runner.join(10)
    assert not runner.is_alive()
