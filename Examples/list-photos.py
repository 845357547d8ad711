import sys
import gi
gi.require_version("Vct", "1.0")
from gi.repository import GLib, Vct

def on_reload(model):
    for row in model.get_list()[:10]:  # a Gio.ListModel of Vct.PhotoRow
        print(f"Entry ID: {row.props.id}  {row.props.title}")
    loop.quit()

def on_error(model, message):
    print(message, file=sys.stderr)
    loop.quit()

loop = GLib.MainLoop()
model = Vct.TableModel.factory_instance()
model.connect("did-reload-data", on_reload)
model.connect("did-error", on_error)
model.reload_data()
loop.run()
sys.exit(model.props.last_error is not None)  # 1 after an error
