"""Alembic's environment: run the revisions on the connection ``bot.storage.migrate`` hands over."""

from alembic import context

connection = context.config.attributes["connection"]
# each revision commits by itself together with its alembic_version row, so a database is always at
# exactly one revision, even when a later one fails; the DDL is transactional because bot.storage.migrate
# begins every transaction itself (BEGIN IMMEDIATE)
context.configure(connection=connection, transaction_per_migration=True, transactional_ddl=True)
with context.begin_transaction():
    context.run_migrations()
