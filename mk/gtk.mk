# mk/gtk.mk: VCTable in GTK4 windows. Included by the top-level Makefile.
#
#   make gtk-app       build/vctable-gtk (Gtk/): the photo table, the feed and the song
#                      picker in a GtkApplication window; `make run` opens it when a display
#                      is available
#   make gtk-test      Tests/Gtk: GtkListView showing vct_table_model_get_list() as it is,
#                      under Xvfb (part of `make test`)
#   make gtk-app-test  Tests/GtkApp: vctable-gtk's screens, read from the widget tree under
#                      Xvfb (part of `make test`). VCT_GTK_SCREENSHOTS_DIR=$$PWD/docs/screenshots
#                      renders the README's screenshots again.
#   make bench-gtk     Benchmarks/gtk/bench-window.c: 100 000 photos in the window against the
#                      terminal demo and a bare loop, ratios measured in the same run
#                      (BENCHMARKS.md); BENCH_GTK_ARGS="--reps 9". Then
#                      Benchmarks/gtk/bench-listview.c, one process per size
#                      (BENCH_LISTVIEW_ROWS): a GtkListView over VCTable's list against the
#                      same view over a GListStore changed by splices, five reload shapes
#                      (BENCHMARKS.md, "GtkListView against a GListStore");
#                      BENCH_LISTVIEW_ARGS="--reps 9 --no-selection" for every size,
#                      BENCH_LISTVIEW_ARGS_10000 (and _N for another size) after it. Then
#                      Benchmarks/gtk/bench-probes.c (no window): what one covering
#                      items-changed costs the list model itself, GTK's probes included,
#                      and what a bound label's read of a held row's title costs, against a
#                      GListStore of BenchRow (BENCH_PROBES_ARGS="--rows 10000,100000 --reps 9")
#                      Then Benchmarks/gtk/bench-fling.c: a fling through 10 000 photo rows
#                      with their thumbnails from a loopback server, VCTable's image
#                      pipeline against a naive loader, one process each
#                      (BENCH_FLING_ARGS; BENCHMARKS.md, "Images: a fling")
#   make bench-gtk-quick  the three on 10 000 rows, once each, and the fling on 1 000:
#                      they must run to their end (in `make test`); their figures mean nothing

.PHONY: gtk-deps gtk-app gtk-test gtk-app-test gtk-test-run gtk-app-test-run gtk-suites-run bench-gtk bench-gtk-run bench-gtk-build bench-gtk-quick

BENCH_GTK_ARGS ?= --reps 5
BENCH_LISTVIEW_ARGS ?= --reps 5
BENCH_LISTVIEW_ROWS ?= 10000 100000 1000000
# At 10 000 rows a rep costs a fraction of a second and both sides' stalls are GTK's own
# relayout frame, a few ms that the machine's noise moves by a tenth or more: more reps,
# and a second GListStore in the same run whose ratio to the first is that noise.
BENCH_LISTVIEW_ARGS_10000 ?= --reps 25 --control
BENCH_PROBES_ARGS ?= --rows 10000,100000,1000000 --reps 7
BENCH_FLING_ARGS ?= --rows 10000 --urls 500 --per-frame 12 --latency-ms 10
# Under Xvfb GTK's GL is Mesa's llvmpipe, a CPU renderer (bench-fling.c); =gl measures it.
BENCH_FLING_RENDERER ?= cairo
XVFB_BENCH = GTK_A11Y=none xvfb-run -a -s "-screen 0 1280x1024x24"

gtk-deps:
	@scripts/ensure-deps.sh gtk4 xvfb

gtk-app: gtk-deps stage
	@mkdir -p build
	$(CC) $(DEMO_CFLAGS) -o build/vctable-gtk Gtk/*.c Demo/size-option.c $$($(PKG) --cflags --libs vctable) $$(pkg-config --cflags --libs gtk4)

gtk-test: gtk-deps stage
	@$(MAKE) --no-print-directory gtk-test-run

gtk-app-test: gtk-deps stage
	@$(MAKE) --no-print-directory gtk-app-test-run

gtk-test-run:
	Tests/Gtk/run.sh $(STAGE)

gtk-app-test-run:
	Tests/GtkApp/run.sh $(STAGE)

# Both under Xvfb, one after the other: one job of `make test`'s parallel suites.
gtk-suites-run:
	@status=0; $(MAKE) --no-print-directory gtk-test-run || status=1; \
	$(MAKE) --no-print-directory gtk-app-test-run || status=1; exit $$status

bench-gtk-build: gtk-deps stage demo
	$(CC) $(DEMO_CFLAGS) -o build/bench-window Benchmarks/gtk/bench-window.c \
	    Tests/GtkApp/app-test.c $$(ls Gtk/*.c | grep -v '/main\.c$$') Tests/C/common/vct-test.c \
	    $$($(PKG) --cflags --libs vctable gtk4) -lpthread
	$(CC) $(DEMO_CFLAGS) -o build/bench-listview Benchmarks/gtk/bench-listview.c \
	    $$($(PKG) --cflags --libs vctable gtk4) -lpthread
	$(CC) $(DEMO_CFLAGS) -o build/bench-probes Benchmarks/gtk/bench-probes.c \
	    $$($(PKG) --cflags --libs vctable)
	$(CC) $(DEMO_CFLAGS) -o build/bench-fling Benchmarks/gtk/bench-fling.c \
	    Tests/GtkApp/app-test.c Gtk/list-item-bindings.c Tests/C/common/vct-test.c \
	    $$($(PKG) --cflags --libs vctable gtk4 libsoup-3.0) -lpthread

# bench-listview fails (non-zero) only when something is wrong: rows never shown, a model
# error, a GLib/GTK warning or critical (it installs a log writer); never on timing.
# The figures are the release library's (what `make install` installs), staged as `make run`
# stages it; bench-gtk-quick (in `make test`) only has to run to its end, on the debug stage.
bench-gtk: deps
	@$(MAKE) --no-print-directory $(RUN_VARS) bench-gtk-run

bench-gtk-run: bench-gtk-build
	@scripts/bench-machine.sh $(SWIFT)
	$(XVFB_BENCH) build/bench-window --demo build/vctable-demo $(BENCH_GTK_ARGS)
	@$(foreach rows,$(BENCH_LISTVIEW_ROWS),\
	    echo "$(XVFB_BENCH) build/bench-listview --rows $(rows) $(BENCH_LISTVIEW_ARGS) $(BENCH_LISTVIEW_ARGS_$(rows))" && \
	    $(XVFB_BENCH) build/bench-listview --rows $(rows) $(BENCH_LISTVIEW_ARGS) $(BENCH_LISTVIEW_ARGS_$(rows)) && ) true
	build/bench-probes $(BENCH_PROBES_ARGS)
	GSK_RENDERER=$(BENCH_FLING_RENDERER) $(XVFB_BENCH) build/bench-fling $(BENCH_FLING_ARGS)

bench-gtk-quick: bench-gtk-build
	@passed=0; failed=0; \
	if $(XVFB_BENCH) build/bench-window --demo build/vctable-demo --rows 10000 --reps 1; \
	then passed=$$((passed + 1)); else failed=$$((failed + 1)); fi; \
	if $(XVFB_BENCH) build/bench-listview --rows 10000 --reps 1 --control; \
	then passed=$$((passed + 1)); else failed=$$((failed + 1)); fi; \
	if build/bench-probes --rows 10000 --reps 1; \
	then passed=$$((passed + 1)); else failed=$$((failed + 1)); fi; \
	if GSK_RENDERER=$(BENCH_FLING_RENDERER) $(XVFB_BENCH) build/bench-fling --rows 1000 --urls 50 --per-frame 25; \
	then passed=$$((passed + 1)); else failed=$$((failed + 1)); fi; \
	echo "bench-gtk-quick: $$passed passed, $$failed failed"; \
	[ $$failed -eq 0 ]
