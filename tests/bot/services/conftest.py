from tests.support.fixtures import clock, db, db_kind, db_path, db_where, service, tiny_game

__all__ = ["clock", "db", "db_kind", "db_path", "db_where", "service", "tiny_game"]
