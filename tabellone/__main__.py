"""``python -m tabellone``: the same as the ``tabellone`` command."""

import sys

from tabellone.cli import main

sys.exit(main())
