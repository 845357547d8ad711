# VCTable: `make run` shows the photo list, `make test` runs every test.
# Both install missing Debian packages first (apt-get, as root) or say what to install.

SWIFT     ?= swift
PREFIX    ?= /usr/local
# The Swift build configuration of `make build`, `make stage` and the tests: debug.
# `make install` and `make run` build INSTALL_CONFIG instead: optimized, and the installed
# libVCTable.so does not link libswiftSwiftOnoneSupport.so.
CONFIG    ?= debug
INSTALL_CONFIG ?= release
SWIFTFLAGS ?=

VERSION   = 0.1.0
# The ABI version: the installed library's SONAME is libVCTable.so.$(SOVERSION), which a
# program linked against it records (NEEDED) and asks the loader for. Bump it on every ABI
# break (an exported function removed or its signature changed, a public type's layout or a
# signal's signature changed); adding functions or a release without a break keeps it.
# The file itself is named after the release, as Meson names it: libVCTable.so.$(VERSION).
SOVERSION = 0
LIBRARY_SONAME = libVCTable.so.$(SOVERSION)
LIBRARY_FILE   = libVCTable.so.$(VERSION)
BIN_DIR   = $(shell $(SWIFT) build -c $(CONFIG) $(SWIFTFLAGS) --show-bin-path 2>/dev/null)
# Where `make` stages an install for the C tests and the demo (a throwaway prefix).
STAGE     = $(CURDIR)/build/prefix
# Where `make run` stages the INSTALL_CONFIG library its programs link.
RUN_STAGE = $(CURDIR)/build/prefix-release
CC        ?= cc
CFLAGS    ?= -O2 -g
DEMO_CFLAGS = -std=c11 -Wall -Wextra -Werror $(CFLAGS)
PKG       = PKG_CONFIG_PATH=$(STAGE)/lib/pkgconfig pkg-config

.PHONY: all deps build run test lint swift-test swift-test-build swift-test-run c-test c-test-run demo demo-test demo-test-run \
        examples examples-build examples-run stage install install-lib install-programs clean

all: build

deps:
	@scripts/ensure-deps.sh valgrind python3 tmux ncurses gresource

build: deps
	$(SWIFT) build -c $(CONFIG) $(SWIFTFLAGS)

# The demo: interactive on a terminal, scriptable otherwise (see `vctable-demo --help`).
# The interactive list on a terminal; without one, the title and the first rows (--once).
# With a display (WAYLAND_DISPLAY or DISPLAY) the GTK4 window (vctable-gtk, mk/gtk.mk);
# otherwise the terminal list, or its title and first rows (--once) without a terminal.
# Both are built as `demo` and `gtk-app` build them, but against the release library that
# `make install` installs, staged in RUN_STAGE (without the GIR, which they do not use).
RUN_VARS = STAGE=$(RUN_STAGE) CONFIG=$(INSTALL_CONFIG) INTROSPECTION=no
run: deps
	@$(MAKE) --no-print-directory $(RUN_VARS) demo
	@if [ -n "$$WAYLAND_DISPLAY$$DISPLAY" ]; then \
	    $(MAKE) --no-print-directory $(RUN_VARS) gtk-app && build/vctable-gtk $(ARGS); \
	elif [ -t 0 ] && [ -t 1 ]; then build/vctable-demo $(ARGS); \
	else build/vctable-demo --once $(ARGS); fi

# `make test`: every suite, in three steps, the slow-by-nature runs left to `make test-long`
# (valgrind over every program, the benchmarks' quick runs), which CI runs beside it:
#   1. lint (seconds);
#   2. test-build: one build of what the suites run, one step at a time (they share .build):
#      the Swift tests, the staged library with its GIR and typelib, vctable-demo, the examples;
#   3. the suites, TEST_JOBS at a time (default: one per core), each one's output printed
#      whole when it ends (make's --output-sync), then "time: SUITE took N s"; every suite
#      runs even when one fails. `make test` then says how long it took.
# Tests/C's test-longevity, which times its operations, is left to `make soak` (full size,
# alone: CI's reliability-ci) and `make test-valgrind`: two suites at once on two cores make
# its first tenth and its last run under different loads.
TEST_JOBS ?= $(shell nproc)
# Longest first, so the last to start is a short one. The GTK suites share one job: each
# starts Xvfb servers (xvfb-run -a), which pick their display numbers racily.
TEST_SUITES = swift-test-run c-test-run gtk-suites-run demo-test-run gi-test-run docs-run examples-run
test: deps
	@start=$$(date +%s); status=0; \
	$(MAKE) --no-print-directory lint && $(MAKE) --no-print-directory test-build || status=$$?; \
	echo "time: lint and test-build took $$(( $$(date +%s) - start )) s"; \
	[ $$status = 0 ] && $(MAKE) --no-print-directory -k -j$(TEST_JOBS) --output-sync=target \
	    VALGRIND=later C_TESTS_EXCLUDE=test-longevity BIN_DIR="$(BIN_DIR)" $(addprefix timed-,$(TEST_SUITES)) || status=1; \
	echo "time: make test took $$(( $$(date +%s) - start )) s"; \
	exit $$status

test-build: deps swift-test-build stage demo examples-build gi-test-deps gtk-deps docs-deps

# timed-SUITE: runs `make SUITE` and says how long it took (kept with its output).
timed-%:
	@start=$$(date +%s); status=0; $(MAKE) --no-print-directory $* || status=$$?; \
	echo "time: $* took $$(( $$(date +%s) - start )) s"; exit $$status

# What CI runs beside `make test` (.ci/run): slow by nature, and what `make test` leaves out.
#   test-valgrind   the C tests, the demo's scripted sessions and vctable-gtk's window under
#                   valgrind (memcheck: 0 errors, nothing definitely lost), each program once;
#   bench-quick, bench-gtk-quick   every benchmark section run to its end on small sizes;
#   crossings       one reload's calls between the C half and the Swift core (callgrind).
.PHONY: test-build test-long test-valgrind
test-long: test-valgrind bench-quick bench-gtk-quick crossings

test-valgrind: stage demo gtk-deps
	@status=0; \
	VALGRIND=only Tests/C/run.sh $(STAGE) || status=1; \
	VALGRIND=only Tests/Demo/run.sh build/vctable-demo || status=1; \
	VALGRIND=only Tests/GtkApp/run.sh $(STAGE) || status=1; \
	exit $$status

# Source checks that the compiler does not make: no lock holds a bare function value
# (swiftlang/swift#91348: one reabstraction thunk per withLock; scripts/check-lock-closures.py),
# no Swift string reaches a C function that keeps the pointer (scripts/check-static-strings.sh),
# and the fixtures' images and the GResource manifest the build compiles into the library
# (Sources/VCTable/Resources/vctable.gresource.xml) are what scripts/make-fixture-images.py
# draws and writes (regenerated into a temp dir and compared), every resource:// URI of the
# fixtures naming a file of the manifest.
lint:
	@python3 scripts/check-lock-closures.py
	@scripts/check-static-strings.sh
	@scripts/ensure-deps.sh python3
	@python3 scripts/make-fixture-images.py --check

# The Swift tests take under a minute; a run past SWIFT_TEST_TIMEOUT seconds is a hang
# (RELIABILITY.md, P5) and is stopped, failing, rather than holding CI for all its time.
SWIFT_TEST_TIMEOUT ?= 1200
# Each suite is SUITE (build what it needs, then run it) and SUITE-run (run it on what is
# built: what `make test` runs in parallel once test-build is done).
swift-test: swift-test-build
	@$(MAKE) --no-print-directory swift-test-run

swift-test-build: deps
	$(SWIFT) build -c $(CONFIG) $(SWIFTFLAGS) --build-tests

swift-test-run:
	timeout -k 30 $(SWIFT_TEST_TIMEOUT) $(SWIFT) test -c $(CONFIG) $(SWIFTFLAGS) --skip-build

# Installs the library as distributions ship one: the file lib/libVCTable.so.$(VERSION),
# linked with SONAME libVCTable.so.$(SOVERSION) (its RUNPATH already names the Swift
# runtime); the symlink lib/libVCTable.so.$(SOVERSION) to it (the name programs record and
# the loader looks for) and the development symlink lib/libVCTable.so to that (the file
# `-lVCTable` finds). Only this build gets the SONAME: SwiftPM's own builds (`make build`,
# `make swift-test`) leave .build/<config>/libVCTable.so without one, as a package that
# depends on the VCTable product (Benchmarks/ is one) builds it in its .build: its
# executables record the name the library carries, and SwiftPM makes no libVCTable.so.0.
# (This package's own executables and tests link the targets statically.) The -Xlinker
# flag on the command line changes only the library's link step: switching between this
# build and theirs relinks libVCTable.so (about a second in debug) and compiles nothing.
# What an earlier install left goes first: the two names (a plain libVCTable.so from
# before the SONAME, too) and the file the SONAME link named, which this one replaces
# (files of another SOVERSION stay: programs built against them still need them).
# Then vctable.h and the headers it includes (include/vctable/, one per type; GIO's
# layout) and vctable.pc, so `pkg-config --cflags --libs vctable` works, and copies of
# the bundled fixtures' JSON documents in share/vctable/ (for people and scripts: the
# library reads its own, compiled into it as a GResource); then the GIR and the typelib
# (mk/gir.mk). The vct-*.h an earlier install left there go first, so a header since
# removed does not linger.
# `make install` also builds and installs the programs (install-programs: vctable-demo,
# vctable-gtk and its .desktop file) against the library it just installed; `make stage`
# and the sanitizer builds install the library alone (install-lib), in CONFIG.
# `make install` builds the library in INSTALL_CONFIG (release; INSTALL_CONFIG=debug for a
# debug install). A library that needs Foundation (a NEEDED entry, or an undefined Foundation
# symbol: nothing in it imports Foundation, which brings ICU) stops the install.
install install-programs: CONFIG = $(INSTALL_CONFIG)
install: install-lib install-programs

install-lib: deps
	$(SWIFT) build -c $(CONFIG) $(SWIFTFLAGS) --product VCTable -Xlinker -soname=$(LIBRARY_SONAME)
	@if readelf -d $(BIN_DIR)/libVCTable.so | grep -Eq 'NEEDED.*\[lib_?Foundation(|Internationalization|ICU|Networking)\.so' \
	    || nm -D --undefined-only $(BIN_DIR)/libVCTable.so | grep -q '10Foundation'; then \
	    echo "install-lib: libVCTable.so uses Foundation (ARCHITECTURE.md, Imports: FoundationEssentials only)" >&2; exit 1; fi
	install -d $(DESTDIR)$(PREFIX)/lib/pkgconfig $(DESTDIR)$(PREFIX)/include $(DESTDIR)$(PREFIX)/share/vctable
	cd $(DESTDIR)$(PREFIX)/lib && old=$$(readlink $(LIBRARY_SONAME) 2>/dev/null || true) && \
	    case "$$old" in libVCTable.so.*) rm -f "$$old" ;; esac && rm -f libVCTable.so $(LIBRARY_SONAME)
	install -m 755 $(BIN_DIR)/libVCTable.so $(DESTDIR)$(PREFIX)/lib/$(LIBRARY_FILE)
	ln -s $(LIBRARY_FILE) $(DESTDIR)$(PREFIX)/lib/$(LIBRARY_SONAME)
	ln -s $(LIBRARY_SONAME) $(DESTDIR)$(PREFIX)/lib/libVCTable.so
	install -m 644 CInterop/include/vctable.h $(DESTDIR)$(PREFIX)/include/vctable.h
	install -d $(DESTDIR)$(PREFIX)/include/vctable
	rm -f $(DESTDIR)$(PREFIX)/include/vctable/vct-*.h
	install -m 644 CInterop/include/vctable/*.h $(DESTDIR)$(PREFIX)/include/vctable/
	install -m 644 Sources/VCTable/Resources/photos.json Sources/VCTable/Resources/feeds.json \
	    Sources/VCTable/Resources/songs.json $(DESTDIR)$(PREFIX)/share/vctable/
	sed -e 's|@PREFIX@|$(PREFIX)|g' -e 's|@VERSION@|$(VERSION)|g' CInterop/vctable.pc.in \
	    > $(DESTDIR)$(PREFIX)/lib/pkgconfig/vctable.pc
	$(MAKE) --no-print-directory gir-install PREFIX=$(PREFIX) DESTDIR=$(DESTDIR) INTROSPECTION=$(INTROSPECTION)

# The programs, built against the library install-lib just put in $(DESTDIR)$(PREFIX)
# and run from $(PREFIX)/lib (their RUNPATH).
# (vctable.pc's flags, spelled out: it names $(PREFIX), which is not there yet with a DESTDIR.)
INSTALLED_VCTABLE = -I$(DESTDIR)$(PREFIX)/include -L$(DESTDIR)$(PREFIX)/lib -lVCTable $$(pkg-config --cflags --libs gio-2.0)
install-programs: install-lib gtk-deps
	@mkdir -p build/install-programs
	$(CC) $(DEMO_CFLAGS) -o build/install-programs/vctable-demo Demo/*.c -Wl,-rpath,$(PREFIX)/lib \
	    $(INSTALLED_VCTABLE) $$(pkg-config --cflags --libs ncursesw 2>/dev/null || echo -lncursesw)
	$(CC) $(DEMO_CFLAGS) -o build/install-programs/vctable-gtk Gtk/*.c Demo/size-option.c -Wl,-rpath,$(PREFIX)/lib \
	    $(INSTALLED_VCTABLE) $$(pkg-config --cflags --libs gtk4)
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/applications
	install -m 755 build/install-programs/vctable-demo build/install-programs/vctable-gtk $(DESTDIR)$(PREFIX)/bin/
	install -m 644 Gtk/vctable-gtk.desktop $(DESTDIR)$(PREFIX)/share/applications/vctable-gtk.desktop

stage: deps
	$(MAKE) --no-print-directory install-lib PREFIX=$(STAGE)

# The C API tests: GTest programs built through the installed vctable.pc, the header
# compiled in every language mode, the exported-symbol list, then valgrind.
# VALGRIND=later (what `make test` passes) leaves the valgrind runs to `make test-valgrind`.
c-test: stage
	@$(MAKE) --no-print-directory c-test-run

c-test-run:
	Tests/C/run.sh $(STAGE)

# vctable-demo: a C program that uses only vctable.h, linked like any GLib library.
demo: stage
	@mkdir -p build
	$(CC) $(DEMO_CFLAGS) -o build/vctable-demo Demo/*.c \
	    $$($(PKG) --cflags --libs vctable) $$(pkg-config --cflags --libs ncursesw 2>/dev/null || echo -lncursesw)

demo-test: demo
	@$(MAKE) --no-print-directory demo-test-run

demo-test-run:
	Tests/Demo/run.sh build/vctable-demo

# The README's examples, built and run so they cannot rot.
# The Vala one through the staged vctable.vapi (mk/gir.mk): valac's own warnings are errors;
# the C it generates is valac's, not ours, so cc compiles it with CFLAGS and -w.
VALA_CFLAGS = $(addprefix -X ,$(CFLAGS) -w)
examples: examples-build
	@$(MAKE) --no-print-directory examples-run

examples-build: stage
	@mkdir -p build
	$(CC) $(DEMO_CFLAGS) -o build/list-photos Examples/list-photos.c $$($(PKG) --cflags --libs vctable)
	$(CC) $(DEMO_CFLAGS) -o build/list-photos-gobject Examples/list-photos-gobject.c $$($(PKG) --cflags --libs vctable)
	$(SWIFT) build -c $(CONFIG) $(SWIFTFLAGS) --product list-photos
	@scripts/ensure-deps.sh vala
	PKG_CONFIG_PATH=$(STAGE)/lib/pkgconfig valac --fatal-warnings --cc=$(CC) $(VALA_CFLAGS) \
	    --vapidir=$(STAGE)/share/vala/vapi --pkg=vctable -b Examples -d build -o list-photos-vala Examples/list-photos.vala

examples-run:
	cd / && env -u VCTABLE_PHOTOS_URL $(CURDIR)/build/list-photos | grep -q '^Entry ID: 5 '
	cd / && env -u VCTABLE_PHOTOS_URL $(CURDIR)/build/list-photos-gobject | grep -q '^Entry ID: 5 '
	cd / && env -u VCTABLE_PHOTOS_URL $(BIN_DIR)/list-photos | grep -q '^Entry ID: 5 '
	cd / && env -u VCTABLE_PHOTOS_URL $(CURDIR)/build/list-photos-vala | grep -q '^Entry ID: 5 '
	python3 scripts/check-readme-examples.py README.md Examples/list-photos.c \
	    Examples/list-photos-gobject.c Examples/list-photos.py Examples/list-photos-swift/main.swift \
	    Examples/list-photos.vala
	@echo "examples: 5 passed, 0 failed"

# Area fragments: benchmarks, reliability, … (see mk/README).
-include mk/*.mk

clean:
	$(SWIFT) package clean
	rm -rf build _install
