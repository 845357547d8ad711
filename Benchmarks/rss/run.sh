#!/bin/sh
# Runs the rss-*.c programs built in DIR (`make bench-rss` builds them against the release
# library, staged as `make run` stages it) and prints, for each and both variants (the bare
# model, then --reload), the peak RSS (VmHWM), the ratio to GLib alone, and the shared
# libraries mapped: their count, Foundation's among them, then the list of the one-model
# program's. Exits non-zero if a program fails.
#
#   Benchmarks/rss/run.sh DIR
set -eu
dir=${1:?usage: Benchmarks/rss/run.sh DIR}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

run () { # NAME PROGRAM [ARG]: runs it into $out/NAME
    name=$1; shift
    if ! "$@" > "$out/$name" 2> "$out/$name.err"; then
        cat "$out/$name" "$out/$name.err" >&2
        echo "bench-rss: $* failed" >&2
        exit 1
    fi
}
peak () { sed -n 's/^rss: peak-kb //p' "$out/$1"; }
count () { sed -n 's/^rss: libraries //p' "$out/$1"; }
foundation () { # the Foundation libraries mapped, or "none"
    list=$(sed -n 's|^rss: library .*/\(lib_\{0,1\}Foundation[A-Za-z_]*\)\.so.*|\1|p' "$out/$1" | sort -u | tr '\n' ' ')
    echo "${list:-none}"
}

run glib "$dir/rss-gliststore"
run vct "$dir/rss-one-model"
run glib-reload "$dir/rss-gliststore" --reload
run vct-reload "$dir/rss-one-model" --reload

printf '%-30s %10s %7s %10s  %s\n' program "peak RSS" ratio libraries "Foundation libraries"
for pair in "glib vct" "glib-reload vct-reload"; do
    set -- $pair
    base=$(peak "$1")
    for name in "$1" "$2"; do
        case $name in
            glib) label="rss-gliststore" ;;
            vct) label="rss-one-model" ;;
            glib-reload) label="rss-gliststore --reload" ;;
            vct-reload) label="rss-one-model --reload" ;;
        esac
        kb=$(peak "$name")
        printf '%-30s %7.1f MB %6.2fx %10s  %s\n' "$label" "$(echo "$kb" | awk '{ print $1 / 1024 }')" \
            "$(echo "$kb $base" | awk '{ print $1 / $2 }')" "$(count "$name")" "$(foundation "$name")"
    done
done
echo
echo "rss-one-model's libraries:"
sed -n 's|^rss: library |  |p' "$out/vct" | sort
