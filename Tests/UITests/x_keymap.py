"""Binds characters that are not on the X keymap to spare keycodes, through libX11
(ctypes; no extra tool), so that xdotool types them as ordinary keys.

Without it xdotool binds a spare keycode per character, sends the key, and unbinds it at once;
GDK reads the keymap from the server when it handles the key, so a key it reaches after the
unbind (any moment the app's main thread is busy) is lost. Bound beforehand and left bound,
the mapping no longer changes while the keys are in flight.
"""
from __future__ import annotations

import ctypes
import ctypes.util

_X11 = ctypes.CDLL(ctypes.util.find_library("X11"))
_X11.XOpenDisplay.restype = ctypes.c_void_p
_X11.XOpenDisplay.argtypes = [ctypes.c_char_p]
_X11.XCloseDisplay.argtypes = [ctypes.c_void_p]
_X11.XDisplayKeycodes.argtypes = [ctypes.c_void_p, ctypes.POINTER(ctypes.c_int), ctypes.POINTER(ctypes.c_int)]
_X11.XGetKeyboardMapping.restype = ctypes.POINTER(ctypes.c_ulong)
_X11.XGetKeyboardMapping.argtypes = [ctypes.c_void_p, ctypes.c_ubyte, ctypes.c_int, ctypes.POINTER(ctypes.c_int)]
_X11.XChangeKeyboardMapping.argtypes = [ctypes.c_void_p, ctypes.c_int, ctypes.c_int,
                                        ctypes.POINTER(ctypes.c_ulong), ctypes.c_int]
_X11.XFree.argtypes = [ctypes.c_void_p]
_X11.XSync.argtypes = [ctypes.c_void_p, ctypes.c_int]


def keysym(character: str) -> int:
    """X's keysym for a character: Latin-1 as itself, the rest in the Unicode keysym range."""
    code = ord(character)
    return code if 0x20 <= code <= 0xFF else 0x01000000 + code


def bind_characters(display_name: str, text: str):
    """Gives every non-ASCII character of `text` that the keymap lacks a spare keycode of its
    own, for the rest of the display's life: unbinding would race the app's last keys as
    xdotool's own unbinding does. Returns whether every one has a key; those beyond the spare
    keycodes stay without (xdotool then remaps for them itself)."""
    wanted = sorted({keysym(c) for c in text if not c.isascii()})
    display = _X11.XOpenDisplay(display_name.encode())
    if not display:
        return False
    try:
        low, high = ctypes.c_int(), ctypes.c_int()
        _X11.XDisplayKeycodes(display, ctypes.byref(low), ctypes.byref(high))
        per = ctypes.c_int()
        count = high.value - low.value + 1
        mapping = _X11.XGetKeyboardMapping(display, low.value, count, ctypes.byref(per))
        rows = [[mapping[i * per.value + j] for j in range(per.value)] for i in range(count)]
        _X11.XFree(mapping)
        present = {symbol for row in rows for symbol in row}
        spare = [low.value + i for i, row in enumerate(rows) if not any(row)]
        missing = [s for s in wanted if s not in present]
        for keycode, symbol in zip(spare, missing):
            symbols = (ctypes.c_ulong * 1)(symbol)
            _X11.XChangeKeyboardMapping(display, keycode, 1, symbols, 1)
        _X11.XSync(display, 0)
        return len(missing) <= len(spare)
    finally:
        _X11.XCloseDisplay(display)
