"""Flask extensions, created unbound here and bound to the app in create_app."""

from flask_babel import Babel
from flask_compress import Compress
from flask_htmx import HTMX
from flask_migrate import Migrate
from flask_sqlalchemy import SQLAlchemy
from flask_wtf.csrf import CSRFProtect
from sqlalchemy.orm import DeclarativeBase


class Base(DeclarativeBase):
    pass


db = SQLAlchemy(model_class=Base)
migrate = Migrate()
babel = Babel()
csrf = CSRFProtect()
compress = Compress()
htmx = HTMX()  # `if htmx:` in a view: the request came from htmx (it wants a fragment)
