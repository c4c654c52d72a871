"""Breaches of Discord's contract noticed by the stand-in, kept until a test looks at them."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Violation:
    """One thing the bot did that Discord would refuse or that the stand-in does not know."""

    # "spec", "limit", "invalid-emoji", "invalid-form", "unknown-route", "late-response", "unanswered",
    # "unfilled" (a deferred reply left loading), "protocol", "stand-in"
    kind: str
    where: str  # the request ("POST /channels/1/messages") or the interaction ("/game new")
    detail: str

    def __str__(self) -> str:
        return f"[{self.kind}] {self.where}: {self.detail}"


class ContractViolation(AssertionError):
    """Raised at the end of a test when the bot broke Discord's contract."""

    def __init__(self, violations: list[Violation]) -> None:
        self.violations = violations
        lines = "\n".join(f"  {v}" for v in violations)
        super().__init__(f"the bot broke Discord's contract {len(violations)} time(s):\n{lines}")


class Violations:
    """The list of violations, with a way for tests to take (and so clear) them."""

    def __init__(self) -> None:
        self._items: list[Violation] = []

    def add(self, kind: str, where: str, detail: str) -> None:
        self._items.append(Violation(kind, where, detail))

    def extend(self, kind: str, where: str, details: list[str]) -> None:
        for detail in details:
            self.add(kind, where, detail)

    def take(self) -> list[Violation]:
        taken, self._items = self._items, []
        return taken

    def raise_if_any(self) -> None:
        if self._items:
            raise ContractViolation(self.take())

    def __len__(self) -> int:
        return len(self._items)

    def __iter__(self):  # type: ignore[no-untyped-def]
        return iter(list(self._items))
