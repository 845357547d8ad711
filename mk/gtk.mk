# mk/gtk.mk: VCTable in GTK4 windows. Included by the top-level Makefile.
#
#   make gtk-test    Tests/Gtk: GtkListView showing vct_table_model_get_list() as it is,
#                    under Xvfb (part of `make test`)

.PHONY: gtk-deps gtk-test

gtk-deps:
	@scripts/ensure-deps.sh gtk4 xvfb

gtk-test: gtk-deps stage
	Tests/Gtk/run.sh $(STAGE)
