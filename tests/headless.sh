#!/bin/bash
# headless.sh CMD [ARGS...] — run CMD with a private Xvfb and a private
# session bus, cleaned up afterwards (docs/testing.md, the GUI tests).  When a display is
# already set and LUZTAR_TEST_USE_DISPLAY=1, CMD runs there instead.  The
# screen is 1280 × 800 unless LUZTAR_TEST_SCREEN says otherwise (WxHxDEPTH).
# Copyright 2026 The Luztar authors
# SPDX-License-Identifier: GPL-3.0-or-later
set -u
if [ -n "${DISPLAY:-}" ] && [ "${LUZTAR_TEST_USE_DISPLAY:-0}" = 1 ]; then
  exec "$@"
fi
if [ -z "${HEADLESS_TMP:-}" ]; then
  HEADLESS_TMP=$(mktemp -d); export HEADLESS_TMP; mkdir -m 700 "$HEADLESS_TMP/run"
  export XDG_RUNTIME_DIR="$HEADLESS_TMP/run" XDG_CACHE_HOME="$HEADLESS_TMP/cache"
  export XDG_CONFIG_HOME="$HEADLESS_TMP/config" XDG_STATE_HOME="$HEADLESS_TMP/state"
  export GSETTINGS_BACKEND=memory
  unset DISPLAY WAYLAND_DISPLAY
  # The bus and the AT-SPI registry it starts print on stdout; keep the
  # test's own stdout (TAP) on fd 4 and send theirs to stderr.
  dbus-run-session -- "$0" "$@" 4>&1 1>&2; rc=$?
  rm -rf "$HEADLESS_TMP"; exit $rc
fi
# Start Xvfb on a free display (-noreset: a server that resets when its
# last client leaves refuses the next one for a moment); check with a real client that it answers
# (a display number freed a moment ago by another test can still be in the
# middle of its clean-up), and retry on another display if it does not.
xvfb=
trap '[ -n "$xvfb" ] && kill "$xvfb" 2>/dev/null; wait 2>/dev/null' EXIT
trap 'exit 143' TERM INT
for attempt in 1 2 3; do
  : >"$HEADLESS_TMP/display"
  Xvfb -displayfd 3 -screen 0 "${LUZTAR_TEST_SCREEN:-1280x800x24}" -nolisten tcp -noreset 3>"$HEADLESS_TMP/display" 2>"$HEADLESS_TMP/xvfb.log" &
  xvfb=$!
  for _ in $(seq 200); do [ -s "$HEADLESS_TMP/display" ] && break; sleep 0.05; done
  if [ -s "$HEADLESS_TMP/display" ]; then
    export DISPLAY=":$(cat "$HEADLESS_TMP/display")" GDK_BACKEND=x11
    for _ in $(seq 20); do
      xdotool getdisplaygeometry >/dev/null 2>&1 && break 2
      sleep 0.1
    done
  fi
  echo "headless: Xvfb attempt $attempt did not answer" >&2
  cat "$HEADLESS_TMP/xvfb.log" >&2
  kill "$xvfb" 2>/dev/null; wait "$xvfb" 2>/dev/null; xvfb=
done
[ -n "$xvfb" ] || { echo "headless: Xvfb did not start" >&2; exit 1; }
unset HEADLESS_TMP
dbus-update-activation-environment DISPLAY GDK_BACKEND 2>/dev/null
if { true >&4; } 2>/dev/null; then
  "$@" 1>&4 4>&-
else
  "$@"
fi
