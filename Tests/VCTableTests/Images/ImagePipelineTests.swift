import Foundation
import Testing
@testable import VCTable

/// `CostLimitedCache`, `ImagePipeline` and `AsyncImage` from Swift (the C face's tests are
/// Tests/C/test-images.c, against a loopback server).
@Suite("Images")
struct ImagePipelineTests {
    /// A 4 × 2 RGB PNG, decoded on each use: a `Data` kept in a global until exit is
    /// "definitely lost" to LeakSanitizer and valgrind (its storage pointer is tagged).
    static var png: Data {
        Data(base64Encoded:
            "iVBORw0KGgoAAAANSUhEUgAAAAQAAAACCAIAAADwyuo0AAAAA3NCSVQICAjb4U/gAAAAEklEQVQImWMUVDJmgAEmBiQAAAm8AGrel8cSAAAAAElFTkSuQmCC")!
    }

    /// A file:// URL of `data` in a new temporary file.
    static func file(_ data: Data, _ name: String = UUID().uuidString) throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("vctable-\(name).png")
        try data.write(to: url)
        return url.absoluteString
    }

    @Test("The cache evicts the least recently used entries past its cost bound")
    func leastRecentlyUsedOut() {
        var cache = CostLimitedCache<String, Int>(costLimit: 30)
        cache.insert(1, for: "a", cost: 10)
        cache.insert(2, for: "b", cost: 10)
        cache.insert(3, for: "c", cost: 10)
        #expect(cache.value(for: "a") == 1)  // "a" is now the most recently used
        cache.insert(4, for: "d", cost: 10)
        #expect(cache.contains("a") && !cache.contains("b") && cache.contains("c") && cache.contains("d"))
        #expect(cache.totalCost == 30 && cache.count == 3)
        cache.insert(5, for: "big", cost: 31)  // larger than the whole bound: not stored
        #expect(!cache.contains("big") && cache.count == 3)
        cache.insert(6, for: "c", cost: 20)  // replacing re-costs it
        #expect(cache.totalCost <= 30 && cache.value(for: "c") == 6)
        cache.costLimit = 5
        #expect(cache.count == 0 && cache.totalCost == 0)
    }

    @Test("The cache keeps its bound over 200 000 inserts, reusing its slots")
    func boundedForever() {
        var cache = CostLimitedCache<Int, Int>(costLimit: 100)
        for key in 0..<200_000 {
            cache.insert(key, for: key, cost: key % 7 + 1)
            if key % 3 == 0 { _ = cache.value(for: key / 2) }
        }
        #expect(cache.totalCost <= 100)
        #expect(cache.count <= 100)
    }

    @Test("An image loads on bind, answers a cache hit inside bind, and drops its pixels on unbind")
    func bindLoadsAndCaches() async throws {
        let context = TestContext()
        let pipeline = ImagePipeline()
        let url = try Self.file(Self.png)
        let image = AsyncImage(url: url, pipeline: pipeline, scheduler: context.scheduler)
        #expect(image.state == .none)
        #expect(pipeline.statistics.transfersStarted == 0)

        let binding = await context.whileOwning { image.bind(width: 0, height: 0) }
        #expect(image.state == .loading)
        #expect(await context.iterate(until: { image.image != nil }))
        #expect(image.image?.width == 4 && image.image?.height == 2)
        await context.whileOwning { binding.dispose() }
        #expect(image.state == .none)

        let again = await context.whileOwning { () -> (any Disposable, Int?) in
            let binding = image.bind(width: 0, height: 0)
            return (binding, image.image?.width)  // loaded when bind returns
        }
        #expect(again.1 == 4)
        await context.whileOwning { again.0.dispose() }
        #expect(pipeline.statistics.transfersStarted == 1)
    }

    @Test("Images of one URL share one transfer")
    func oneTransferPerURL() async throws {
        let context = TestContext()
        let pipeline = ImagePipeline()
        let url = try Self.file(Self.png)
        let images = (0..<10).map { _ in AsyncImage(url: url, pipeline: pipeline, scheduler: context.scheduler) }
        let bindings = await context.whileOwning { images.map { $0.bind(width: 2, height: 2) } }
        #expect(await context.iterate(until: { images.allSatisfy { $0.image != nil } }))
        #expect(pipeline.statistics.transfersStarted == 1)
        #expect(images.allSatisfy { $0.image == images[0].image })
        #expect(images[0].image?.width == 2 && images[0].image?.height == 1)  // fits the box
        await context.whileOwning { bindings.forEach { $0.dispose() } }
    }

    @Test("Bytes that are no image fail with invalidImage; the next bind tries again")
    func notAnImage() async throws {
        let context = TestContext()
        let pipeline = ImagePipeline()
        let url = try Self.file(Data("<html>".utf8))
        let image = AsyncImage(url: url, pipeline: pipeline, scheduler: context.scheduler)
        let binding = await context.whileOwning { image.bind(width: 0, height: 0) }
        #expect(await context.iterate(until: { if case .failed = image.state { true } else { false } }))
        guard case .failed(let error) = image.state else { return }
        #expect(error.code == .invalidImage)
        await context.whileOwning { binding.dispose() }
        let retry = await context.whileOwning { image.bind(width: 0, height: 0) }
        #expect(image.state == .loading)
        #expect(await context.iterate(until: { if case .failed = image.state { true } else { false } }))
        await context.whileOwning { retry.dispose() }
    }

    @Test("A row makes the AsyncImage of each of its images from its URL property")
    func rowImages() throws {
        let cell = VCTableCellData(albumId: 1, id: 2, title: "t", url: "file:///full.png", thumbnailUrl: "file:///thumb.png")
        let row = PhotoCellViewModel(cell: cell, owner: nil)
        let scheduler = TestContext().scheduler
        #expect(row.asyncImage("thumbnail", scheduler: scheduler)?.url == "file:///thumb.png")
        #expect(row.asyncImage("image", scheduler: scheduler)?.url == "file:///full.png")
        #expect(row.asyncImage("avatar", scheduler: scheduler) == nil)
        #expect(row.asyncImage("thumbnail", scheduler: scheduler)?.state == AsyncImage.State.none)
    }

    @Test("A URL that is not http(s), file or resource fails with invalidURI")
    func unusableURL() async {
        let context = TestContext()
        let image = AsyncImage(url: "gopher://example.com/x.png", pipeline: ImagePipeline(), scheduler: context.scheduler)
        let binding = await context.whileOwning { image.bind(width: 0, height: 0) }
        #expect(await context.iterate(until: { image.state != .loading }))
        guard case .failed(let error) = image.state else {
            Issue.record("not failed: \(image.state)")
            return
        }
        #expect(error.code == .invalidURI)
        await context.whileOwning { binding.dispose() }
    }
}
