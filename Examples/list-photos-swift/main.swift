// list-photos: the README's Swift example. `swift run list-photos`
import VCTable

let loop = MainLoop()
let model = VCTableModel.factoryInstance()
model.didUpdateNavigationTitle = { title in print(title) }
model.didReloadData = { items in
    for cell in items.prefix(5) { print("Entry ID: \(cell.id)  \(cell.title)") }
    loop.quit()
}
model.didError = { message in print(message); loop.quit() }
model.reloadData()
loop.run()
