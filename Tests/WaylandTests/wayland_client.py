"""A minimal Wayland client that speaks the wire protocol over the compositor's Unix socket,
written for these tests from the protocols' documented interfaces (wayland.xml and
wlr-virtual-pointer-unstable-v1.xml); no Wayland library is used.

It binds `zwlr_virtual_pointer_manager_v1`, creates a virtual pointer with a null seat (the
compositor picks its default seat) and sends pointer motion, buttons and scrolls with the axis
source a touchpad or a mouse wheel would report.

The wire format: every message is a header of two 32-bit words in the host's byte order, the
object id and `(size << 16) | opcode` (size in bytes, header included), then the arguments:
int/uint as 32 bits, fixed as a signed 24.8 number, object and new_id as object ids (0 is a
null object), string as a 32-bit length counting the NUL terminator, then the bytes padded to
a multiple of 4. A bind to an interface the request does not name (wl_registry.bind) sends
the new_id as (interface string, version, id).
"""
from __future__ import annotations

import os
import socket
import struct
import time

# wl_display (object 1): requests sync = 0, get_registry = 1; events error = 0, delete_id = 1.
DISPLAY_ID = 1
DISPLAY_SYNC, DISPLAY_GET_REGISTRY = 0, 1
DISPLAY_ERROR = 0
# wl_registry: request bind = 0; event global = 0. wl_callback: event done = 0.
REGISTRY_BIND = 0
REGISTRY_GLOBAL = 0
CALLBACK_DONE = 0
# zwlr_virtual_pointer_manager_v1: request create_virtual_pointer(seat: object?, id: new_id) = 0.
MANAGER_CREATE_VIRTUAL_POINTER = 0
# zwlr_virtual_pointer_v1 requests, in the order the protocol declares them.
(POINTER_MOTION, POINTER_MOTION_ABSOLUTE, POINTER_BUTTON, POINTER_AXIS, POINTER_FRAME,
 POINTER_AXIS_SOURCE, POINTER_AXIS_STOP, POINTER_AXIS_DISCRETE, POINTER_DESTROY) = range(9)

# wl_pointer enums.
AXIS_VERTICAL, AXIS_HORIZONTAL = 0, 1
SOURCE_WHEEL, SOURCE_FINGER, SOURCE_CONTINUOUS = 0, 1, 2
RELEASED, PRESSED = 0, 1
BTN_LEFT = 0x110  # linux/input-event-codes.h


def _uint(value: int) -> bytes:
    return struct.pack("=I", value & 0xFFFFFFFF)


def _int(value: int) -> bytes:
    return struct.pack("=i", value)


def _fixed(value: float) -> bytes:
    return struct.pack("=i", int(round(value * 256)))


def _string(text: str) -> bytes:
    data = text.encode() + b"\0"
    return _uint(len(data)) + data + b"\0" * (-len(data) % 4)


def _read_string(payload: bytes, offset: int):
    (length,) = struct.unpack_from("=I", payload, offset)
    start = offset + 4
    text = payload[start:start + length - 1].decode()
    return text, start + length + (-length % 4)


class ProtocolError(RuntimeError):
    pass


class Connection:
    """One client connection; object ids are allocated from 2 upwards (1 is wl_display)."""

    def __init__(self, runtime_dir: str, display_name: str):
        self.socket = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.socket.connect(os.path.join(runtime_dir, display_name))
        self._next_id = 2
        self._incoming = b""
        self.globals: dict[str, tuple[int, int]] = {}  # interface -> (name, version)
        self.registry = self.new_id()
        self.send(DISPLAY_ID, DISPLAY_GET_REGISTRY, _uint(self.registry))
        self.roundtrip()

    def close(self):
        self.socket.close()

    def new_id(self) -> int:
        value = self._next_id
        self._next_id += 1
        return value

    def send(self, object_id: int, opcode: int, payload: bytes = b""):
        size = 8 + len(payload)
        self.socket.sendall(_uint(object_id) + _uint((size << 16) | opcode) + payload)

    def _read_message(self):
        while True:
            if len(self._incoming) >= 8:
                object_id, word = struct.unpack_from("=II", self._incoming)
                size = word >> 16
                if len(self._incoming) >= size:
                    payload = self._incoming[8:size]
                    self._incoming = self._incoming[size:]
                    return object_id, word & 0xFFFF, payload
            chunk = self.socket.recv(65536)
            if not chunk:
                raise ProtocolError("the compositor closed the connection")
            self._incoming += chunk

    def roundtrip(self, timeout=10.0):
        """wl_display.sync, then handles events until its callback is done: everything sent
        before has been processed by the compositor (and its effects sent on to clients)."""
        callback = self.new_id()
        self.send(DISPLAY_ID, DISPLAY_SYNC, _uint(callback))
        self.socket.settimeout(timeout)
        try:
            while True:
                object_id, opcode, payload = self._read_message()
                if object_id == DISPLAY_ID and opcode == DISPLAY_ERROR:
                    failed, code = struct.unpack_from("=II", payload)
                    message, _ = _read_string(payload, 8)
                    raise ProtocolError(f"protocol error on object {failed}, code {code}: {message}")
                if object_id == self.registry and opcode == REGISTRY_GLOBAL:
                    (name,) = struct.unpack_from("=I", payload)
                    interface, offset = _read_string(payload, 4)
                    (version,) = struct.unpack_from("=I", payload, offset)
                    self.globals[interface] = (name, version)
                if object_id == callback and opcode == CALLBACK_DONE:
                    return
        finally:
            self.socket.settimeout(None)

    def bind(self, interface: str, version: int) -> int:
        if interface not in self.globals:
            raise ProtocolError(f"the compositor has no {interface}")
        name, available = self.globals[interface]
        object_id = self.new_id()
        self.send(self.registry, REGISTRY_BIND,
                  _uint(name) + _string(interface) + _uint(min(version, available)) + _uint(object_id))
        return object_id


def _now_ms() -> int:
    return int(time.monotonic() * 1000) & 0xFFFFFFFF


class VirtualPointer:
    """A pointer the compositor treats as a device of its default seat. Positions are in the
    output layout's pixels, given against the layout's extent."""

    def __init__(self, connection: Connection, extent: tuple[int, int]):
        self.connection = connection
        self.extent = extent
        manager = connection.bind("zwlr_virtual_pointer_manager_v1", 1)
        self.id = connection.new_id()
        connection.send(manager, MANAGER_CREATE_VIRTUAL_POINTER, _uint(0) + _uint(self.id))
        connection.roundtrip()
        self.position = None

    def _send(self, opcode: int, payload: bytes = b""):
        self.connection.send(self.id, opcode, payload)

    def frame(self):
        self._send(POINTER_FRAME)

    def move_to(self, x: float, y: float):
        width, height = self.extent
        x, y = int(round(min(max(x, 0), width - 1))), int(round(min(max(y, 0), height - 1)))
        self._send(POINTER_MOTION_ABSOLUTE, _uint(_now_ms()) + _uint(x) + _uint(y) + _uint(width) + _uint(height))
        self.frame()
        self.position = (x, y)

    def button(self, pressed: bool, button: int = BTN_LEFT):
        self._send(POINTER_BUTTON, _uint(_now_ms()) + _uint(button) + _uint(PRESSED if pressed else RELEASED))
        self.frame()

    def click(self, x: float, y: float):
        self.move_to(x, y)
        self.button(True)
        self.button(False)
        self.connection.roundtrip()

    # wlroots 0.15 (sway 1.7) files axis_source under the axis of the latest axis request and
    # clears both at each frame, so the source is sent after each axis request it belongs to;
    # two axes with different sources in one frame abort sway (seen: an assertion in
    # wlr_seat_pointer_send_axis), and a source sent first lands on the previous axis.
    def _axis(self, opcode: int, axis: int, source: int, payload: bytes = b""):
        self._send(opcode, _uint(_now_ms()) + _uint(axis) + payload)
        self._send(POINTER_AXIS_SOURCE, _uint(source))

    def finger_scroll(self, dx: float = 0.0, dy: float = 0.0):
        """One frame of a two-finger touchpad scroll (axis source finger)."""
        if dx:
            self._axis(POINTER_AXIS, AXIS_HORIZONTAL, SOURCE_FINGER, _fixed(dx))
        if dy:
            self._axis(POINTER_AXIS, AXIS_VERTICAL, SOURCE_FINGER, _fixed(dy))
        self.frame()

    def finger_stop(self, axes=(AXIS_HORIZONTAL, AXIS_VERTICAL)):
        """The fingers lift: axis stop, which a client takes as the start of kinetic scrolling."""
        for axis in axes:
            self._axis(POINTER_AXIS_STOP, axis, SOURCE_FINGER)
        self.frame()

    def finger_swipe(self, dx: float = 0.0, dy: float = 0.0, duration: float = 0.1, steps: int = 10):
        """A two-finger scroll of (dx, dy) px spread evenly over `duration` seconds, as a hand
        moves, then the lift. The pacing is the gesture's speed, not a wait for the app."""
        start = time.monotonic()
        for step in range(1, steps + 1):
            self.finger_scroll(dx / steps, dy / steps)
            self.connection.roundtrip()
            pause = start + duration * step / steps - time.monotonic()
            if pause > 0:
                time.sleep(pause)
        self.finger_stop([axis for axis, delta in ((AXIS_HORIZONTAL, dx), (AXIS_VERTICAL, dy)) if delta])
        self.connection.roundtrip()

    def wheel_notch(self, axis: int, steps: int = 1):
        """Mouse-wheel notches (axis source wheel): axis_discrete with 15 px a notch, as
        libinput reports one."""
        self._axis(POINTER_AXIS_DISCRETE, axis, SOURCE_WHEEL, _fixed(15.0 * steps) + _int(steps))
        self.frame()
        self.connection.roundtrip()
