"""tables.display_token: a display link of its own, which can claim no seat

Revision ID: 9d4e2b7c1a60
Revises: 3b1d0c7e5a42
Create Date: 2026-11-27 04:10:00.000000

"""
import secrets

from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '9d4e2b7c1a60'
down_revision = '3b1d0c7e5a42'
branch_labels = None
depends_on = None


def upgrade():
    op.add_column('tables', sa.Column('display_token', sa.String(length=64), nullable=True))
    # Every table in play gets its display link now; its join link stays what it was.
    tables = sa.table('tables', sa.column('id', sa.Integer), sa.column('display_token', sa.String))
    conn = op.get_bind()
    for (table_id,) in conn.execute(sa.select(tables.c.id)).all():
        conn.execute(tables.update().where(tables.c.id == table_id)
                     .values(display_token=secrets.token_urlsafe(24)))
    # No NOT NULL: on SQLite that rebuilds the table, and dropping the old one would cascade to
    # its seats and events (models.Table.display_token).
    op.create_index(op.f('ix_tables_display_token'), 'tables', ['display_token'], unique=True)


def downgrade():
    op.drop_index(op.f('ix_tables_display_token'), table_name='tables')
    with op.batch_alter_table('tables') as batch_op:
        batch_op.drop_column('display_token')
