#!/usr/bin/env bash
# Fuzz/run.sh [SECONDS]: builds and runs VCTable's four libFuzzer targets for SECONDS
# each (default: $FUZZ_SECONDS, else 60). `make fuzz FUZZ_SECONDS=N` calls it.
#
#   decoder  Fuzz/decoder/main.swift: bytes -> PhotoDecoder.decode -> items or a clean
#            VCTableError, and the same as the JSONDecoder-based decoder it replaced
#            except for the listed differences (swiftc -sanitize=fuzzer,address, the
#            decoder's sources and two test-support files compiled in).
#   api      Fuzz/api/fuzz_api.c: random programs of C API calls on the photo table, the
#            contract checked after every step (clang -fsanitize=fuzzer,address, against a
#            libVCTable.so built with -sanitize=fuzzer,address into .build-fuzz).
#   screens  Fuzz/screens/fuzz_screens.c: the same for the feed and the song picker and
#            the list under them (the flat GListModel, held rows with notify handlers, follows),
#            against the same library.
#            FUZZ_SCREENS_TRACE=1 prints each step of an input, FUZZ_SCREENS_STATS=1 what
#            the run exercised.
#   image    Fuzz/image/fuzz_image.c: bytes -> the image decode path (vct-image-decode.c,
#            compiled in with vct-pixbuf.c, vct-library.c and vct-error.c): a pixbuf
#            within the box asked for, or a VCT_ERROR (invalid image, or over the pixel
#            limit, refused from the header);
#            seeds: small PNG, JPEG, BMP, ICO and TIFF files, a truncated PNG, a bomb.
#
# Each target first replays its regressions (Fuzz/regressions/<target>/: every crash
# ever found, kept as a test) and its seed corpus, then fuzzes for SECONDS from the
# seeds plus the corpus a previous run left in build/fuzz/corpus-<target>. A crash
# leaves its input in build/fuzz/artifacts/ and fails the run; copy it into
# Fuzz/regressions/<target>/ once understood. Prints one line per target and
# "fuzz: N passed, M failed".
# Environment: CLANG (default /opt/swift/usr/bin/clang), SWIFTC (default swiftc).
set -euo pipefail

seconds=${1:-${FUZZ_SECONDS:-60}}
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
out=$root/build/fuzz
CLANG=${CLANG:-/opt/swift/usr/bin/clang}
[[ -x $CLANG ]] || CLANG=$(command -v clang)
SWIFTC=${SWIFTC:-swiftc}
mkdir -p "$out/artifacts" "$out/logs"
cd "$root"

# The linker warns about every local ASan symbol it cannot export: noise.
quiet_link() { grep -v "Cannot export local symbol" || true; }

echo "== building the fuzz targets"
"$SWIFTC" -sanitize=fuzzer,address -parse-as-library -O -g -module-name VCTableDecoderFuzz \
    Fuzz/decoder/main.swift Sources/VCTable/API/PhotoDecoder.swift Sources/VCTable/API/PhotoScanner.swift \
    Sources/VCTable/API/JSONInputEncoding.swift Sources/VCTable/API/JSONSyntax.swift \
    Sources/VCTable/API/VCTableError.swift Sources/VCTable/Model/VCTableCellData.swift \
    Tests/VCTableTests/Support/JSONDecoderPhotoReference.swift \
    Tests/VCTableTests/Support/PhotoDecoderDifferential.swift -o "$out/fuzz-decoder" 2>&1 | quiet_link
[[ -x $out/fuzz-decoder ]]

swift build -c debug --product VCTable --scratch-path .build-fuzz \
    -Xswiftc -sanitize=fuzzer,address -Xcc -fsanitize=fuzzer-no-link,address 2>&1 | tail -n 1
libdir=$root/.build-fuzz/debug
# What vctable.pc requires: vctable.h includes gdk-pixbuf (VctImage).
read -r -a glib_flags <<<"$(pkg-config --cflags --libs glib-2.0 gio-2.0 gdk-pixbuf-2.0)"
"$CLANG" -std=gnu11 -g -O1 -fsanitize=fuzzer,address -Wall -Wextra -Werror -ICInterop/include \
    Fuzz/api/fuzz_api.c Fuzz/common/fuzz-common.c -o "$out/fuzz-api" -L"$libdir" -Wl,-rpath,"$libdir" -lVCTable "${glib_flags[@]}" 2>&1 | quiet_link
[[ -x $out/fuzz-api ]]
"$CLANG" -std=gnu11 -g -O1 -fsanitize=fuzzer,address -Wall -Wextra -Werror -ICInterop/include \
    Fuzz/screens/fuzz_screens.c Fuzz/common/fuzz-common.c -o "$out/fuzz-screens" -L"$libdir" -Wl,-rpath,"$libdir" -lVCTable "${glib_flags[@]}" 2>&1 | quiet_link
[[ -x $out/fuzz-screens ]]
read -r -a pixbuf_flags <<<"$(pkg-config --cflags --libs gdk-pixbuf-2.0 gio-2.0)"
"$CLANG" -std=gnu11 -g -O1 -fsanitize=fuzzer,address -Wall -Wextra -Werror -DVCTABLE_COMPILATION \
    -ICInterop/include -ISources/VCTableGObject/include Fuzz/image/fuzz_image.c \
    Sources/VCTableGObject/vct-image-decode.c Sources/VCTableGObject/vct-pixbuf.c \
    Sources/VCTableGObject/vct-library.c Sources/VCTableGObject/vct-error.c \
    -o "$out/fuzz-image" "${pixbuf_flags[@]}" 2>&1 | quiet_link
[[ -x $out/fuzz-image ]]

# libFuzzer reports crashes itself; the Swift runtime's backtracer would only slow it.
export SWIFT_BACKTRACE=enable=no
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:allocator_may_return_null=1}
# GLib 2.74 keeps freed GObjects in its slice magazines, out of ASan's sight: plain malloc
# makes a use after an object's last unref a heap-use-after-free report.
export G_SLICE=always-malloc G_DEBUG=gc-friendly
# The same LeakSanitizer suppressions as `make sanitize` (Tests/sanitizers/lsan.supp: only
# the Swift weak-reference side-table false positive, llvm/llvm-project#56751).
export LSAN_OPTIONS=${LSAN_OPTIONS:-suppressions=$PWD/Tests/sanitizers/lsan.supp:print_suppressions=0}

passed=0
failed=0

# run_target NAME EXTRA-FLAGS...
run_target() {
    local name=$1
    shift
    local binary=$out/fuzz-$name corpus=$out/corpus-$name log=$out/logs/$name.log
    local regressions=$here/regressions/$name seeds=$here/corpus/$name
    mkdir -p "$corpus" "$regressions"

    # 1. Every regression and seed, once.
    local inputs=("$regressions"/* "$seeds"/*)
    local replay=()
    local f
    for f in "${inputs[@]}"; do [[ -f $f ]] && replay+=("$f"); done
    if ! "$binary" -runs=1 "$@" "${replay[@]}" >"$log.replay" 2>&1; then
        echo "FAILED  $name: a regression or seed input fails again (see $log.replay)"
        grep -E "contract broken|Fatal error|ERROR: |SUMMARY" "$log.replay" | head -n 5 || true
        failed=$((failed + 1))
        return
    fi

    # 2. Fuzz.
    local start status=0
    start=$(date +%s)
    "$binary" -max_total_time="$seconds" -timeout=25 -rss_limit_mb=4096 -print_final_stats=1 \
        -artifact_prefix="$out/artifacts/$name-" "$@" "$corpus" "$seeds" "$regressions" >"$log" 2>&1 || status=$?
    local runs cov elapsed
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
    cov=$(grep -oE 'cov: [0-9]+' "$log" | tail -n 1 | grep -oE '[0-9]+' || echo 0)
    elapsed=$(($(date +%s) - start))
    if [[ $status -eq 0 ]]; then
        printf 'ok      fuzz-%s: %s executions in %ss, %s regressions and %s seeds replayed, coverage %s, corpus %s, 0 crashes\n' \
            "$name" "${runs:-?}" "$elapsed" "$(ls "$regressions" | wc -l)" "$(ls "$seeds" | wc -l)" "$cov" "$(ls "$corpus" | wc -l)"
        passed=$((passed + 1))
    else
        printf 'FAILED  fuzz-%s: crashed after %s executions (exit %s); input in %s\n' \
            "$name" "${runs:-?}" "$status" "$out/artifacts/"
        grep -E "contract broken|Fatal error|ERROR: |SUMMARY|Test unit written" "$log" | head -n 8 || true
        failed=$((failed + 1))
    fi
}

echo "== fuzzing each target for ${seconds}s"
run_target decoder -dict="$here/decoder/json.dict" -max_len=4096
run_target api -max_len=256
run_target screens -max_len=256
run_target image -max_len=65536

echo "fuzz: $passed passed, $failed failed"
[[ $failed -eq 0 ]]
