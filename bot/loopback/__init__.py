"""A loopback stand-in for Discord that the real discord.py client runs against (placeholder docstring)."""

from .commands import CommandRefused
from .server import LoopbackDiscord
from .users import Reply, SimUser
from .violations import ContractViolation, Violation
from .world import Channel, Guild, Message

__all__ = [
    "Channel",
    "CommandRefused",
    "ContractViolation",
    "Guild",
    "LoopbackDiscord",
    "Message",
    "Reply",
    "SimUser",
    "Violation",
]
