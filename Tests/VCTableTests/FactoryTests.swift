import CGLib
import Foundation
import Glibc
import Testing
@testable import VCTable

/// Sets `VCTABLE_PHOTOS_URL` (nil unsets it) for the duration of `body`, then restores it.
///
/// The environment is process-global: only this serialized suite touches or reads it.
func withPhotosURL<T>(_ value: String?, _ body: () async throws -> T) async rethrows -> T {
    let name = VCTableModel.photosURLEnvironmentVariable
    let saved = getenv(name).map { String(cString: $0) }
    if let value { setenv(name, value, 1) } else { unsetenv(name) }
    defer {
        if let saved { setenv(name, saved, 1) } else { unsetenv(name) }
    }
    return try await body()
}

/// The size of what a `resource://` URI names among the GResources registered in this
/// process (libVCTable's images register when it is loaded); 0 when there is none.
func resourceSize(_ uri: String) -> Int {
    guard uri.hasPrefix("resource://"),
          let bytes = g_resources_lookup_data(String(uri.dropFirst("resource://".count)), G_RESOURCE_LOOKUP_FLAGS_NONE, nil)
    else { return 0 }
    defer { g_bytes_unref(bytes) }
    return Int(g_bytes_get_size(bytes))
}

/// Reloads `model` on `context` and returns its reports once the reload finished.
func reloadAndWait(_ model: VCTableModel, _ context: TestContext) async -> Recorder {
    let recorder = Recorder(context)
    recorder.attach(to: model)
    model.reloadData()
    _ = await context.iterate(until: { recorder.count == 2 })
    return recorder
}

@Suite("VCTableModel.factoryInstance()", .serialized)
struct FactoryTests {
    @Test("The variable's name")
    func variableName() {
        #expect(VCTableModel.photosURLEnvironmentVariable == "VCTABLE_PHOTOS_URL")
    }

    @Test("Without VCTABLE_PHOTOS_URL (unset or empty) the bundled 5000-photo fixture loads", arguments: [nil, ""] as [String?])
    func bundledFixture(_ value: String?) async throws {
        try await withPhotosURL(value) {
            let context = TestContext()
            let model = VCTableModel.factoryInstance(scheduler: context.scheduler)
            let api = try #require(model.manager as? URIPhotosAPI)
            // Compiled into the library (BundledFixture), not read from a file beside it.
            #expect(api.uri == "resource:///org/vctable/VCTable/photos.json")

            let recorder = await reloadAndWait(model, context)
            #expect(recorder.count == 2)
            #expect(recorder.errors == [])
            #expect(model.lastError == nil)
            #expect(model.numberOfItems == 5000)
            let first = try #require(model.item(at: 0))
            #expect(first.id == 1)
            #expect(first.albumId == 1)
            #expect(model.item(at: 49)?.id == 50)
            #expect(model.item(at: 49)?.albumId == 1)
            #expect(model.item(at: 50)?.id == 51)
            #expect(model.item(at: 50)?.albumId == 2)
            #expect(model.item(at: 4999)?.id == 5000)
            #expect(model.item(at: 4999)?.albumId == 100)
            #expect(model.item(at: 5000) == nil)
            // 50 photos per album, ids in order.
            #expect(model.items.map(\.id) == Array(1...5000))
            #expect(model.items.allSatisfy { $0.albumId == ($0.id - 1) / 50 + 1 })
            #expect(model.items.allSatisfy { !$0.title.isEmpty })
            // Each row's url and thumbnailUrl name the photo and the thumbnail of one NAME
            // among the 24 images compiled into the library (scripts/make-fixture-images.py):
            // the rows share them, and every one is there.
            let images = "resource:///org/vctable/VCTable/images/"
            #expect(model.items.allSatisfy {
                $0.url.hasPrefix(images + "photos/") && $0.thumbnailUrl.hasPrefix(images + "thumbnails/")
                    && $0.url.split(separator: "/").last == $0.thumbnailUrl.split(separator: "/").last
            })
            let uris = Set(model.items.flatMap { [$0.url, $0.thumbnailUrl] })
            #expect(uris.count == 2 * 24)
            #expect(uris.filter { resourceSize($0) == 0 }.sorted() == [])
            #expect(recorder.reloads.first?.count == 5000)
        }
    }

    @Test("VCTABLE_PHOTOS_URL set to a loopback server URL loads from that server")
    func serverURL() async throws {
        let items = Photos.items(1...7)
        let server = try LoopbackHTTPServer(["/api/photos": .respond(body: Array(Photos.data(items)))])
        defer { server.stop() }
        await withPhotosURL(server.url("/api/photos")) {
            let context = TestContext()
            let model = VCTableModel.factoryInstance(scheduler: context.scheduler)
            #expect((model.manager as? URIPhotosAPI)?.uri == server.url("/api/photos"))
            let recorder = await reloadAndWait(model, context)
            #expect(recorder.reports == [.title(modelTitle), .reloaded(items)])
            #expect(server.requests(for: "/api/photos") == 1)
        }
    }

    @Test("VCTABLE_PHOTOS_URL set to a file path or a file:// URI loads the file", arguments: [false, true])
    func fileLocation(asURI: Bool) async throws {
        let items = Photos.items(3...5)
        let file = try TemporaryFile(contents: Photos.data(items))
        defer { file.remove() }
        let value = asURI ? URL(fileURLWithPath: file.path).absoluteString : file.path
        await withPhotosURL(value) {
            let context = TestContext()
            let model = VCTableModel.factoryInstance(scheduler: context.scheduler)
            let recorder = await reloadAndWait(model, context)
            #expect(recorder.reports == [.title(modelTitle), .reloaded(items)])
        }
    }

    @Test("VCTABLE_PHOTOS_URL naming a missing file reports .fileUnreadable through didError")
    func missingFile() async throws {
        let path = "/nonexistent-\(UUID().uuidString).json"
        await withPhotosURL(path) {
            let context = TestContext()
            let model = VCTableModel.factoryInstance(scheduler: context.scheduler)
            let recorder = await reloadAndWait(model, context)
            #expect(model.lastError?.code == .fileUnreadable)
            #expect(recorder.errors.count == 1)
            #expect(recorder.errors.first?.contains(path) == true)
        }
    }

    @Test("An unusable VCTABLE_PHOTOS_URL reports .invalidURI through didError instead of crashing", arguments: ["ftp://nope", "photos.json"])
    func invalidURI(_ value: String) async throws {
        try await withPhotosURL(value) {
            let context = TestContext()
            let model = VCTableModel.factoryInstance(scheduler: context.scheduler)
            let recorder = await reloadAndWait(model, context)
            #expect(recorder.reports.first == .title(modelTitle))
            #expect(model.lastError?.code == .invalidURI)
            let message = try #require(recorder.errors.first)
            #expect(recorder.errors.count == 1)
            #expect(message.hasPrefix("An Error Occurred\n\n"))
            #expect(message.contains("VCTABLE_PHOTOS_URL"))
            #expect(message.contains(value))
            #expect(model.items.isEmpty)
        }
    }

    @Test("The variable is read when the model is made, not when it reloads")
    func readAtCreation() async throws {
        let first = Photos.items(1...2)
        let server = try LoopbackHTTPServer(["/one": .respond(body: Array(Photos.data(first))), "/two": .respond(status: 500, body: [])])
        defer { server.stop() }
        let context = TestContext()
        let model = await withPhotosURL(server.url("/one")) {
            VCTableModel.factoryInstance(scheduler: context.scheduler)
        }
        await withPhotosURL(server.url("/two")) {
            #expect((VCTableModel.defaultAPI() as? URIPhotosAPI)?.uri == server.url("/two"))
            let recorder = await reloadAndWait(model, context)
            #expect(recorder.reports == [.title(modelTitle), .reloaded(first)])
            #expect(server.requests(for: "/two") == 0)
        }
    }

    @Test("factoryInstance() reports on the calling thread's thread-default context")
    func defaultScheduler() async throws {
        await withPhotosURL(nil) {
            let context = TestContext()
            let pointer = UInt(bitPattern: context.scheduler.context)
            let modelContext = await offPool { () -> UInt in
                g_main_context_push_thread_default(OpaquePointer(bitPattern: pointer))
                defer { g_main_context_pop_thread_default(OpaquePointer(bitPattern: pointer)) }
                return UInt(bitPattern: VCTableModel.factoryInstance().scheduler.context)
            }
            #expect(modelContext == pointer)
        }
    }

    @Test("The bundled fixtures are in the library's GResource; a missing one fails the fetch with .fileUnreadable naming it")
    func bundledFixtureLookup() async throws {
        for name in ["photos.json", "feeds.json", "songs.json"] {
            #expect(BundledFixture.uri(named: name) == "resource:///org/vctable/VCTable/" + name)
        }
        let api = await withPhotosURL(nil) { VCTableModel.defaultAPI() }
        #expect((api as? URIPhotosAPI)?.uri == "resource:///org/vctable/VCTable/photos.json")
        // Not looked up when the API is made (BENCHMARKS.md, "Loaded cost"): the fetch fails.
        let missing = URIPhotosAPI(bundled: "no-such-fixture.json")
        do {
            _ = try await missing.getPhotos()
            Issue.record("a missing bundled fixture was read")
        } catch let error as VCTableError {
            #expect(error.code == .fileUnreadable)
            #expect(error.message.contains("no-such-fixture.json"))
        }
    }
}
