# mk/gir.mk: GObject-Introspection: Vct-1.0.gir, its typelib and a Vala vapi, so Python
# (PyGObject), JavaScript (GJS), Vala and Rust use VCTable with no hand-written binding.
# Included by the top-level Makefile.
#
#   make gi-test              the Python suite and the GJS smoke test (in `make test`)
#   make install [PREFIX=…]   also runs gir-install: g-ir-scanner (warnings are errors:
#                             every annotation is right or the build fails) over the
#                             installed headers and library, and the C half's sources
#                             (Sources/VCTableGObject/*.c, not installed: the property and
#                             signal docs are in their class_init, the table model's
#                             setters' on their definitions), then g-ir-compiler, into
#                             PREFIX/share/gir-1.0/Vct-1.0.gir and
#                             PREFIX/lib/girepository-1.0/Vct-1.0.typelib, then vapigen
#                             (warnings are errors too) over that GIR, into
#                             PREFIX/share/vala/vapi/vctable.vapi and vctable.deps.
#                             INTROSPECTION=no skips it (the sanitizer builds do: their
#                             library cannot be loaded by the scanner's dumper).
#
# The typelib names the library by the full path of its SONAME link,
# PREFIX/lib/libVCTable.so.$(SOVERSION) (the name a C program records; the GIR's
# shared-library, which the scanner takes from its dumper's link, is that name alone),
# so a program finds the library with GI_TYPELIB_PATH=PREFIX/lib/girepository-1.0 alone
# and loads the ABI the typelib was made from, never a later one behind libVCTable.so.
# Debian's libgirepository looks in /usr/lib/girepository-1.0 and /usr/lib/<triplet>/girepository-1.0 by itself:
# with PREFIX=/usr nothing is needed; /usr/local needs GI_TYPELIB_PATH like any library
# installed there (we write nothing outside PREFIX). The vapi is named after vctable.pc,
# so a Vala program builds with `valac --vapidir=PREFIX/share/vala/vapi --pkg vctable`
# (valac looks in share/vala/vapi under XDG_DATA_DIRS, /usr/local/share and /usr/share
# by default; for another PREFIX, PKG_CONFIG_PATH finds vctable.pc, as for a C program).

INTROSPECTION ?= yes
GIR_NAMESPACE = Vct
GIR_VERSION   = 1.0
GIR_ROOT      = $(DESTDIR)$(PREFIX)
# The C half's sources, which are not installed: the scanner reads the documentation of
# the classes' properties and signals there (in class_init), and of the table model's
# vct_table_model_set_did_*() setters (on their definitions); everything else is
# documented in the headers. They include vctable-private.h from its include/ directory; their
# static and underscore-prefixed functions do not become GIR symbols.
GIR_SOURCES   = $(CURDIR)/Sources/VCTableGObject

.PHONY: gir-deps gir-install gi-test gi-test-deps gi-test-run

# Python (pytest, Tests/Python) and JavaScript (GJS, Tests/GJS) through the staged
# typelib, with nothing but GI_TYPELIB_PATH: part of `make test`.
gi-test: gi-test-deps stage
	@$(MAKE) --no-print-directory gi-test-run

gi-test-deps:
	@scripts/ensure-deps.sh pytest gjs gdk-pixbuf

gi-test-run:
	Tests/Python/run.sh $(STAGE)
	Tests/GJS/run.sh $(STAGE)

gir-deps:
	@scripts/ensure-deps.sh gir

# vapigen has no --fatal-warnings: the step fails unless its closing line counts 0 warnings
# (none needs a .metadata file today). vctable.deps names the packages the vapi uses, so
# `--pkg vctable` loads gio-2.0's and gdk-pixbuf-2.0's vapis too (GLib.ListModel,
# GLib.Cancellable, Gdk.Pixbuf).
gir-install: gir-deps
ifeq ($(INTROSPECTION),yes)
	install -d $(GIR_ROOT)/share/gir-1.0 $(GIR_ROOT)/lib/girepository-1.0
	g-ir-scanner --quiet --warn-all --warn-error \
	    --namespace=$(GIR_NAMESPACE) --nsversion=$(GIR_VERSION) \
	    --identifier-prefix=Vct --symbol-prefix=vct \
	    --include=GObject-2.0 --include=Gio-2.0 --include=GdkPixbuf-2.0 \
	    --pkg=gio-2.0 --pkg=gdk-pixbuf-2.0 \
	    --pkg-export=vctable --c-include=vctable.h \
	    --library=VCTable -L$(GIR_ROOT)/lib --library-path=$(GIR_ROOT)/lib \
	    -I$(GIR_ROOT)/include -I$(GIR_SOURCES)/include -DVCTABLE_COMPILATION \
	    $(GIR_ROOT)/include/vctable.h $(GIR_ROOT)/include/vctable/*.h $(GIR_SOURCES)/*.c \
	    $(GIR_SOURCES)/vct-row-properties.h \
	    --output=$(GIR_ROOT)/share/gir-1.0/$(GIR_NAMESPACE)-$(GIR_VERSION).gir
	g-ir-compiler --shared-library=$(PREFIX)/lib/$(LIBRARY_SONAME) \
	    --output=$(GIR_ROOT)/lib/girepository-1.0/$(GIR_NAMESPACE)-$(GIR_VERSION).typelib \
	    $(GIR_ROOT)/share/gir-1.0/$(GIR_NAMESPACE)-$(GIR_VERSION).gir
	@scripts/ensure-deps.sh vala
	install -d $(GIR_ROOT)/share/vala/vapi
	out=$$(vapigen --library=vctable --pkg=gio-2.0 --pkg=gdk-pixbuf-2.0 --directory=$(GIR_ROOT)/share/vala/vapi \
	    $(GIR_ROOT)/share/gir-1.0/$(GIR_NAMESPACE)-$(GIR_VERSION).gir 2>&1); status=$$?; \
	    echo "$$out"; [ $$status = 0 ] && echo "$$out" | grep -q ' - 0 warning(s)$$'
	printf 'gio-2.0\ngdk-pixbuf-2.0\n' > $(GIR_ROOT)/share/vala/vapi/vctable.deps
endif
