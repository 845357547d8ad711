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
#                      (BENCHMARKS.md); BENCH_GTK_ARGS="--reps 9"
#   make bench-gtk-quick  the same on 10 000 photos, once: it must run to its end (in
#                      `make test`); its figures mean nothing

.PHONY: gtk-deps gtk-app gtk-test gtk-app-test bench-gtk bench-gtk-build bench-gtk-quick

BENCH_GTK_ARGS ?= --reps 5

gtk-deps:
	@scripts/ensure-deps.sh gtk4 xvfb

gtk-app: gtk-deps stage
	@mkdir -p build
	$(CC) $(DEMO_CFLAGS) -o build/vctable-gtk Gtk/*.c $$($(PKG) --cflags --libs vctable) $$(pkg-config --cflags --libs gtk4)

gtk-test: gtk-deps stage
	Tests/Gtk/run.sh $(STAGE)

gtk-app-test: gtk-deps stage
	Tests/GtkApp/run.sh $(STAGE)

bench-gtk-build: gtk-deps stage demo
	$(CC) $(DEMO_CFLAGS) -o build/bench-window Benchmarks/gtk/bench-window.c \
	    Tests/GtkApp/app-test.c $$(ls Gtk/*.c | grep -v '/main\.c$$') Tests/C/common/vct-test.c \
	    $$($(PKG) --cflags --libs vctable gtk4) -lpthread

bench-gtk: bench-gtk-build
	GTK_A11Y=none xvfb-run -a -s "-screen 0 1280x1024x24" build/bench-window --demo build/vctable-demo $(BENCH_GTK_ARGS)

bench-gtk-quick: bench-gtk-build
	@if GTK_A11Y=none xvfb-run -a -s "-screen 0 1280x1024x24" build/bench-window --demo build/vctable-demo \
	        --rows 10000 --reps 1; then \
	    echo "bench-gtk-quick: 1 passed, 0 failed"; \
	else echo "bench-gtk-quick: 0 passed, 1 failed"; exit 1; fi
