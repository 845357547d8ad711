import Foundation
import Testing
@testable import VCTable

@Suite("Screens: following a member on the wall")
struct ScreensFollowTests {
    typealias JSON = ScreensFeedJSON

    /// Member 7 and photo 8 on the 20th, member 9 on the 19th (UTC).
    static let entries = [
        JSON.member(7, name: "Ada", date: "2026-11-20T10:00:00Z"),
        JSON.photo(8, date: "2026-11-20T09:00:00Z"),
        JSON.member(9, name: "Grace", date: "2026-11-19T10:00:00Z"),
    ]

    /// A loaded wall over a `ScreensFeedService` whose follows wait for the test.
    static func gatedWall(_ entries: [String] = entries) async -> ScreensFeedHarness {
        let harness = ScreensFeedHarness(entries: entries)
        harness.screensService.setFollow(.gate)
        _ = await harness.load()
        harness.batches.removeAll()
        harness.events.removeAll()
        return harness
    }

    @Test("normal → loading → checked: each change is exactly one rowUpdated of that row, and presses while loading send one request")
    func followSucceeds() async throws {
        let harness = await Self.gatedWall()
        let service = harness.screensService
        let position = RowIndex(section: 1, index: 0)
        let row = try #require(harness.feed.list.row(at: position) as? MemberRowViewModel)
        #expect(row.member.id == 9)
        let names = ToolkitRecorder<String>()
        let subscription = try #require(row.observeProperties { names.append($0) })
        defer { subscription.dispose() }

        #expect(harness.feed.list.pressRow(at: position))
        #expect(row.followState.value == .loading, "the state changes at once")
        #expect(harness.batches.count == 0, "the list is told later")
        #expect(harness.feed.list.pressRow(at: position), "a second press while loading")
        #expect(await harness.context.screensIterate(until: { service.followGate.count == 1 }))
        #expect(await harness.drain())
        #expect(harness.batches.values == [[.rowUpdated(section: 1, index: 0)]])
        #expect(names.values == ["followState", "buttonHidden", "buttonEnabled", "spinning"])
        #expect(row.property("followState") == .string("loading"))
        #expect(row.property("buttonHidden") == .boolean(true))
        #expect(row.property("buttonEnabled") == .boolean(false))
        #expect(row.property("spinning") == .boolean(true))
        #expect(harness.feed.list.pressRow(at: position), "a third press while loading")

        names.removeAll()
        service.followGate.resolve(0, .success(()))
        #expect(await harness.context.screensIterate(until: { harness.batches.count == 2 }))
        #expect(await harness.drain())
        #expect(harness.batches.values == [[.rowUpdated(section: 1, index: 0)], [.rowUpdated(section: 1, index: 0)]])
        #expect(names.values == ["followState", "buttonHidden", "spinning"], "buttonEnabled stays false")
        #expect(row.property("followState") == .string("checked"))
        #expect(row.property("buttonHidden") == .boolean(false))
        #expect(row.property("buttonEnabled") == .boolean(false))
        #expect(row.property("spinning") == .boolean(false))

        // Checked: pressing does nothing.
        #expect(harness.feed.list.pressRow(at: position))
        #expect(await harness.drain())
        #expect(service.followCalls == [9], "one request for all those presses")
        #expect(harness.batches.count == 2)
        #expect(harness.errors.values.isEmpty)
        #expect(harness.followState(7) == "normal", "the other member is untouched")
        #expect(harness.mirror.problems.isEmpty, "\(harness.mirror.problems)")
    }

    @Test("A failed follow goes back to normal (one rowUpdated each way) and didError reports it; the button works again")
    func followFails() async throws {
        let harness = await Self.gatedWall()
        let service = harness.screensService
        let position = RowIndex(section: 0, index: 0)
        #expect(harness.feed.list.pressRow(at: position))
        #expect(await harness.context.screensIterate(until: { service.followGate.count == 1 }))
        #expect(await harness.drain())
        #expect(harness.followState(7) == "loading")
        service.followGate.resolve(0, .failure(VCTableError(.httpStatus, "The server answered HTTP 500.", httpStatus: 500)))
        #expect(await harness.context.screensIterate(until: { harness.errors.count == 1 }))
        #expect(await harness.drain())
        #expect(harness.followState(7) == "normal")
        #expect(harness.member(7)?.property("buttonEnabled") == .boolean(true))
        #expect(harness.batches.values == [[.rowUpdated(section: 0, index: 0)], [.rowUpdated(section: 0, index: 0)]])
        #expect(harness.events.values == ["list", "list", "error:An Error Occurred\n\nThe server answered HTTP 500."])

        // Any other error a service throws is reported with its description.
        struct Refused: Error, CustomStringConvertible { var description: String { "refused" } }
        #expect(harness.feed.list.pressRow(at: position))
        #expect(await harness.context.screensIterate(until: { service.followGate.count == 2 }))
        service.followGate.resolve(1, .failure(Refused()))
        #expect(await harness.context.screensIterate(until: { harness.errors.count == 2 }))
        #expect(harness.errors.last == "An Error Occurred\n\nrefused")
        #expect(service.followCalls == [7, 7])
    }

    @Test("A reload keeps follow states by member id: checked stays checked, loading stays loading, and completes later")
    func reloadKeepsFollowStates() async throws {
        let first = [
            JSON.member(7, date: "2026-11-20T10:00:00Z"),
            JSON.member(8, date: "2026-11-20T09:00:00Z", following: true),
            JSON.member(9, date: "2026-11-20T08:00:00Z"),
            JSON.member(12, date: "2026-11-20T07:00:00Z"),
        ]
        let harness = ScreensFeedHarness(entries: first)
        let service = harness.screensService
        #expect(await harness.load())
        #expect([7, 8, 9, 12].map { harness.followState($0) } == ["normal", "checked", "normal", "normal"])

        service.setFollow(.succeed)
        #expect(harness.feed.list.pressRow(at: RowIndex(section: 0, index: 0)))
        #expect(await harness.context.screensIterate(until: { harness.followState(7) == "checked" }))
        #expect(await harness.settle())
        service.setFollow(.gate)
        #expect(harness.feed.list.pressRow(at: RowIndex(section: 0, index: 2)))
        #expect(await harness.context.screensIterate(until: { service.followGate.count == 1 }))
        #expect(await harness.settle())
        #expect(harness.followState(9) == "loading")
        let loadingRow = try #require(harness.member(9))

        // The service has not caught up with 7 yet, now says 12 is followed, and adds 11.
        harness.batches.removeAll()
        service.setFeeds([
            JSON.member(7, date: "2026-11-20T10:00:00Z"),
            JSON.member(8, date: "2026-11-20T09:00:00Z", following: true),
            JSON.member(9, date: "2026-11-20T08:00:00Z"),
            JSON.member(12, date: "2026-11-20T07:00:00Z", following: true),
            JSON.member(11, date: "2026-11-20T06:00:00Z", following: true),
        ])
        #expect(await harness.load())
        #expect(await harness.settle())
        #expect([7, 8, 9, 12, 11].map { harness.followState($0) } == ["checked", "checked", "loading", "checked", "checked"])
        #expect(harness.batches.values == [
            [.rows(section: 0, Splice(position: 4, removed: 0, added: 1))],    // member 11 inserted
            [.rowUpdated(section: 0, index: 3)],                                // then 12 redrawn as checked
        ])

        // The request still running completes into the reloaded row.
        harness.batches.removeAll()
        service.followGate.resolve(0, .success(()))
        #expect(await harness.context.screensIterate(until: { harness.batches.count == 1 }))
        #expect(await harness.drain())
        #expect(harness.followState(9) == "checked")
        #expect(harness.batches.values == [[.rowUpdated(section: 0, index: 2)]])
        #expect(harness.member(9)?.followState === loadingRow.followState)
        #expect(service.followCalls == [7, 9])
        #expect(harness.mirror.problems.isEmpty, "\(harness.mirror.problems)")
    }

    @Test("A member that leaves the feed while its follow runs comes back still loading")
    func memberReturnsWhileLoading() async throws {
        let harness = await Self.gatedWall()
        let service = harness.screensService
        #expect(harness.feed.list.pressRow(at: RowIndex(section: 1, index: 0)))
        #expect(await harness.context.screensIterate(until: { service.followGate.count == 1 }))
        service.setFeeds(Array(Self.entries.prefix(2)))
        #expect(await harness.load())
        #expect(harness.member(9) == nil)
        service.setFeeds(Self.entries)
        #expect(await harness.load())
        #expect(harness.followState(9) == "loading")
        #expect(harness.feed.list.pressRow(at: RowIndex(section: 1, index: 0)))
        service.followGate.resolve(0, .success(()))
        #expect(await harness.context.screensIterate(until: { harness.followState(9) == "checked" }))
        #expect(service.followCalls == [9])
    }

    // MARK: Over HTTP

    /// A loaded wall whose feeds and follows come from `server`.
    static func httpWall(_ server: LoopbackHTTPServer) async throws -> ScreensFeedHarness {
        let service = try URIFeedService(feedsURI: server.url("/api/feeds.json"))
        let harness = ScreensFeedHarness(service: service)
        _ = await harness.load()
        return harness
    }

    @Test("Over HTTP: a follow is one POST to <directory>/members/<id>/follow, however often the button is pressed while loading")
    func httpFollow() async throws {
        let server = try LoopbackHTTPServer([
            "/api/feeds.json": .respond(body: Array(ScreensFeedJSON.document(Self.entries))),
            "/api/members/7/follow": .respond(status: 204, body: []),
        ])
        defer { server.stop() }
        let harness = try await Self.httpWall(server)
        #expect(harness.followState(7) == "normal")
        let position = RowIndex(section: 0, index: 0)
        #expect(harness.feed.list.pressRow(at: position))
        #expect(harness.feed.list.pressRow(at: position))
        #expect(harness.followState(7) == "loading")
        #expect(await harness.context.screensIterate(until: { harness.followState(7) == "checked" }))
        #expect(await harness.drain())
        #expect(harness.feed.list.pressRow(at: position))
        #expect(await harness.drain())
        #expect(server.requests(for: "/api/members/7/follow") == 1)
        #expect(server.requests(for: "/api/feeds.json") == 1)
        #expect(harness.errors.values.isEmpty)
    }

    @Test("Over HTTP: a 500 puts the button back to normal and reports the status; pressing again retries")
    func httpFollowFails() async throws {
        let server = try LoopbackHTTPServer([
            "/api/feeds.json": .respond(body: Array(ScreensFeedJSON.document(Self.entries))),
            "/api/members/9/follow": .respond(status: 500, body: Array("boom".utf8)),
        ])
        defer { server.stop() }
        let harness = try await Self.httpWall(server)
        let position = RowIndex(section: 1, index: 0)
        #expect(harness.feed.list.pressRow(at: position))
        #expect(await harness.context.screensIterate(until: { harness.errors.count == 1 }))
        #expect(harness.followState(9) == "normal")
        let message = try #require(harness.errors.values.first)
        #expect(message.hasPrefix("An Error Occurred\n\nThe server answered HTTP 500"))
        #expect(message.contains(server.url("/api/members/9/follow")))
        #expect(server.requests(for: "/api/members/9/follow") == 1)

        #expect(harness.feed.list.pressRow(at: position))
        #expect(await harness.context.screensIterate(until: { harness.errors.count == 2 }))
        #expect(server.requests(for: "/api/members/9/follow") == 2)
        #expect(harness.followState(9) == "normal")
    }

    @Test("Over file://: follows always succeed (the offline demo)")
    func fileFollow() async throws {
        let file = try TemporaryFile(contents: ScreensFeedJSON.document(Self.entries))
        defer { file.remove() }
        let service = try URIFeedService(filePath: file.path)
        #expect(!service.followsOverHTTP)
        let harness = ScreensFeedHarness(service: service)
        #expect(await harness.load())
        #expect(harness.feed.list.pressRow(at: RowIndex(section: 0, index: 0)))
        #expect(await harness.context.screensIterate(until: { harness.followState(7) == "checked" }))
        #expect(harness.errors.values.isEmpty)
    }

    @Test("A row a view still holds follows nobody once its feed is gone: no request, the state stays normal")
    func pressAfterTheFeedIsGone() async throws {
        var harness: ScreensFeedHarness? = await Self.gatedWall()
        let service = try #require(harness).screensService
        let context = try #require(harness).context
        let row = try #require(harness?.feed.list.row(at: RowIndex(section: 0, index: 0)) as? MemberRowViewModel)
        weak let feed = harness?.feed
        harness = nil
        #expect(feed == nil, "the harness held the feed's only reference")

        row.userPressed()
        #expect(row.followState.value == .normal, "a press that follows goes to loading at once")
        #expect(await context.screensDrain())
        #expect(service.followCalls.isEmpty)
    }
}
