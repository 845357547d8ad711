# VCTable: `make run` shows the photo list, `make test` runs every test.
# Both install missing Debian packages first (apt-get, as root) or say what to install.

SWIFT     ?= swift
PREFIX    ?= /usr/local
CONFIG    ?= debug
SWIFTFLAGS ?=

BIN_DIR   = $(shell $(SWIFT) build -c $(CONFIG) --show-bin-path 2>/dev/null)

.PHONY: all deps build run test swift-test clean

all: build

deps:
	@scripts/ensure-deps.sh valgrind python3

build: deps
	$(SWIFT) build -c $(CONFIG) $(SWIFTFLAGS)

run: deps
	$(SWIFT) build -c $(CONFIG) $(SWIFTFLAGS) --product vctable-run
	$(BIN_DIR)/vctable-run

test: swift-test

swift-test: deps
	$(SWIFT) build -c $(CONFIG) $(SWIFTFLAGS) --build-tests
	$(SWIFT) test -c $(CONFIG) $(SWIFTFLAGS) --skip-build

clean:
	$(SWIFT) package clean
	rm -rf build _install
