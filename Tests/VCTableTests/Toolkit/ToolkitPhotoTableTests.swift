import Foundation
import Testing
@testable import VCTable

@Suite("Toolkit: the photo table's list")
struct ToolkitPhotoTableTests {
    /// What a run of the photo table reported.
    struct ToolkitPhotoRun: Sendable {
        var loaded: [Bool] = []                 // each reload completed before its timeout
        var batches: [[[ListChange]]] = []      // per reload, the list batches delivered
        var events: [[String]] = []             // per reload, "list" and "reload:<n>" in order
        var ids: [[Int]] = []                   // per reload, the list's photo ids afterwards
        var titles: [[String]] = []
        var kinds: [String?] = []
        var mirrorProblems: [String] = []
        var mirrorInSync = false
        var selectedTitles: [String] = []
        var selectedInRange = false
        var selectedOutOfRange = true
        var selectionDelivered = false
        var rowProperties: [String: PropertyValue] = [:]
        var propertyNames: [String] = []
    }

    static func photos(_ ids: [Int], titles: [Int: String] = [:]) -> [(id: Int, title: String)] {
        ids.map { ($0, titles[$0] ?? "photo \($0)") }
    }

    /// Loads each document in turn into a photo table on a private context, recording
    /// the list's batches and the reports; then, when `select` is given, selects that row.
    static func run(_ documents: [[(id: Int, title: String)]], select: Int? = nil) async -> ToolkitPhotoRun {
        return await ToolkitThreads.offPool {
            var run = ToolkitPhotoRun()
            let context = ToolkitContext()
            let source = ToolkitPhotosSource()
            let model = VCTableModel(manager: ToolkitPhotosAPI(source: source), scheduler: context.scheduler)
            let events = ToolkitRecorder<String>()
            let batches = ToolkitRecorder<[ListChange]>()
            let subscription = model.list.observeChanges { steps in
                batches.append(steps)
                events.append("list")
            }
            let reloads = ToolkitRecorder<Int>()
            model.didReloadData = { items in
                reloads.append(items.count)
                events.append("reload:\(items.count)")
            }
            let mirror = ToolkitMirror(model.list)
            for (number, document) in documents.enumerated() {
                source.set(document)
                events.removeAll()
                batches.removeAll()
                model.reloadData()
                var ok = context.iterate(until: { reloads.count > number })
                ok = context.drain() && ok
                run.loaded.append(ok)
                run.batches.append(batches.values)
                run.events.append(events.values)
                let rows = model.list.sections.first?.rows ?? []
                run.ids.append(rows.compactMap { $0.property("id")?.integerValue.map { Int($0) } })
                run.titles.append(rows.compactMap { $0.property("title")?.stringValue })
                run.kinds.append(model.list.kind(ofRowAt: RowIndex(section: 0, index: 0)))
            }
            run.mirrorProblems = mirror.problems
            run.mirrorInSync = mirror.copy == ToolkitSectionSnapshot.of(model.list.sections)
            if let row = model.list.row(at: RowIndex(section: 0, index: 0)) {
                run.propertyNames = row.propertyNames
                for name in row.propertyNames + ["nope"] {
                    if let value = row.property(name) { run.rowProperties[name] = value }
                }
            }
            if let select {
                let titles = ToolkitRecorder<String>()
                model.didUpdateNavigationTitle = { titles.append($0) }
                run.selectedOutOfRange = model.list.selectRow(at: RowIndex(section: 0, index: 10_000))
                    || model.list.selectRow(at: RowIndex(section: 1, index: 0))
                run.selectedInRange = model.list.selectRow(at: RowIndex(section: 0, index: select))
                run.selectionDelivered = context.iterate(until: { titles.count > 0 }) && context.drain()
                run.selectedTitles = titles.values
            }
            subscription.dispose()
            return run
        }
    }

    @Test("First load: one insert of everything; a second load reports only the differences, before didReloadData")
    func minimalChanges() async {
        let first = Self.photos(Array(1...10))
        // 3 deleted, 99 inserted after 5, 7's title changed; the rest kept.
        let second = Self.photos([1, 2, 4, 5, 99, 6, 7, 8, 9, 10], titles: [7: "seven, renamed"])
        let run = await Self.run([first, second])
        #expect(run.loaded == [true, true])
        #expect(run.batches.first == [[.rows(section: 0, Splice(position: 0, removed: 0, added: 10))]])
        #expect(run.events.first == ["list", "reload:10"], "list changes are delivered before didReloadData")
        #expect(run.batches.last == [[
            .rows(section: 0, Splice(position: 2, removed: 1, added: 0)),
            .rows(section: 0, Splice(position: 4, removed: 0, added: 1)),
            .rowUpdated(section: 0, index: 6),
        ]])
        #expect(run.events.last == ["list", "reload:10"])
        #expect(run.ids.last == [1, 2, 4, 5, 99, 6, 7, 8, 9, 10])
        #expect(run.titles.last?[6] == "seven, renamed")
        #expect(run.kinds == ["PhotoCellView", "PhotoCellView"])
        #expect(run.mirrorProblems.isEmpty, "\(run.mirrorProblems)")
        #expect(run.mirrorInSync)
    }

    @Test("A reload returning the same photos changes nothing in the list; didReloadData still runs")
    func unchangedReload() async {
        let photos = Self.photos([5, 3, 8])
        let run = await Self.run([photos, photos, Self.photos([8, 5, 3])])
        #expect(run.loaded == [true, true, true])
        #expect(run.batches[1].isEmpty)
        #expect(run.events[1] == ["reload:3"])
        #expect(run.batches[2].count == 1, "a move is one batch")
        #expect(run.ids[2] == [8, 5, 3])
        #expect(run.mirrorProblems.isEmpty, "\(run.mirrorProblems)")
        #expect(run.mirrorInSync)
    }

    @Test("Photo rows: kind PhotoCellView, their properties, and selecting one reports its title")
    func rowsAndSelection() async {
        let run = await Self.run([Self.photos([11, 12, 13, 14], titles: [13: "the third one"])], select: 2)
        #expect(run.loaded == [true])
        #expect(run.kinds == ["PhotoCellView"])
        #expect(run.propertyNames == ["entry", "title", "id", "albumId", "url", "thumbnailUrl"])
        #expect(run.rowProperties["entry"] == .string("Entry ID: 11"))
        #expect(run.rowProperties["title"] == .string("photo 11"))
        #expect(run.rowProperties["id"] == .integer(11))
        #expect(run.rowProperties["albumId"] == .integer(2))
        #expect(run.rowProperties["url"] == .string("https://example.com/11.png"))
        #expect(run.rowProperties["thumbnailUrl"] == .string("https://example.com/t/11.png"))
        #expect(run.rowProperties["nope"] == nil)
        #expect(run.selectedInRange)
        #expect(!run.selectedOutOfRange)
        #expect(run.selectionDelivered)
        #expect(run.selectedTitles == ["the third one"])
    }
}
