// list-photos: the README's Vala example. `valac --pkg vctable list-photos.vala`
int main () {
    var loop = new MainLoop ();
    var model = Vct.TableModel.factory_instance ();
    model.did_reload_data.connect ((source) => {
        unowned var rows = source.get_list ();  // a GLib.ListModel of Vct.PhotoRow: Gtk.ListView takes it as it is
        for (uint i = 0; i < rows.get_n_items (); i++) {
            var row = (Vct.PhotoRow) rows.get_item (i);
            print (@"Entry ID: $(row.id)  $(row.title)\n");
        }
        loop.quit ();
    });
    model.did_error.connect ((message) => {
        printerr ("%s\n", message);
        loop.quit ();
    });
    model.reload_data ();
    loop.run ();
    return model.last_error == null ? 0 : 1;  // 1 after an error
}
