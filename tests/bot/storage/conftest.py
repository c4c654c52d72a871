from tests.support.fixtures import clock, db, db_path, service, tiny_game

__all__ = ["clock", "db", "db_path", "service", "tiny_game"]
