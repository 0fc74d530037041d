"""Italian number words: pips 0..9 for input and speech, and cardinals for scores.

Input words are normalised (no accents). Spoken words carry accents where Italian writes
them ("ventitré"), so the synthesiser stresses them correctly.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

MAX_PIPS = 9  # the double-nine set's top number; a double-six table uses 0..6 of these

# Words accepted for each pip value; the blank has three common names.
PIP_WORDS: Mapping[int, tuple[str, ...]] = MappingProxyType(
    {
        0: ("zero", "bianco", "vuoto"),
        1: ("uno",),
        2: ("due",),
        3: ("tre",),
        4: ("quattro",),
        5: ("cinque",),
        6: ("sei",),
        7: ("sette",),
        8: ("otto",),
        9: ("nove",),
    }
)

_UNITS = (
    "zero",
    "uno",
    "due",
    "tre",
    "quattro",
    "cinque",
    "sei",
    "sette",
    "otto",
    "nove",
    "dieci",
    "undici",
    "dodici",
    "tredici",
    "quattordici",
    "quindici",
    "sedici",
    "diciassette",
    "diciotto",
    "diciannove",
)
_TENS = (
    "",
    "",
    "venti",
    "trenta",
    "quaranta",
    "cinquanta",
    "sessanta",
    "settanta",
    "ottanta",
    "novanta",
)


def pip_word(n: int) -> str:
    """Spoken word for one half of a tile: 0 is "bianco", as Italian players say."""
    if not 0 <= n <= MAX_PIPS:
        raise ValueError(f"pip value out of range: {n}")
    return "bianco" if n == 0 else _UNITS[n]


def tile_phrase(a: int, b: int) -> str:
    """Spoken name of a tile in the given order: "doppio sei", "tre cinque", "bianco due"."""
    if a == b:
        return f"doppio {pip_word(a)}"
    return f"{pip_word(a)} {pip_word(b)}"


def _below_hundred(n: int) -> str:
    if n < len(_UNITS):
        return _UNITS[n]
    tens, unit = divmod(n, 10)
    word = _TENS[tens]
    if unit == 0:
        return word
    if unit in (1, 8):  # venti + uno -> ventuno, venti + otto -> ventotto
        word = word[:-1]
    return word + _UNITS[unit]


def _below_thousand(n: int) -> str:
    hundreds, rest = divmod(n, 100)
    if hundreds == 0:
        return _below_hundred(rest)
    head = "cento" if hundreds == 1 else _UNITS[hundreds] + "cento"
    if rest == 0:
        return head
    if rest == 8 or rest // 10 == 8:  # cento + ottanta -> centottanta
        head = head[:-1]
    return head + _below_hundred(rest)


def cardinal(n: int) -> str:
    """Italian cardinal for scores and counts: 121 -> "centoventuno", 23 -> "ventitré".

    Covers -999999..999999; larger magnitudes fall back to digits, which the synthesiser
    reads anyway.
    """
    if n < 0:
        return "meno " + cardinal(-n)
    if n >= 1_000_000:
        return str(n)
    thousands, rest = divmod(n, 1000)
    if thousands == 0:
        word = _below_thousand(rest)
    else:
        if thousands == 1:
            word = "mille"
        else:
            word = _below_thousand(thousands)
            if word.endswith("uno"):  # ventuno + mila -> ventunmila
                word = word[:-1]
            word += "mila"
        if rest:
            word += _below_thousand(rest)
    # A compound ending in "tre" is stressed on the last syllable and written "tré".
    if n > 3 and word.endswith("tre"):
        word = word[:-3] + "tré"
    return word
