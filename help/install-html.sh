#!/bin/sh
# install-html.sh BUILT_HTML_DIR DATADIR_SUBDIR — meson's install step for
# the HTML guide: copies <lang>/ folders under $DESTDIR$prefix/DATADIR_SUBDIR.
# Copyright 2026 The Luztar authors
# SPDX-License-Identifier: GPL-3.0-or-later
set -eu
dest="${MESON_INSTALL_DESTDIR_PREFIX}/$2"
mkdir -p "$dest"
for dir in "$1"/*/; do
  lang=$(basename "$dir")
  rm -rf "${dest:?}/$lang"
  cp -R "$dir" "$dest/$lang"
done
