#!/bin/sh
# check-core-gtk-free.sh SRCDIR — the core library never includes GTK, GDK or
# libadwaita (docs/architecture.md).
# Copyright 2026 The Luztar authors
# SPDX-License-Identifier: GPL-3.0-or-later
cd "$1" || exit 2
if grep -rnE '#[[:space:]]*include[[:space:]]*[<"](gtk|gdk|gsk|adwaita)' src/core; then
  echo "src/core must stay GTK-free"
  exit 1
fi
echo "src/core includes no GTK, GDK, GSK or libadwaita header"
