"""The widget tests share their helpers through ``widget_test_helpers`` (next to this file)."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
