# A pupil's Jupyter server on the hub serves as `make serve` does: binder/voila.py, read here.
import os

load_subconfig(os.path.join(os.path.dirname(os.path.realpath(__file__)), "..", "..", "..", "binder", "voila.py"))  # noqa: F821
