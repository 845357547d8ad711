// Tests/GJS/smoke.js: VCTable from JavaScript through its typelib, no glue (GJS).
// Run by Tests/GJS/run.sh with GI_TYPELIB_PATH naming the installed prefix's typelibs.
// The factory model reloads its 5 000 bundled photos: did-update-navigation-title, then
// did-reload-data with the rows in get_list(), a Gio.ListModel of Vct.PhotoRow; selecting
// a row retitles the model (notify::title); a custom API completes with bytes and with a
// GLib.Error, which keeps the rows. (The full behaviour is Tests/Python's; this is the
// proof that JavaScript needs no glue either.) Prints "ok N - name" lines (TAP) and exits 1 on the first failure.

imports.gi.versions.Vct = '1.0';
const {GLib, Gio, Vct} = imports.gi;
const System = imports.system;

let count = 0;
function ok(condition, name) {
    count++;
    if (!condition) {
        print(`not ok ${count} - ${name}`);
        System.exit(1);
    }
    print(`ok ${count} - ${name}`);
}

// Iterates the default context until predicate() holds, or fails after 15 s.
function runUntil(predicate, what) {
    const context = GLib.MainContext.default();
    const deadline = GLib.get_monotonic_time() + 15 * 1000 * 1000;
    while (!predicate()) {
        if (GLib.get_monotonic_time() > deadline)
            ok(false, `timed out waiting for ${what}`);
        context.iteration(false);
    }
}

// The factory model.
const model = Vct.TableModel.factory_instance();
ok(model.title === 'MVVM Table View Example', 'factory title');
const events = [];
model.connect('did-update-navigation-title', (_m, title) => events.push(`title:${title}`));
model.connect('did-reload-data', () => events.push('reloaded'));
model.connect('did-error', (_m, message) => events.push(`error:${message}`));
model.reload_data();
runUntil(() => events.includes('reloaded') || events.some(e => e.startsWith('error')), 'did-reload-data');
ok(!events.some(e => e.startsWith('error')), 'no did-error');
const list = model.get_list();
ok(list instanceof Gio.ListModel, 'get_list() is a Gio.ListModel');
ok(list.get_n_items() === 5000, '5 000 rows');
const row = list.get_item(4);
ok(row instanceof Vct.PhotoRow && row.id === 5, 'rows are Vct.PhotoRow with props');

let titles = 0;
model.connect('notify::title', () => titles++);
row.select();
runUntil(() => titles > 0, 'notify::title');
ok(model.title === row.title, 'select() retitles the model');

// A custom API: bytes, then a GLib.Error; the rows from before are kept.
let fail = false;
const api = Vct.Api.new_custom(request => {
    if (fail)
        request.return_error(new GLib.Error(Vct.error_quark(), Vct.Error.FAILED, 'no network'));
    else
        request.return_json(new TextEncoder().encode(
            '[{"albumId":1,"id":7,"title":"seven","url":"u","thumbnailUrl":"t"}]'));
});
const custom = Vct.TableModel.new_with_manager(api);
let reloaded = 0, message = null;
custom.connect('did-reload-data', () => reloaded++);
custom.connect('did-error', (_m, text) => { message = text; });
custom.reload_data();
runUntil(() => reloaded === 1, 'custom did-reload-data');
ok(custom.get_list().get_item(0).title === 'seven', 'custom API bytes');
fail = true;
custom.reload_data();
runUntil(() => message !== null, 'custom did-error');
ok(message.startsWith('An Error Occurred\n\n') && message.includes('no network'), 'custom API GLib.Error');
ok(custom.get_list().get_n_items() === 1, 'rows kept after an error');
print(`1..${count}`);
