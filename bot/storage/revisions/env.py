"""Alembic's environment: run the revisions on the connection ``bot.storage.migrate`` hands over."""

from collections.abc import Collection, Mapping
from typing import Any

from alembic import context
from alembic.runtime.migration import MigrationContext, MigrationInfo

from bot.storage.migrate import record_number


def _record_number(
    ctx: MigrationContext, step: MigrationInfo, heads: Collection[Any], run_args: Mapping[str, Any]
) -> None:
    # called inside each revision's transaction, after its alembic_version row is written
    assert ctx.connection is not None
    (head,) = heads
    record_number(ctx.connection, head)


connection = context.config.attributes["connection"]
# each revision commits by itself together with its alembic_version row, so a database is always at
# exactly one revision, even when a later one fails; the DDL is transactional because bot.storage.migrate
# begins every transaction itself (BEGIN IMMEDIATE)
context.configure(
    connection=connection,
    transaction_per_migration=True,
    transactional_ddl=True,
    on_version_apply=_record_number,
)
with context.begin_transaction():
    context.run_migrations()
