#!/usr/bin/env bash
# Browser tests drive Debian's Chromium (never a downloaded browser). Install it when it is missing and we
# can (root with apt-get); otherwise say how.
set -euo pipefail
chromium_path="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ -x "$chromium_path" ]; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "==> installing Debian's chromium for the browser tests"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  exit 0
fi
echo "Chromium is not at $chromium_path. Install it (sudo apt-get install chromium) or set CHROMIUM_PATH." >&2
exit 1
