"""The benchmark report tool (docs/benchmarks.md "Outputs"): runs the benchmark images on
tempo-sim, parses what the firmware prints, and writes results/ (JSON, CSV, Markdown, the
HTML page).  A package: run from the repository's top as `tools/python.sh -m report ...`
(tools/python.sh puts bench/ on the module path); its tests are in tests/ (pytest)."""
