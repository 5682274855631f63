"""python3 -m report: the benchmark runner and report generator (bench.py)."""
import sys

from .bench import main

sys.exit(main())
