# Benchmarks: Benchmarks/ is a separate Swift package (the library stays dependency-free),
# built in its own folder, Benchmarks/.build. See BENCHMARKS.md.
#
#   make bench          release build, then the ratio tables and the targets (about 1.5 min;
#                       not part of `make test`). BENCH_ARGS picks sections or options:
#                       make bench BENCH_ARGS="reload --reps 11"
#   make bench-build    compiles the benchmarks (debug: faster than release from clean);
#                       `make test` runs it so that they cannot rot.
#   make bench-quick    bench-build, then `vctable-bench --quick` on that debug build: every
#                       section run to its end with smaller sizes and fewer repetitions
#                       (11-17 s warm on 2 shared cores), so that a crash in any section fails CI.
#                       Its figures mean nothing (debug build). Counts the sections that
#                       printed their end marker and ends with
#                       `bench-quick: N passed, M failed`; exits non-zero if the program
#                       fails, crashes or outlives BENCH_QUICK_TIMEOUT seconds.

BENCH_SCRATCH = $(CURDIR)/Benchmarks/.build
BENCH_BUILD   = $(SWIFT) build --package-path Benchmarks --scratch-path $(BENCH_SCRATCH) --product vctable-bench
BENCH_ARGS   ?=
BENCH_QUICK_TIMEOUT ?= 300

.PHONY: bench bench-build bench-quick crossings

bench: deps
	$(BENCH_BUILD) -c release
	@scripts/bench-machine.sh "$(SWIFT)"
	$(BENCH_SCRATCH)/release/vctable-bench $(BENCH_ARGS)

bench-build: deps
	$(BENCH_BUILD) -c debug

# Markers printed by vctable-bench: `vctable-bench: section I/N NAME: start`, then
# `vctable-bench: section I/N NAME: done in T` when the section has run to its end.
bench-quick: bench-build
	@log=$$(mktemp); trap 'rm -f "$$log" "$$log.status"' EXIT; \
	{ timeout $(BENCH_QUICK_TIMEOUT) $(BENCH_SCRATCH)/debug/vctable-bench --quick; echo $$? > "$$log.status"; } 2>&1 | tee "$$log"; \
	status=$$(cat "$$log.status"); \
	total=$$(sed -n 's|^vctable-bench: section [0-9]*/\([0-9]*\) [a-z]*: start$$|\1|p' "$$log" | head -n 1); \
	passed=$$(grep -c '^vctable-bench: section [0-9]*/[0-9]* [a-z]*: done in ' "$$log"); \
	if [ "$$status" = 0 ] && [ -n "$$total" ] && [ "$$passed" -eq "$$total" ]; then \
	    echo "bench-quick: $$passed passed, 0 failed"; \
	else \
	    failed=$$(( $${total:-0} - passed )); [ "$$failed" -ge 1 ] || failed=1; \
	    last=$$(sed -n 's|^vctable-bench: section \([0-9]*/[0-9]* [a-z]*\): start$$|\1|p' "$$log" | tail -n 1); \
	    case "$$status" in \
	        0) why="exited 0 without finishing every section" ;; \
	        124) why="timed out after $(BENCH_QUICK_TIMEOUT) s" ;; \
	        1[3-9][0-9]) why="killed by SIG$$(kill -l $$((status - 128))) (status $$status)" ;; \
	        *) why="exited with status $$status" ;; \
	    esac; \
	    echo "bench-quick: vctable-bench --quick $$why; last section started: $${last:-none}"; \
	    echo "bench-quick: $$passed passed, $$failed failed"; \
	    exit 1; \
	fi

# make crossings: the calls between the C half and the Swift core that one reload of a
# VctTableModel costs (ARCHITECTURE.md, "Counting the crossings"): Benchmarks/crossings/
# reload-crossings.c under callgrind, counted by scripts/count-crossings.py, first with
# nothing listening to the list, then with a consumer that holds 30 rows as a view does;
# either crossing more than once each way fails (issue 33's bound).
crossings: stage
	@mkdir -p build/crossings
	$(CC) $(DEMO_CFLAGS) -o build/crossings/reload-crossings Benchmarks/crossings/reload-crossings.c \
	    $$($(PKG) --cflags --libs vctable)
	@for mode in "" --consumer; do \
	    rm -f build/crossings/callgrind.out*; \
	    valgrind --tool=callgrind --dump-before=measured_reload --dump-after=measured_reload \
	        --callgrind-out-file=build/crossings/callgrind.out build/crossings/reload-crossings $$mode 2>/dev/null \
	        || exit 1; \
	    python3 scripts/count-crossings.py --at-most 1 build/crossings/callgrind.out.2 || exit 1; \
	done

# The loaded cost of the library (issue 33): Benchmarks/rss/, two C programs, one that makes
# one VctTableModel and one with a GListStore of GObjects (GLib alone), each also with
# --reload (the bundled fixture's 5000 photos; as many objects for GLib). Built against
# the release library, staged as `make run` stages it (RUN_VARS); prints each one's peak
# RSS (VmHWM, which the programs read themselves), the ratio, and the shared libraries
# mapped (Foundation's among them). Not part of `make test`.
.PHONY: bench-rss bench-rss-run bench-rss-build

bench-rss: deps
	@$(MAKE) --no-print-directory $(RUN_VARS) bench-rss-run

bench-rss-build: stage
	@mkdir -p build
	$(CC) $(DEMO_CFLAGS) -o build/rss-one-model Benchmarks/rss/rss-one-model.c $$($(PKG) --cflags --libs vctable)
	$(CC) $(DEMO_CFLAGS) -o build/rss-gliststore Benchmarks/rss/rss-gliststore.c $$(pkg-config --cflags --libs gio-2.0)

bench-rss-run: bench-rss-build
	Benchmarks/rss/run.sh build

# The release library's function order (Benchmarks/rss/libVCTable.order), from a callgrind
# run of rss-one-model; the library is removed so that the next release build (`make
# bench-rss`) links it again with the new order (SwiftPM does not track the file).
.PHONY: bench-rss-order
bench-rss-order: deps
	@$(MAKE) --no-print-directory $(RUN_VARS) bench-rss-build
	Benchmarks/rss/order.sh build/rss-one-model
	rm -f $$($(SWIFT) build -c $(INSTALL_CONFIG) --show-bin-path)/libVCTable.so
