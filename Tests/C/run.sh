#!/usr/bin/env bash
# Tests/C/run.sh PREFIX: the C API tests of VCTable, against the library installed in
# PREFIX by `make install PREFIX=...` (`make c-test` does both).
#
#   1. vctable.h compiles cleanly (-Wall -Wextra -Wpedantic -Werror) with gcc and clang
#      in C99/C11/C17, with clang -fblocks, and as C++17 (g++, and clang++ when it
#      finds the C++ headers); every declaration has its documented signature and links.
#      The headers it includes (PREFIX/include/vctable/, one per type) are all included
#      by it, each refuses a direct include ("Only <vctable.h> can be included
#      directly.", GIO's guard) and compiles alone under VCTABLE_COMPILATION (so each
#      includes what it uses); vctable.h included twice compiles.
#   2. The library exports exactly CInterop/vctable.symbols, whose vct_* entries are
#      exactly the functions vctable.h and its headers declare.
#   3. Builds Tests/C/test-*.c (cc) and Tests/C/blocks/test-blocks.c (clang -fblocks)
#      through the installed vctable.pc into build/c-tests/.
#   4. The library is installed as distributions ship one (SOVERSION and VERSION from the
#      Makefile): lib/libVCTable.so.VERSION is the file, with SONAME
#      libVCTable.so.SOVERSION; lib/libVCTable.so.SOVERSION links to it and
#      lib/libVCTable.so to that, both resolving; every program step 3 built through
#      vctable.pc records NEEDED libVCTable.so.SOVERSION (never the bare libVCTable.so);
#      the typelib, when installed, names PREFIX/lib/libVCTable.so.SOVERSION.
#   5. Runs each program (GTest, TAP) from a directory outside the repository with
#      VCTABLE_PHOTOS_URL unset, so the fixture bundled in the library must be found
#      with no source tree; then /factory/relocated-prefix against a moved copy of the
#      prefix's lib/ alone.
#   6. Runs each program again under valgrind: no errors, nothing definitely lost.
#   7. Prints "C-tests: N passed, M failed": the header checks, symbol checks, library
#      checks, GTest cases (skipped ones not counted) and valgrind runs; exits non-zero
#      on a failure.
#
# Environment: CC (default cc), CLANG / CLANGXX (default the Swift toolchain's,
# /opt/swift/usr/bin/clang[++]), SWIFT_LIB_DIR (where libBlocksRuntime.so is),
# VALGRIND picks the valgrind step:
#   1 (default)  step 6 after step 5, as above;
#   later        steps 1-5 only, and a note that step 6 is left to `make test-valgrind`
#                (what `make test` does: valgrind over every program is the slow half);
#   only         steps 3 and 6 only, the programs under valgrind VALGRIND_JOBS at a time
#                (default: the number of cores), the last line "C-valgrind: N passed, M failed"
#                (`make test-valgrind`, which CI runs beside `make test`);
#   0            skips step 6, reported as a failure (a full run needs it).
# C_TESTS_EXCLUDE names programs (test-longevity ...) to leave out of every step: `make test`
# leaves out test-longevity, whose time per operation is measured, not a shared machine's
# load; `make soak` runs it at full size, alone, and `make test-valgrind` under valgrind.
set -euo pipefail
mode=${VALGRIND:-1}
case $mode in 1 | 0 | later | only) ;; *) echo "run.sh: VALGRIND is 1, 0, later or only" >&2; exit 2 ;; esac

if [[ $# -ne 1 ]]; then
    echo "usage: $0 PREFIX" >&2
    exit 2
fi
[[ -d $1 ]] || { echo "run.sh: no such prefix: $1" >&2; exit 2; }
prefix=$(cd "$1" && pwd)
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
build=$root/build/c-tests
logs=$build/logs

export PKG_CONFIG_PATH="$prefix/lib/pkgconfig"
unset VCTABLE_PHOTOS_URL VCT_TEST_FIXTURE VCT_TEST_UNDER_VALGRIND G_MESSAGES_DEBUG

CC=${CC:-cc}
CLANG=${CLANG:-/opt/swift/usr/bin/clang}
CLANGXX=${CLANGXX:-/opt/swift/usr/bin/clang++}
[[ -x $CLANG ]] || CLANG=$(command -v clang || echo clang)
[[ -x $CLANGXX ]] || CLANGXX=$(command -v clang++ || echo clang++)
SWIFT_LIB_DIR=${SWIFT_LIB_DIR:-$(dirname "$CLANG")/../lib/swift/linux}

passed=0
failed=0
failures=()

pass() {
    passed=$((passed + 1))
    printf 'ok      %s\n' "$1"
}

fail() {
    failed=$((failed + 1))
    failures+=("$1")
    printf 'FAILED  %s\n' "$1"
}

# show_log LOG: the lines that say what failed, then the log from the last passed case
# on (at most 50 lines: a crash backtrace follows the message that matters).
show_log() {
    grep -E '^(not ok|Bail out!|ERROR:|\*\*\* Program crashed)' "$1" || true
    echo "---- $1 (from the last passed case)"
    awk '/^ok [0-9]/ { start = NR } { line[NR] = $0 } END { for (i = start + 1; i <= NR && i <= start + 50; i++) print line[i] }' "$1"
    echo "----"
}

# run_logged LOG COMMAND...: runs COMMAND with its output in LOG; shows LOG on failure.
run_logged() {
    local log=$1
    shift
    if "$@" >"$log" 2>&1; then
        return 0
    fi
    show_log "$log"
    return 1
}

rm -rf "$build"
mkdir -p "$build" "$logs"

pkg-config --exists vctable || { echo "run.sh: vctable.pc not found in $PKG_CONFIG_PATH" >&2; exit 1; }
read -r -a vct_cflags <<<"$(pkg-config --cflags vctable)"
read -r -a vct_libs <<<"$(pkg-config --libs vctable)"
# GLib's own include directories as -isystem, for a mode in which GLib's headers are not
# -Wpedantic-clean; vctable.h itself always stays a plain -I include.
read -r -a glib_isystem <<<"$(pkg-config --cflags-only-I glib-2.0 gio-2.0 | sed 's/-I\([^ ]*\)/-isystem \1/g')"
read -r -a glib_other <<<"$(pkg-config --cflags-only-other glib-2.0 gio-2.0)"

echo "== VCTable C tests against $prefix"

if [[ $mode != only ]]; then # steps 1-2: not under VALGRIND=only
# ------------------------------------------------------------------ 1. header
hc=$build/header-check.c
cat >"$hc" <<'EOF'
/* Generated by Tests/C/run.sh: vctable.h in every language mode. */
#include <vctable.h>
#include <vctable.h> /* include guard */

static void on_reload (VctCellData *const *items, gsize n_items, gpointer data) { (void) items; (void) n_items; (void) data; }
static void on_text (const char *text, gpointer data) { (void) text; (void) data; }
static void on_photos (VctApiRequest *request, gpointer data) { (void) request; (void) data; }

int
main (void)
{
  g_autoptr (VctApi) api = NULL;
  g_autoptr (VctTableModel) model = NULL;
  g_autoptr (VctCellData) cell = NULL;

  /* Every function, with the signature the documentation gives it. */
  GQuark (*error_quark) (void) = vct_error_quark;
  VctApi *(*api_new_for_uri) (const char *) = vct_api_new_for_uri;
  VctApi *(*api_new_for_uri_full) (const char *, guint, gsize, GError **) = vct_api_new_for_uri_full;
  VctApi *(*api_new_custom) (VctApiGetPhotosFunc, gpointer, GDestroyNotify) = vct_api_new_custom;
  GCancellable *(*request_get_cancellable) (VctApiRequest *) = vct_api_request_get_cancellable;
  void (*request_return_json) (VctApiRequest *, const char *, gssize) = vct_api_request_return_json;
  void (*request_return_error) (VctApiRequest *, const GError *) = vct_api_request_return_error;
  gint64 (*cell_get_id) (VctCellData *) = vct_cell_data_get_id;
  gint64 (*cell_get_album_id) (VctCellData *) = vct_cell_data_get_album_id;
  const char *(*cell_get_title) (VctCellData *) = vct_cell_data_get_title;
  const char *(*cell_get_url) (VctCellData *) = vct_cell_data_get_url;
  const char *(*cell_get_thumbnail_url) (VctCellData *) = vct_cell_data_get_thumbnail_url;
  VctTableModel *(*model_new_with_manager) (VctApi *) = vct_table_model_new_with_manager;
  VctTableModel *(*model_factory_instance) (void) = vct_table_model_factory_instance;
  const char *(*model_get_title) (VctTableModel *) = vct_table_model_get_title;
  void (*model_reload_data) (VctTableModel *) = vct_table_model_reload_data;
  void (*model_user_selected_cell) (VctTableModel *, VctCellData *) = vct_table_model_user_selected_cell;
  guint (*model_get_n_items) (VctTableModel *) = vct_table_model_get_n_items;
  VctCellData *(*model_get_item) (VctTableModel *, guint) = vct_table_model_get_item;
  gboolean (*model_is_loading) (VctTableModel *) = vct_table_model_is_loading;
  GError *(*model_get_last_error) (VctTableModel *) = vct_table_model_get_last_error;
  void (*set_did_reload_data) (VctTableModel *, VctDidReloadDataFunc, gpointer, GDestroyNotify) = vct_table_model_set_did_reload_data;
  void (*set_did_error) (VctTableModel *, VctDidErrorFunc, gpointer, GDestroyNotify) = vct_table_model_set_did_error;
  void (*set_did_update_navigation_title) (VctTableModel *, VctDidUpdateNavigationTitleFunc, gpointer, GDestroyNotify) = vct_table_model_set_did_update_navigation_title;
  VctDidReloadDataFunc reload_func = on_reload;
  VctDidErrorFunc error_func = on_text;
  VctDidUpdateNavigationTitleFunc title_func = on_text;
  VctApiGetPhotosFunc photos_func = on_photos;
  VctError code = VCT_ERROR_CANCELLED;
  GType (*error_get_type) (void) = vct_error_get_type;
  VctListModel *(*model_get_list) (VctTableModel *) = vct_table_model_get_list;
  GType (*screen_get_type) (void) = vct_screen_get_type;
  void (*screen_reload) (VctScreen *) = vct_screen_reload;
  VctListModel *(*screen_get_list) (VctScreen *) = vct_screen_get_list;
  char *(*screen_dup_title) (VctScreen *) = vct_screen_dup_title;
  gboolean (*screen_is_loading) (VctScreen *) = vct_screen_is_loading;
  GError *(*screen_dup_last_error) (VctScreen *) = vct_screen_dup_last_error;
  guint (*list_get_section) (VctListModel *, guint, guint *, guint *) = vct_list_model_get_section;
  guint (*list_get_n_sections) (VctListModel *) = vct_list_model_get_n_sections;
  void (*row_select) (VctRow *) = vct_row_select;
  void (*row_press) (VctRow *) = vct_row_press;
  VctRowRole (*row_get_role) (VctRow *) = vct_row_get_role;
  const char *(*row_get_kind) (VctRow *) = vct_row_get_kind;
  GType (*row_role_get_type) (void) = vct_row_role_get_type;
  GType (*follow_state_get_type) (void) = vct_follow_state_get_type;
  GType (*song_picker_state_get_type) (void) = vct_song_picker_state_get_type;
  VctRowRole role = VCT_ROW_ROLE_FOOTER;
  VctFollowState follow = VCT_FOLLOW_STATE_CHECKED;
  const GType enum_types[] = {
    VCT_TYPE_ERROR, VCT_TYPE_ROW_ROLE, VCT_TYPE_FOLLOW_STATE, VCT_TYPE_SONG_PICKER_STATE,
  };
#ifdef __BLOCKS__
  void (*set_did_reload_data_block) (VctTableModel *, void (^) (VctCellData *const *, gsize)) = vct_table_model_set_did_reload_data_block;
  void (*set_did_error_block) (VctTableModel *, void (^) (const char *)) = vct_table_model_set_did_error_block;
  void (*set_did_update_navigation_title_block) (VctTableModel *, void (^) (const char *)) = vct_table_model_set_did_update_navigation_title_block;
#endif
  void (*const all[]) (void) = {
    (void (*) (void)) error_quark, (void (*) (void)) api_new_for_uri,
    (void (*) (void)) api_new_for_uri_full, (void (*) (void)) api_new_custom,
    (void (*) (void)) request_get_cancellable, (void (*) (void)) request_return_json,
    (void (*) (void)) request_return_error, (void (*) (void)) cell_get_id,
    (void (*) (void)) cell_get_album_id, (void (*) (void)) cell_get_title,
    (void (*) (void)) cell_get_url, (void (*) (void)) cell_get_thumbnail_url,
    (void (*) (void)) model_new_with_manager, (void (*) (void)) model_factory_instance,
    (void (*) (void)) model_get_title, (void (*) (void)) model_reload_data,
    (void (*) (void)) model_user_selected_cell, (void (*) (void)) model_get_n_items,
    (void (*) (void)) model_get_item, (void (*) (void)) model_is_loading,
    (void (*) (void)) model_get_last_error, (void (*) (void)) set_did_reload_data,
    (void (*) (void)) set_did_error, (void (*) (void)) set_did_update_navigation_title,
    (void (*) (void)) reload_func, (void (*) (void)) error_func,
    (void (*) (void)) title_func, (void (*) (void)) photos_func,
    (void (*) (void)) error_get_type, (void (*) (void)) model_get_list,
    (void (*) (void)) screen_get_type, (void (*) (void)) screen_reload,
    (void (*) (void)) screen_get_list, (void (*) (void)) screen_dup_title,
    (void (*) (void)) screen_is_loading, (void (*) (void)) screen_dup_last_error,
    (void (*) (void)) list_get_section, (void (*) (void)) list_get_n_sections,
    (void (*) (void)) row_select, (void (*) (void)) row_press,
    (void (*) (void)) row_get_role, (void (*) (void)) row_get_kind,
    (void (*) (void)) row_role_get_type, (void (*) (void)) follow_state_get_type,
    (void (*) (void)) song_picker_state_get_type,
#ifdef __BLOCKS__
    (void (*) (void)) set_did_reload_data_block, (void (*) (void)) set_did_error_block,
    (void (*) (void)) set_did_update_navigation_title_block,
#endif
  };

  (void) api;
  (void) model;
  (void) cell;
  (void) enum_types;
  return (all[0] == NULL) + (int) code - VCT_ERROR_CANCELLED + (int) role - VCT_ROW_ROLE_FOOTER +
         (int) follow - VCT_FOLLOW_STATE_CHECKED;
}
EOF

# header_check NAME COMPILER FLAGS...: compiles the TU, vctable.h through -I. When that
# fails, retries with GLib's own headers as -isystem, and says so.
header_check() {
    local name=$1 compiler=$2
    shift 2
    local log=$logs/header-$name.log
    local -a strict=(-Wall -Wextra -Wpedantic -Werror)
    if "$compiler" "$@" "${strict[@]}" "${vct_cflags[@]}" -c "$hc" -o "$build/header-$name.o" >"$log" 2>&1; then
        pass "header: $name"
    elif "$compiler" "$@" "${strict[@]}" "-I$prefix/include" "${glib_isystem[@]}" "${glib_other[@]}" \
            -c "$hc" -o "$build/header-$name.o" >>"$log" 2>&1; then
        echo "note    header: $name: GLib's own headers trip -Wpedantic here, so they are -isystem (see $log)"
        pass "header: $name (GLib as -isystem)"
    else
        tail -n 30 "$log"
        fail "header: $name"
    fi
}

for std in c99 c11 c17; do
    header_check "gcc-$std" gcc -x c -std=$std
    header_check "clang-$std" "$CLANG" -x c -std=$std
done
header_check "clang-c11-fblocks" "$CLANG" -x c -std=c11 -fblocks
header_check "g++-c++17" g++ -x c++ -std=c++17

# clang++ needs the system libstdc++ headers: skip it, saying so, when it cannot find them.
printf '#include <string>\nint main () { return std::string ("x").size () == 1 ? 0 : 1; }\n' >"$build/cxx-probe.cc"
if "$CLANGXX" -std=c++17 -c "$build/cxx-probe.cc" -o "$build/cxx-probe.o" >"$logs/cxx-probe.log" 2>&1; then
    header_check "clang++-c++17" "$CLANGXX" -x c++ -std=c++17
else
    echo "note    $CLANGXX cannot compile C++17 against the system headers: the C++ check is g++'s alone"
fi

# Every declaration links against the installed library.
if run_logged "$logs/header-link.log" "$CC" -std=c11 -Wall -Wextra -Werror "$hc" -o "$build/header-check" \
        "${vct_cflags[@]}" "${vct_libs[@]}"; then
    pass "header: every declaration links"
else
    fail "header: every declaration links"
fi

# The headers behind vctable.h (GIO's layout): vctable.h includes every one of them;
# each alone stops at its guard, with the message that says what to include; each
# compiles alone inside the library (VCTABLE_COMPILATION), so it includes what it uses;
# vctable.h included twice compiles and leaves its guard macro undefined.
sub_headers=()
for h in "$prefix"/include/vctable/*.h; do
    [[ -e $h ]] && sub_headers+=("vctable/$(basename "$h")")
done
if [[ ${#sub_headers[@]} -eq 0 ]]; then
    fail "header: vctable.h includes every header in include/vctable/ (none installed)"
else
    not_included=()
    for h in "${sub_headers[@]}"; do
        grep -qE "^#include <$h>\$" "$prefix/include/vctable.h" || not_included+=("$h")
    done
    if [[ ${#not_included[@]} -eq 0 ]]; then
        pass "header: vctable.h includes every header in include/vctable/ (${#sub_headers[@]})"
    else
        echo "---- installed but not included by vctable.h: ${not_included[*]}"
        fail "header: vctable.h includes every header in include/vctable/"
    fi
fi

# header_alone NAME HEADER FLAGS...: compiles a TU that includes only HEADER; its output
# goes to $logs/header-alone-NAME.log.
header_alone() {
    local name=$1 header=$2
    shift 2
    printf '#include <%s>\nint main (void) { return 0; }\n' "$header" >"$build/alone-$name.c"
    gcc -x c -std=c99 -Wall -Wextra -Wpedantic -Werror "$@" "${vct_cflags[@]}" \
        -c "$build/alone-$name.c" -o "$build/alone-$name.o" >"$logs/header-alone-$name.log" 2>&1
}
refused=0
accepted=()
self_contained=0
not_self_contained=()
for h in "${sub_headers[@]}"; do
    name=$(basename "$h" .h)
    if ! header_alone "$name" "$h" &&
        grep -q 'Only <vctable.h> can be included directly' "$logs/header-alone-$name.log"; then
        refused=$((refused + 1))
    else
        accepted+=("$h")
    fi
    if header_alone "$name-internal" "$h" -DVCTABLE_COMPILATION; then
        self_contained=$((self_contained + 1))
    else
        tail -n 10 "$logs/header-alone-$name-internal.log"
        not_self_contained+=("$h")
    fi
done
if [[ ${#sub_headers[@]} -gt 0 && ${#accepted[@]} -eq 0 ]]; then
    pass "header: each of the $refused headers in include/vctable/ alone fails: \"Only <vctable.h> can be included directly.\""
else
    echo "---- included alone without that error: ${accepted[*]:-(no headers)}"
    fail "header: each header in include/vctable/ alone fails: \"Only <vctable.h> can be included directly.\""
fi
if [[ ${#sub_headers[@]} -gt 0 && ${#not_self_contained[@]} -eq 0 ]]; then
    pass "header: each of the $self_contained headers in include/vctable/ compiles alone with VCTABLE_COMPILATION"
else
    echo "---- do not compile alone with VCTABLE_COMPILATION: ${not_self_contained[*]:-(no headers)}"
    fail "header: each header in include/vctable/ compiles alone with VCTABLE_COMPILATION"
fi
cat >"$build/header-twice.c" <<'EOF2'
/* Generated by Tests/C/run.sh: the umbrella twice, then one of its headers (skipped by
 * its include guard, as GIO's are). */
#include <vctable.h>
#include <vctable.h>
#include <vctable/vct-api.h>
#ifdef __VCTABLE_H_INSIDE__
#error "vctable.h leaves __VCTABLE_H_INSIDE__ defined"
#endif
int main (void) { return VCT_TYPE_API == G_TYPE_INVALID; }
EOF2
if run_logged "$logs/header-twice.log" gcc -x c -std=c99 -Wall -Wextra -Wpedantic -Werror "${vct_cflags[@]}" \
        -c "$build/header-twice.c" -o "$build/header-twice.o"; then
    pass "header: <vctable.h> included twice (then <vctable/vct-api.h>) compiles"
else
    fail "header: <vctable.h> included twice (then <vctable/vct-api.h>) compiles"
fi

# ------------------------------------------------------------------ 2. symbols
symbols=$root/CInterop/vctable.symbols
nm -D --defined-only "$prefix/lib/libVCTable.so" | awk '{ print $NF }' | { grep -v '^\$s' || true; } |
    LC_ALL=C sort >"$build/exported.symbols"
if diff -u "$symbols" "$build/exported.symbols" >"$logs/symbols.diff"; then
    pass "symbols: the exports are CInterop/vctable.symbols"
else
    echo "---- exported symbols differ from CInterop/vctable.symbols (- listed, + exported):"
    cat "$logs/symbols.diff"
    fail "symbols: the exports are CInterop/vctable.symbols"
fi

# The functions vctable.h and the headers it includes declare (a declaration starts in
# column 0 with its type). G_DECLARE_*_TYPE (VctFoo, vct_foo, …) and
# G_DECLARE_INTERFACE (VctFoo, vct_foo, …) declare vct_foo_get_type ().
headers=("$prefix/include/vctable.h" "$prefix"/include/vctable/*.h)
{
    { grep -hoE '^[A-Za-z_][A-Za-z0-9_ *]*[ *]vct_[a-z0-9_]+ \(' "${headers[@]}" || true; } |
        { grep -oE 'vct_[a-z0-9_]+' || true; }
    { grep -hoE '^G_DECLARE_([A-Z]+_TYPE|INTERFACE) \([A-Za-z]+, vct_[a-z0-9_]+' "${headers[@]}" || true; } |
        { grep -oE 'vct_[a-z0-9_]+' || true; } | sed 's/$/_get_type/'
} | LC_ALL=C sort -u >"$build/header.functions"
{ grep '^vct_' "$symbols" || true; } | LC_ALL=C sort >"$build/listed.functions"
n_declared=$(wc -l <"$build/header.functions")
if [[ $n_declared -gt 0 ]] && diff -u "$build/header.functions" "$build/listed.functions" >"$logs/functions.diff"; then
    pass "symbols: the $n_declared functions vctable.h and its headers declare are the list's vct_* entries"
else
    echo "---- functions vctable.h and its headers declare (-) vs vct_* entries of CInterop/vctable.symbols (+):"
    cat "$logs/functions.diff" 2>/dev/null || true
    fail "symbols: the functions vctable.h and its headers declare are the list's vct_* entries"
fi

fi # steps 1-2
# ------------------------------------------------------------------ 3. build
programs=()
for src in "$here"/test-*.c; do
    name=$(basename "$src" .c)
    if [[ " ${C_TESTS_EXCLUDE:-} " == *" $name "* ]]; then
        echo "note    $name: left out (C_TESTS_EXCLUDE)"
        continue
    fi
    if run_logged "$logs/build-$name.log" "$CC" -std=c11 -Wall -Wextra -Werror -I"$here" \
            "$src" "$here/common/vct-test.c" -o "$build/$name" "${vct_cflags[@]}" "${vct_libs[@]}" -lpthread; then
        programs+=("$name")
    else
        fail "build: $name"
    fi
done
if run_logged "$logs/build-test-blocks.log" "$CLANG" -fblocks -std=c11 -Wall -Wextra -Werror -I"$here" \
        "$here/blocks/test-blocks.c" "$here/common/vct-test.c" -o "$build/test-blocks" \
        "${vct_cflags[@]}" "${vct_libs[@]}" -L"$SWIFT_LIB_DIR" -Wl,-rpath,"$SWIFT_LIB_DIR" -lBlocksRuntime -lpthread; then
    programs+=(test-blocks)
else
    fail "build: test-blocks"
fi
echo "built   ${programs[*]}"

if [[ $mode != only ]]; then # step 4: not under VALGRIND=only
# ------------------------------------------------------------------ 4. SONAME
soversion=$(sed -n 's/^SOVERSION *= *//p' "$root/Makefile")
version=$(sed -n 's/^VERSION *= *//p' "$root/Makefile")
libdir=$prefix/lib
soname=libVCTable.so.$soversion
file=libVCTable.so.$version
if [[ -z $soversion || -z $version ]]; then
    fail "library: SOVERSION and VERSION are read from the Makefile"
else
    recorded=$( { readelf -d "$libdir/$file" 2>/dev/null || true; } |
        sed -n 's/.*(SONAME) *Library soname: \[\(.*\)\]$/\1/p')
    if [[ -f $libdir/$file && ! -L $libdir/$file && $recorded == "$soname" ]]; then
        pass "library: lib/$file is a file, with SONAME $soname"
    else
        ls -l "$libdir"/libVCTable.so* 2>&1 || true
        echo "---- lib/$file: SONAME ${recorded:-(none)}"
        fail "library: lib/$file is a file, with SONAME $soname"
    fi
fi
if [[ -L $libdir/$soname && $(readlink "$libdir/$soname") == "$file" &&
    -L $libdir/libVCTable.so && $(readlink "$libdir/libVCTable.so") == "$soname" &&
    $(readlink -f "$libdir/libVCTable.so") == "$(readlink -f "$libdir/$file")" ]]; then
    pass "library: lib/$soname -> $file and lib/libVCTable.so -> $soname resolve"
else
    ls -l "$libdir"/libVCTable.so* 2>&1 || true
    fail "library: lib/$soname -> $file and lib/libVCTable.so -> $soname resolve"
fi
linked=("${programs[@]}")
[[ ! -x $build/header-check ]] || linked+=(header-check)
not_recorded=()
for name in "${linked[@]}"; do
    needed=$(readelf -d "$build/$name" 2>/dev/null | sed -n 's/.*(NEEDED) *Shared library: \[\(libVCTable[^]]*\)\].*/\1/p')
    [[ $needed == "$soname" ]] || not_recorded+=("$name (${needed:-no libVCTable})")
done
if [[ ${#programs[@]} -gt 0 && ${#not_recorded[@]} -eq 0 ]]; then
    pass "library: the ${#linked[@]} programs built through vctable.pc record NEEDED $soname"
else
    echo "---- programs that do not record NEEDED $soname: ${not_recorded[*]:-(none built)}"
    fail "library: the programs built through vctable.pc record NEEDED $soname"
fi
typelib=$libdir/girepository-1.0/Vct-1.0.typelib
if [[ ! -f $typelib ]]; then
    echo "note    library: no typelib installed (INTROSPECTION=no): its shared-library is not checked"
elif ! command -v g-ir-generate >/dev/null 2>&1; then
    fail "library: the typelib names $libdir/$soname (g-ir-generate not installed: apt-get install gobject-introspection)"
elif g-ir-generate "$typelib" >"$logs/typelib.gir" 2>&1 &&
    grep -qF "shared-library=\"$libdir/$soname\"" "$logs/typelib.gir"; then
    pass "library: the typelib names $libdir/$soname"
else
    grep -o 'shared-library="[^"]*"' "$logs/typelib.gir" || tail -n 5 "$logs/typelib.gir"
    fail "library: the typelib names $libdir/$soname"
fi

fi # step 4
# ------------------------------------------------------------------ 5. run
workdir=$(mktemp -d "${TMPDIR:-/tmp}/vctable-c-tests.XXXXXX")
trap 'rm -rf "$workdir"' EXIT
case "$workdir/" in
    "$root"/*) echo "run.sh: the work directory must be outside the repository" >&2; exit 1 ;;
esac
# The programs' temp files (and what a crashed one leaves behind) go there too.
mkdir -p "$workdir/tmp"
export TMPDIR="$workdir/tmp"

# run_program NAME LOG [WRAPPER... [-- ARGS...]]: runs build/NAME --tap ARGS from the
# work directory, under WRAPPER (env ..., valgrind ...); sets cases_passed,
# cases_failed and cases_skipped from its TAP output (a crash outside a reported case
# counts as one failure).
cases_passed=0
cases_failed=0
cases_skipped=0
run_program() {
    local name=$1 log=$2
    shift 2
    local -a wrapper=() extra=()
    local word seen=0
    for word in "$@"; do
        if [[ $seen == 0 && $word == -- ]]; then
            seen=1
        elif [[ $seen == 1 ]]; then
            extra+=("$word")
        else
            wrapper+=("$word")
        fi
    done
    local status=0
    (cd "$workdir" && "${wrapper[@]}" "$build/$name" --tap "${extra[@]}") >"$log" 2>&1 || status=$?
    local ok
    ok=$(grep -c '^ok [0-9]' "$log" || true)
    cases_skipped=$(grep -c '^ok [0-9].*# SKIP' "$log" || true)
    cases_passed=$((ok - cases_skipped))
    cases_failed=$(grep -c '^not ok [0-9]' "$log" || true)
    if [[ $status -ne 0 && $cases_failed -eq 0 ]]; then
        cases_failed=1 # crashed or aborted outside a reported case
    fi
    return $status
}

if [[ $mode != only ]]; then # step 5's runs: not under VALGRIND=only
for name in "${programs[@]}"; do
    log=$logs/$name.log
    if run_program "$name" "$log"; then
        passed=$((passed + cases_passed))
        skipped=""
        [[ $cases_skipped -eq 0 ]] || skipped=", $cases_skipped skipped"
        printf 'ok      run: %s (%s cases%s)\n' "$name" "$cases_passed" "$skipped"
    else
        passed=$((passed + cases_passed))
        failed=$((failed + cases_failed))
        show_log "$log"
        failures+=("run: $name ($cases_failed failed; $log)")
        printf 'FAILED  run: %s (%s passed, %s failed)\n' "$name" "$cases_passed" "$cases_failed"
    fi
done

# The fixture is in the library actually loaded: /factory/relocated-prefix runs against
# a copy of the prefix's lib/ alone (no share/) moved into the work directory, loaded
# through LD_LIBRARY_PATH (it wins over the program's RUNPATH): it must still get the
# 5000 records and their resource:// images, which the library carries in its GResource
# (share/vctable/ holds copies of the JSON documents for people; the library reads none).
if [[ " ${programs[*]} " == *" test-factory "* ]]; then
    relocated=$workdir/relocated-prefix
    mkdir -p "$relocated"
    cp -R "$prefix/lib" "$relocated/"
    log=$logs/test-factory.relocated.log
    what="run: test-factory /factory/relocated-prefix (the fixture inside the moved library)"
    if run_program test-factory "$log" env LD_LIBRARY_PATH="$relocated/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" \
            VCT_TEST_RELOCATED=1 -- -p /factory/relocated-prefix &&
        [[ $cases_passed -eq 1 ]]; then
        pass "$what"
    else
        show_log "$log"
        fail "$what"
    fi
fi

fi # step 5
# ------------------------------------------------------------------ 6. valgrind
# valgrind_program NAME: build/NAME under memcheck; its log in LOG/NAME.valgrind.log and
# "STATUS PASSED FAILED" in LOG/NAME.valgrind.result (so several can run at once).
valgrind_program() {
    local name=$1 status=0
    run_program "$name" "$logs/$name.valgrind.log" env G_SLICE=always-malloc G_DEBUG=gc-friendly VCT_TEST_UNDER_VALGRIND=1 \
        valgrind -q --error-exitcode=1 --leak-check=full --errors-for-leak-kinds=definite \
        --show-leak-kinds=definite --trace-children=yes --num-callers=30 \
        --suppressions="$here/valgrind.supp" || status=$?
    echo "$status $cases_passed $cases_failed" >"$logs/$name.valgrind.result"
}
if [[ $mode == 0 ]]; then
    fail "valgrind: skipped (VALGRIND=0)"
elif [[ $mode == later ]]; then
    echo "note    valgrind: left to \`make test-valgrind\` (VALGRIND=later)"
elif ! command -v valgrind >/dev/null 2>&1; then
    fail "valgrind: not installed (apt-get install valgrind)"
else
    jobs_max=1
    [[ $mode != only ]] || jobs_max=${VALGRIND_JOBS:-$(nproc)}
    for name in "${programs[@]}"; do
        while [[ $(jobs -rp | wc -l) -ge $jobs_max ]]; do wait -n || true; done
        valgrind_program "$name" &
    done
    wait
    for name in "${programs[@]}"; do
        log=$logs/$name.valgrind.log
        read -r status cases_passed cases_failed <"$logs/$name.valgrind.result"
        if [[ $status -eq 0 ]]; then
            pass "valgrind: $name ($cases_passed cases)"
        else
            show_log "$log"
            fail "valgrind: $name ($log)"
        fi
    done
fi

# ------------------------------------------------------------------ 7. summary
if [[ $failed -ne 0 ]]; then
    echo "failures:"
    printf '  %s\n' "${failures[@]}"
    echo "logs: $logs"
fi
runner=C-tests
[[ $mode != only ]] || runner=C-valgrind
echo "$runner: $passed passed, $failed failed"
[[ $failed -eq 0 ]]
