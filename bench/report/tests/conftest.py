"""The report tool's tests: `tools/python.sh -m pytest bench/report/tests [--page REPORT.html]`
(make test-bench-tool gives the page make test generated)."""
import os

import pytest


def pytest_addoption(parser):
    parser.addoption("--page", default=None,
                     help="a report.html make bench wrote: checked as the fixture's page is")


@pytest.fixture
def generated_page(request):
    path = request.config.getoption("--page")
    if path is None:
        pytest.skip("no --page REPORT.html given")
    if not os.path.isfile(path):
        pytest.fail("--page %s: no such file (its bench run failed?)" % path)
    return path
