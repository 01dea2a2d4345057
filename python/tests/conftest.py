"""Where the tests find weft's scenes: WEFT_SOURCE_DIR, or the repository around this folder."""
import os

import pytest


@pytest.fixture
def scenes():
    source = os.environ.get("WEFT_SOURCE_DIR",
                            os.path.join(os.path.dirname(__file__), "..", ".."))
    return os.path.join(source, "scenes")
