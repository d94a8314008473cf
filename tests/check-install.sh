#!/bin/sh
# check-install.sh BUILDDIR — install into a temporary DESTDIR and run the
# installed luztar-cli; check that the desktop integration files, the
# translations and the example models are installed.
# Copyright 2026 The Luztar authors
# SPDX-License-Identifier: GPL-3.0-or-later
set -u
build=$1
dest=$(mktemp -d)
trap 'rm -rf "$dest"' EXIT
meson install -C "$build" --destdir "$dest" --no-rebuild --quiet >"$dest.log" 2>&1 \
  || { cat "$dest.log"; rm -f "$dest.log"; exit 1; }
rm -f "$dest.log"
prefix=$(meson introspect "$build" --buildoptions | /usr/bin/python3 -c \
  'import json,sys; print(next(o["value"] for o in json.load(sys.stdin) if o["name"]=="prefix"))')
root="$dest$prefix"
status=0
out=$("$root/bin/luztar-cli" --version) || status=1
case "$out" in
  "luztar-cli "[0-9]*) echo "installed luztar-cli --version: $out" ;;
  *) echo "unexpected --version output: '$out'"; status=1 ;;
esac
for f in share/applications/org.luztar.Luztar.desktop \
         share/metainfo/org.luztar.Luztar.metainfo.xml \
         share/glib-2.0/schemas/org.luztar.Luztar.gschema.xml \
         share/icons/hicolor/scalable/apps/org.luztar.Luztar.svg \
         share/icons/hicolor/symbolic/apps/org.luztar.Luztar-symbolic.svg \
         share/locale/pl/LC_MESSAGES/luztar.mo; do
  [ -f "$root/$f" ] || { echo "not installed: $f"; status=1; }
done
[ -f "$root/share/man/man1/luztar-cli.1" ] || { echo "not installed: the manual page"; status=1; }
# The user guide, when the GUI is built: Mallard pages for yelp (when
# itstool is there) and the HTML copy (when yelp-tools is there).
if [ -d "$build/help" ]; then
  for lang in C pl; do
    if command -v itstool >/dev/null; then
      [ -f "$root/share/help/$lang/luztar/index.page" ] \
        || { echo "not installed: share/help/$lang/luztar/index.page"; status=1; }
    fi
    if command -v yelp-build >/dev/null; then
      [ -f "$root/share/luztar/help/$lang/index.html" ] \
        || { echo "not installed: share/luztar/help/$lang/index.html"; status=1; }
    fi
  done
  [ -f "$root/share/help/C/luztar/figures/window.png" ] || [ ! -f "$root/share/help/C/luztar/index.page" ] \
    || { echo "not installed: the guide's figures"; status=1; }
fi
exit $status
