#!/usr/bin/env bash
# The benchmark report in headless Chromium, as a reader would see it: the first screen and
# the whole page, at a laptop (1366x768) and a wide (1920x1080) window.
# usage: tools/screenshots.sh [REPORT.html [OUT_DIR]]   (defaults: results/report.html, build/screenshots)
# Writes OUT_DIR/report-WxH.png (the first screen) and OUT_DIR/report-WxH-full.png (the page).
set -u
report=${1:-results/report.html}
out=${2:-build/screenshots}
[ -f "$report" ] || { echo "tempo: no $report (run make bench first)" >&2; exit 1; }
browser=$(command -v chromium || command -v chromium-browser || command -v google-chrome || true)
[ -n "$browser" ] || { echo "tempo: no chromium; run: sudo apt-get install -y chromium" >&2; exit 1; }
mkdir -p "$out"
url="file://$(cd "$(dirname "$report")" && pwd)/$(basename "$report")"
shot() {   # WIDTH HEIGHT FILE
  timeout 120 "$browser" --headless=new --no-sandbox --disable-gpu --hide-scrollbars \
    --window-size="$1,$2" --screenshot="$3" "$url" >/dev/null 2>&1
}
for size in 1366x768 1920x1080; do
  w=${size%x*} h=${size#*x}
  shot "$w" "$h" "$out/report-$size.png" || { echo "tempo: $browser failed" >&2; exit 1; }
  # the whole page: a window as tall as Chromium allows; the page's white end is left as is
  shot "$w" 16000 "$out/report-$size-full.png" || exit 1
  echo "$out/report-$size.png $out/report-$size-full.png"
done
