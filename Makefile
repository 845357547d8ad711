# VCTable: `make run` shows the photo list, `make test` runs every test.
# Both install missing Debian packages first (apt-get, as root) or say what to install.

SWIFT     ?= swift
PREFIX    ?= /usr/local
CONFIG    ?= debug
SWIFTFLAGS ?=

VERSION   = 0.1.0
BIN_DIR   = $(shell $(SWIFT) build -c $(CONFIG) --show-bin-path 2>/dev/null)
# Where `make test` installs the library for the C tests (a throwaway prefix).
TEST_PREFIX = $(CURDIR)/build/prefix

.PHONY: all deps build run test swift-test c-test install clean

all: build

deps:
	@scripts/ensure-deps.sh valgrind python3

build: deps
	$(SWIFT) build -c $(CONFIG) $(SWIFTFLAGS)

run: deps
	$(SWIFT) build -c $(CONFIG) $(SWIFTFLAGS) --product vctable-run
	$(BIN_DIR)/vctable-run

test: swift-test c-test

swift-test: deps
	$(SWIFT) build -c $(CONFIG) $(SWIFTFLAGS) --build-tests
	$(SWIFT) test -c $(CONFIG) $(SWIFTFLAGS) --skip-build

# Installs libVCTable.so (its RUNPATH already names the Swift runtime), vctable.h,
# vctable.pc and the bundled fixture, so `pkg-config --cflags --libs vctable` works.
install: deps
	$(SWIFT) build -c $(CONFIG) $(SWIFTFLAGS) --product VCTable
	install -d $(DESTDIR)$(PREFIX)/lib/pkgconfig $(DESTDIR)$(PREFIX)/include $(DESTDIR)$(PREFIX)/share/vctable
	install -m 755 $(BIN_DIR)/libVCTable.so $(DESTDIR)$(PREFIX)/lib/libVCTable.so
	install -m 644 CInterop/include/vctable.h $(DESTDIR)$(PREFIX)/include/vctable.h
	install -m 644 Sources/VCTable/Resources/photos.json $(DESTDIR)$(PREFIX)/share/vctable/photos.json
	sed -e 's|@PREFIX@|$(PREFIX)|g' -e 's|@VERSION@|$(VERSION)|g' CInterop/vctable.pc.in \
	    > $(DESTDIR)$(PREFIX)/lib/pkgconfig/vctable.pc

# The C API tests: GTest programs built through the installed vctable.pc, the header
# compiled in every language mode, the exported-symbol list, then valgrind.
c-test: deps
	rm -rf $(TEST_PREFIX)
	$(MAKE) --no-print-directory install PREFIX=$(TEST_PREFIX)
	Tests/C/run.sh $(TEST_PREFIX)

clean:
	$(SWIFT) package clean
	rm -rf build _install
