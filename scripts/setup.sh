# scripts/setup.sh — sourced by scripts/run and scripts/test: installs the
# system packages Luztar needs (Debian 12 / Ubuntu 24.04) and builds it.
# Copyright 2026 The Luztar authors
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Variables read:
#   LUZTAR_BUILDDIR     build directory (default: build)
#   LUZTAR_MESON_ARGS   extra arguments for `meson setup` (e.g. -Dgui=false)
#   LUZTAR_NO_INSTALL=1 never call apt-get (fail with the list instead)

top=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
builddir=${LUZTAR_BUILDDIR:-build}
case "$builddir" in /*) ;; *) builddir="$top/$builddir" ;; esac

# What building needs, and what running the tests needs on top of that.
build_packages="meson ninja-build pkg-config gcc gettext libglib2.0-bin libglib2.0-dev-bin
  libgtk-4-dev libadwaita-1-dev libgsl-dev libxml2-dev libmatheval-dev
  desktop-file-utils appstream libxml2-utils yelp-tools itstool"
test_packages="xvfb xauth xdotool imagemagick libgl1-mesa-dri fonts-dejavu-core
  adwaita-icon-theme dbus at-spi2-core python3-gi gir1.2-atspi-2.0 octave
  libopenmpi-dev openmpi-bin"

say () { printf '==> %s\n' "$*" >&2; }

# install_packages PKG... — installs those that dpkg does not know as installed.
install_packages () {
  local missing=() p
  for p in "$@"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' \
      || missing+=("$p")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  if [ "${LUZTAR_NO_INSTALL:-0}" = 1 ] || ! command -v apt-get >/dev/null; then
    say "missing packages: ${missing[*]}"
    say "install them with: sudo apt-get install ${missing[*]}"
    return 1
  fi
  local sudo=""
  if [ "$(id -u)" -ne 0 ]; then
    if command -v sudo >/dev/null; then
      sudo=sudo
    else
      say "these packages are missing and I am not root (and there is no sudo): ${missing[*]}"
      return 1
    fi
  fi
  say "installing: ${missing[*]}"
  $sudo env DEBIAN_FRONTEND=noninteractive apt-get update -qq || return 1
  $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
    "${missing[@]}" >/dev/null || return 1
}

# configure_and_build — meson setup (or reconfigure with new options), compile.
configure_and_build () {
  # shellcheck disable=SC2086
  if [ -f "$builddir/build.ninja" ]; then
    meson setup --reconfigure "$builddir" "$top" ${LUZTAR_MESON_ARGS:-} >"$builddir.setup.log" 2>&1 \
      || { cat "$builddir.setup.log" >&2; return 1; }
  else
    meson setup "$builddir" "$top" ${LUZTAR_MESON_ARGS:-} >"$builddir.setup.log" 2>&1 \
      || { cat "$builddir.setup.log" >&2; return 1; }
  fi
  rm -f "$builddir.setup.log"
  say "building in $builddir"
  meson compile -C "$builddir" >"$builddir.compile.log" 2>&1 \
    || { cat "$builddir.compile.log" >&2; return 1; }
  rm -f "$builddir.compile.log"
}

# Environment for running the programs from the build tree.
uninstalled_env () {
  export GSETTINGS_SCHEMA_DIR="$builddir/data"
  export LUZTAR_LOCALEDIR="$builddir/po"
  export LUZTAR_EXAMPLES_DIR="$top/data/examples"
  export LUZTAR_HELP_DIR="$builddir/help/html"
}

default_example="$top/data/examples/friction-oscillator.luztar"
