#!/bin/sh
# Makes sure the Debian packages VCTable builds and tests with are installed.
# As root it installs what is missing with apt-get; otherwise it names the packages
# and exits 1. Called by `make` before anything builds.
set -eu

missing=""
need_pkgconfig() { pkg-config --exists "$1" 2>/dev/null || missing="$missing $2"; }
need_command() { command -v "$1" >/dev/null 2>&1 || missing="$missing $2"; }

need_command pkg-config pkg-config
if command -v pkg-config >/dev/null 2>&1; then
    need_pkgconfig gio-unix-2.0 libglib2.0-dev
    need_pkgconfig libsoup-3.0 libsoup-3.0-dev
    need_pkgconfig gdk-pixbuf-2.0 libgdk-pixbuf-2.0-dev
else
    missing="$missing libglib2.0-dev libsoup-3.0-dev libgdk-pixbuf-2.0-dev"
fi
for extra in "$@"; do
    case "$extra" in
        valgrind) need_command valgrind valgrind ;;
        tmux) need_command tmux tmux ;;
        python3) need_command python3 python3 ;;
        ncurses) [ -e /usr/include/ncurses.h ] || missing="$missing libncurses-dev" ;;
        # GObject-Introspection: the scanner, the compiler and GIRepository's headers and GIRs.
        gir) need_command g-ir-scanner gobject-introspection
             need_command g-ir-compiler gobject-introspection
             [ -e /usr/share/gir-1.0/Gio-2.0.gir ] || missing="$missing libgirepository1.0-dev" ;;
        # Debian's own Python (a python3 earlier on PATH, such as pyenv's, has no gi).
        pytest) /usr/bin/python3 -c 'import gi' 2>/dev/null || missing="$missing python3-gi"
                /usr/bin/python3 -c 'import pytest' 2>/dev/null || missing="$missing python3-pytest" ;;
        gjs) need_command gjs gjs ;;
        # Vala: vapigen (in valac) and the compiler (valac-bin, which valac depends on).
        vala) need_command valac valac
              need_command vapigen valac ;;
        gi-docgen) need_command gi-docgen gi-docgen ;;
        # glib-compile-resources and glib-mkenums: the build runs them (Plugins/GObjectSources
        # generates the library's GResource and enum types).
        gresource) need_command glib-compile-resources libglib2.0-dev-bin
                   need_command glib-mkenums libglib2.0-dev-bin ;;
        # GdkPixbuf through GI (Tests/Python decodes the fixtures' images with it).
        gdk-pixbuf) [ -n "$(find /usr/lib -path '*/girepository-1.0/GdkPixbuf-2.0.typelib' 2>/dev/null | head -n 1)" ] ||
                    missing="$missing gir1.2-gdkpixbuf-2.0" ;;
        gtk4) pkg-config --exists gtk4 2>/dev/null || missing="$missing libgtk-4-dev" ;;
        xvfb) need_command xvfb-run xvfb
              need_command xauth xauth ;;
    esac
done

[ -z "$missing" ] && exit 0

if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "ensure-deps: installing$missing" >&2
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq >/dev/null
    # shellcheck disable=SC2086
    apt-get install -y -qq --no-install-recommends $missing >/dev/null
    exit 0
fi

echo "ensure-deps: missing Debian packages:$missing" >&2
echo "ensure-deps: install them with: sudo apt-get install$missing" >&2
exit 1
