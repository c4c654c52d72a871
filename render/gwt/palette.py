"""Great Western Trail's own colours: hazards, teepees, the hands on buildings, cattle breeds, workers."""

from __future__ import annotations

from render.theme import colour_of

HAZARDS = {"flood": "#3E7CC0", "drought": "#C58B3A", "rockfall": "#7D7468"}
TEEPEES = {"green": "#3A9A4A", "blue": "#2F67B8"}
HANDS = {"green": "#3A9A4A", "black": "#222222"}
BREEDS = {
    "jersey": "#9A9A9A",
    "dutchbelt": "#3A8A3A",
    "blackangus": "#2A2A2A",
    "guernsey": "#F2F2EE",
    "holstein": "#E8C43A",
    "brownswiss": "#C0392B",
    "ayrshire": "#2F67B8",
    "highland": "#8B5A2B",
    "longhorn": "#7B3FA0",
}
WORKERS = {"cowboy": "#F3D9A4", "craftsman": "#BFD4EE", "engineer": "#E3C3E3"}
WOODS = "#CFE3C2"
NEUTRAL = "#8C8C8C"


def hazard(key: str) -> str:
    return colour_of(HAZARDS, key, "#888888")


def teepee(key: str) -> str:
    return colour_of(TEEPEES, key, "#888888")


def hand(key: str) -> str:
    return colour_of(HANDS, key, "#888888")


def breed(key: str) -> str:
    return colour_of(BREEDS, key, "#888888")


def worker(key: str) -> str:
    return colour_of(WORKERS, key, "#DDDDDD")
