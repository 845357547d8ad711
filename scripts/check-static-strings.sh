#!/bin/sh
# Fails when Swift code hands a string to a C function that keeps the pointer (`make lint`).
#
# A Swift `String` passed as `const char *` is a temporary buffer that lives for the call
# only (a small string is not even stored in the binary). GLib's `*_static_*` functions
# (g_quark_from_static_string, g_intern_static_string, g_source_set_static_name,
# g_task_set_static_name, ...) and GParamSpecs made with G_PARAM_STATIC_NAME/_NICK/_BLURB
# or G_PARAM_STATIC_STRINGS keep that pointer: VCT_ERROR's name once read back as garbage.
# From Swift, use the copying variants (g_quark_from_string, g_source_set_name, ...); C
# code with real string literals may use the static ones.
set -eu
cd "$(dirname "$0")/.."
found=$(grep -rnE '\bg_[a-z_]*static[a-z_]*[[:space:]]*\(|G_PARAM_STATIC_(NAME|NICK|BLURB|STRINGS)' \
    --include='*.swift' Sources Tests Benchmarks/Sources Examples 2>/dev/null | grep -vE '^[^:]*:[0-9]+:[[:space:]]*//' || true)
if [ -n "$found" ]; then
    echo "$found" >&2
    echo "lint: Swift passes a temporary string to a C function that keeps the pointer (scripts/check-static-strings.sh)" >&2
    echo "static-strings: 0 passed, 1 failed"
    exit 1
fi
echo "static-strings: 1 passed, 0 failed"
