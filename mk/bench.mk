# Benchmarks: Benchmarks/ is a separate Swift package (the library stays dependency-free),
# built in its own folder, Benchmarks/.build. See BENCHMARKS.md.
#
#   make bench          release build, then the ratio tables and the targets (about 1.5 min;
#                       not part of `make test`). BENCH_ARGS picks sections or options:
#                       make bench BENCH_ARGS="reload --reps 11"
#   make bench-build    compiles the benchmarks (debug: faster than release from clean);
#                       `make test` runs it so that they cannot rot.

BENCH_SCRATCH = $(CURDIR)/Benchmarks/.build
BENCH_BUILD   = $(SWIFT) build --package-path Benchmarks --scratch-path $(BENCH_SCRATCH) --product vctable-bench
BENCH_ARGS   ?=

.PHONY: bench bench-build

bench: deps
	$(BENCH_BUILD) -c release
	@scripts/bench-machine.sh "$(SWIFT)"
	$(BENCH_SCRATCH)/release/vctable-bench $(BENCH_ARGS)

bench-build: deps
	$(BENCH_BUILD) -c debug
