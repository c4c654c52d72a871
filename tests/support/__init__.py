"""Test fixtures shared by the storage and service tests: a tiny game and helpers."""
