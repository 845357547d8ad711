# mk/reliability.mk: proof that bad input, faults and load lose nothing and crash nothing
# (RELIABILITY.md). Included by the top-level Makefile.
#
#   make sanitize                Swift tests and C tests under AddressSanitizer (+ LeakSanitizer)
#                                and ThreadSanitizer: zero reports
#   make fuzz [FUZZ_SECONDS=60]  the four libFuzzer targets, FUZZ_SECONDS each
#   make soak [SOAK_CYCLES=10000] [SOAK_THREADS_SECONDS=10] [LONGEVITY_OPS=1000000]
#                                [LONGEVITY_ROUNDS=200000] [TRANSFER_ROUNDS=2000]
#                                test-soak at full size against the staged library, then
#                                test-transfers (superseded HTTP transfers), then the
#                                longevity tests at full size: the Swift suite (10^6 operations
#                                per long-lived object) and Tests/C/test-longevity.c
#   make reliability-ci          what CI runs after `make test` and `make test-long`: sanitize, fuzz 60 s each, soak
#
# (A reduced soak, the reentrancy matrix and the C fault matrix are Tests/C/test-*.c, run by
# `make test` like every C test; the Swift fault matrix is Tests/VCTableTests/Reliability.)

FUZZ_SECONDS ?= 60
SOAK_CYCLES ?= 10000
SOAK_THREADS_SECONDS ?= 10
LONGEVITY_OPS ?= 1000000
LONGEVITY_ROUNDS ?= 200000
TRANSFER_ROUNDS ?= 2000
SANITIZE_PREFIX = $(CURDIR)/build/sanitize-prefix

.PHONY: sanitize sanitize-asan sanitize-tsan sanitize-swift-asan sanitize-swift-tsan \
        sanitize-c-asan sanitize-c-tsan fuzz soak reliability-ci

sanitize: sanitize-asan sanitize-tsan
	@echo "sanitize: ok"

sanitize-asan: sanitize-swift-asan sanitize-c-asan
sanitize-tsan: sanitize-swift-tsan sanitize-c-tsan

sanitize-swift-asan: deps
	Tests/sanitizers/run-swift-tests.sh address

sanitize-swift-tsan: deps
	Tests/sanitizers/run-swift-tests.sh thread

# The sanitized libVCTable.so installed into its own prefix. BIN_DIR is given here because
# the Makefile's BIN_DIR does not pass SWIFTFLAGS to --show-bin-path (it would name .build).
sanitize-c-asan: deps
	$(MAKE) --no-print-directory install-lib PREFIX=$(SANITIZE_PREFIX)-asan CONFIG=debug INTROSPECTION=no \
	    SWIFTFLAGS="--sanitize=address --scratch-path .build-asan" BIN_DIR=$(CURDIR)/.build-asan/debug
	Tests/sanitizers/run-c-tests.sh address $(SANITIZE_PREFIX)-asan

sanitize-c-tsan: deps
	$(MAKE) --no-print-directory install-lib PREFIX=$(SANITIZE_PREFIX)-tsan CONFIG=debug INTROSPECTION=no \
	    SWIFTFLAGS="--sanitize=thread --scratch-path .build-tsan" BIN_DIR=$(CURDIR)/.build-tsan/debug
	Tests/sanitizers/run-c-tests.sh thread $(SANITIZE_PREFIX)-tsan

fuzz: deps
	Fuzz/run.sh $(FUZZ_SECONDS)

# test-soak at full size: 10 000 reload cycles (RSS first/last printed), then the 8-thread storm;
# then the longevity tests at full size (RELIABILITY.md, "Longevity"): every long-lived object
# through 10^6 operations (Swift) and the C bindings through LONGEVITY_ROUNDS rounds, each
# asserting a flat time per operation, a flat RSS and a clean release.
soak: stage
	@mkdir -p build/soak
	$(CC) -std=c11 -Wall -Wextra -Werror $(CFLAGS) -ITests/C -o build/soak/test-soak Tests/C/test-soak.c \
	    Tests/C/common/vct-test.c $$($(PKG) --cflags --libs vctable) -lpthread
	cd build/soak && env -u VCTABLE_PHOTOS_URL VCT_SOAK_CYCLES=$(SOAK_CYCLES) \
	    VCT_THREADS_SECONDS=$(SOAK_THREADS_SECONDS) ./test-soak --tap | tee soak.log
	@grep -q '^ok 2 ' build/soak/soak.log && ! grep -q '^not ok' build/soak/soak.log
	@echo "soak: $$(grep -c '^ok ' build/soak/soak.log) passed, 0 failed"
	$(CC) -std=c11 -Wall -Wextra -Werror $(CFLAGS) -ITests/C -o build/soak/test-transfers Tests/C/test-transfers.c \
	    Tests/C/common/vct-test.c $$($(PKG) --cflags --libs vctable) -lpthread
	cd build/soak && env -u VCTABLE_PHOTOS_URL VCT_TRANSFER_ROUNDS=$(TRANSFER_ROUNDS) ./test-transfers --tap | tee transfers.log
	@! grep -q '^not ok' build/soak/transfers.log && [ "$$(grep -c '^ok ' build/soak/transfers.log)" = 2 ]
	@echo "transfers-soak: $$(grep -c '^ok ' build/soak/transfers.log) passed, 0 failed"
	$(CC) -std=c11 -Wall -Wextra -Werror $(CFLAGS) -ITests/C -o build/soak/test-longevity Tests/C/test-longevity.c \
	    Tests/C/common/vct-test.c $$($(PKG) --cflags --libs vctable) -lpthread
	cd build/soak && env -u VCTABLE_PHOTOS_URL VCT_LONGEVITY_ROUNDS=$(LONGEVITY_ROUNDS) ./test-longevity --tap | tee longevity-c.log
	@plan=$$(sed -n 's/^1\.\.\([0-9]*\).*/\1/p' build/soak/longevity-c.log); \
	    [ -n "$$plan" ] && [ "$$(grep -c '^ok ' build/soak/longevity-c.log)" = "$$plan" ] \
	    || { echo "longevity-c: not every case passed (plan $$plan)"; exit 1; }
	@echo "longevity-c: $$(grep -c '^ok ' build/soak/longevity-c.log) passed, 0 failed"
	$(SWIFT) build -c $(CONFIG) $(SWIFTFLAGS) --build-tests
	env -u VCTABLE_PHOTOS_URL VCT_LONGEVITY_OPS=$(LONGEVITY_OPS) \
	    $(SWIFT) test -c $(CONFIG) $(SWIFTFLAGS) --skip-build --filter Longevity 2>&1 | tee build/soak/longevity-swift.log
	@grep -q "Test run with [0-9]* tests\{0,1\} in [0-9]* suites\{0,1\} passed" build/soak/longevity-swift.log

reliability-ci:
	@start=$$(date +%s); \
	$(MAKE) --no-print-directory sanitize && \
	$(MAKE) --no-print-directory fuzz FUZZ_SECONDS=60 && \
	$(MAKE) --no-print-directory soak && \
	echo "reliability-ci: $$(( $$(date +%s) - start )) s" && echo "reliability-ci: ok"
