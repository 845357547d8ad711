// vctable-run: loads the photos through the factory on a GLib main loop and prints the
// navigation title and the first rows. `make run` runs it until vctable-demo exists.
import Foundation
import Synchronization
import VCTable

let exitCode = Atomic<Int32>(0)

let rowsToShow = CommandLine.arguments.dropFirst().first.flatMap(Int.init) ?? 10
let loop = MainLoop()
let model = VCTableModel.factoryInstance()
model.didUpdateNavigationTitle = { title in print(title) }
model.didReloadData = { items in
    print("\(items.count) photos")
    for cell in items.prefix(rowsToShow) {
        print("  Entry ID: \(cell.id)  \(cell.title)  (album \(cell.albumId))")
    }
    loop.quit()
}
model.didError = { message in
    FileHandle.standardError.write(Data((message + "\n").utf8))
    exitCode.store(1, ordering: .relaxed)
    loop.quit()
}
model.reloadData()
loop.run()
exit(exitCode.load(ordering: .relaxed))
