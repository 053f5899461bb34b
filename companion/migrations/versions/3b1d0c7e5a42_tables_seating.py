"""tables.seating: a counter of seat claims and releases

Revision ID: 3b1d0c7e5a42
Revises: f72ee9a29e8a
Create Date: 2026-11-26 18:20:00.000000

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '3b1d0c7e5a42'
down_revision = 'f72ee9a29e8a'
branch_labels = None
depends_on = None


def upgrade():
    # Every table in play starts its count at 0: only later claims and releases change it.
    op.add_column('tables', sa.Column('seating', sa.Integer(), server_default='0', nullable=False))


def downgrade():
    with op.batch_alter_table('tables') as batch_op:
        batch_op.drop_column('seating')
