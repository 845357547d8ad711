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

.PHONY: gtk-deps gtk-app gtk-test gtk-app-test

gtk-deps:
	@scripts/ensure-deps.sh gtk4 xvfb

gtk-app: gtk-deps stage
	@mkdir -p build
	$(CC) $(DEMO_CFLAGS) -o build/vctable-gtk Gtk/*.c $$($(PKG) --cflags --libs vctable) $$(pkg-config --cflags --libs gtk4)

gtk-test: gtk-deps stage
	Tests/Gtk/run.sh $(STAGE)

gtk-app-test: gtk-deps stage
	Tests/GtkApp/run.sh $(STAGE)
