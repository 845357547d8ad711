import Foundation
import Testing
@testable import VCTable

@Suite("Screens: the wall (FeedViewModel)")
struct ScreensFeedTests {
    typealias JSON = ScreensFeedJSON

    /// Six entries over three days (UTC), in no particular order; photo 5 and member 2
    /// were posted at the same instant.
    static let mixed = [
        JSON.photo(1, date: "2026-11-18T10:00:00Z"),
        JSON.member(2, name: "Ada", date: "2026-11-20T09:15:00Z"),
        JSON.photo(3, title: "Harbour", date: "2026-11-20T12:00:00Z"),
        JSON.member(4, date: "2026-11-19T23:30:00Z"),
        JSON.photo(5, date: "2026-11-20T09:15:00Z"),
        JSON.member(6, date: "2026-11-20T03:00:00Z", following: true),
    ]

    @Test("Title, loading flag and list visibility: Loading... during every fetch, then Your Feeds; the list hidden only until the first data; all notified later")
    func titleLoadingHidden() async {
        let harness = ScreensFeedHarness(entries: Self.mixed)
        let feed = harness.feed
        #expect(feed.title.value == "Loading...")
        #expect(feed.isLoading.value == false)
        #expect(feed.isListHidden.value == true)
        #expect(feed.list.numberOfSections == 0)

        #expect(await harness.load())
        #expect(harness.events.values == ["loading:true", "list", "hidden:false", "title:Your Feeds", "loading:false"])
        #expect(feed.title.value == "Your Feeds")
        #expect(feed.isListHidden.value == false)
        #expect(feed.isLoading.value == false)
        #expect(feed.lastError == nil)

        // A later reload: "Loading..." again while it runs (the original's start()), but the
        // list stays visible with the last good rows; then "Your Feeds" again.
        harness.events.removeAll()
        harness.screensService.setFeeds(Self.mixed + [JSON.photo(9, date: "2026-11-18T08:00:00Z")])
        feed.reload()
        #expect(feed.isLoading.value == true, "the value changes at once")
        #expect(feed.title.value == "Loading...", "the value changes at once")
        #expect(feed.isListHidden.value == false)
        #expect(harness.events.values.isEmpty, "nothing is reported inside reload()")
        let events = harness.events
        #expect(await harness.context.screensIterate(until: { events.values.contains("loading:false") }))
        #expect(await harness.drain())
        #expect(harness.events.values == ["loading:true", "title:Loading...", "list", "title:Your Feeds", "loading:false"])
        #expect(feed.title.value == "Your Feeds")

        // A reload that fails: the same title steps, the list still shown.
        harness.events.removeAll()
        harness.screensService.setFeeds(.failure(VCTableError(.connectionFailed, "Could not fetch the feeds.")))
        #expect(await harness.load())
        #expect(harness.events.values == [
            "loading:true", "title:Loading...", "title:Your Feeds", "loading:false",
            "error:An Error Occurred\n\nCould not fetch the feeds.",
        ])
        #expect(feed.isListHidden.value == false)
        #expect(feed.list.numberOfSections == 3, "the last good rows stay")
    }

    @Test("A failed first fetch: the title becomes Your Feeds, the list stays hidden, didError says why")
    func firstFetchFails() async {
        let context = TestContext()
        let service = ScreensFeedService(context: context)
        service.setFeeds(.failure(VCTableError(.connectionFailed, "Could not fetch the feeds.")))
        let harness = ScreensFeedHarness(context: context, service: service)
        #expect(await harness.load())
        #expect(harness.events.values == [
            "loading:true", "title:Your Feeds", "loading:false",
            "error:An Error Occurred\n\nCould not fetch the feeds.",
        ])
        #expect(harness.feed.isListHidden.value == true)
        #expect(harness.feed.lastError?.code == .connectionFailed)
        #expect(harness.feed.list.numberOfSections == 0)

        // The next successful reload shows the list.
        harness.events.removeAll()
        service.setFeeds(Self.mixed)
        #expect(await harness.load())
        #expect(harness.events.values == ["loading:true", "title:Loading...", "list", "hidden:false", "title:Your Feeds", "loading:false"])
        #expect(harness.feed.lastError == nil)
        #expect(harness.mirror.problems.isEmpty, "\(harness.mirror.problems)")
    }

    @Test(
        "One section per day (yyyy-MM-dd in the view model's time zone), newest day first, posts in the service's order within a day",
        arguments: [
            (0, ["2026-11-20: member-2 photo-3 photo-5 member-6", "2026-11-19: member-4", "2026-11-18: photo-1"],
             "2026-11-20 12:00"),
            (-8, ["2026-11-20: member-2 photo-3 photo-5", "2026-11-19: member-4 member-6", "2026-11-18: photo-1"],
             "2026-11-20 04:00"),
            (9, ["2026-11-20: member-2 photo-3 member-4 photo-5 member-6", "2026-11-18: photo-1"],
             "2026-11-20 21:00"),
        ] as [(Int, [String], String)])
    func dayGrouping(hoursFromGMT: Int, expected: [String], photoDate: String) async throws {
        let zone = try #require(TimeZone(secondsFromGMT: hoursFromGMT * 3600))
        let harness = ScreensFeedHarness(entries: Self.mixed, timeZone: zone)
        #expect(await harness.load())
        #expect(harness.layout == expected)
        let list = harness.feed.list
        for section in list.sections {
            let header = try #require(section.header as? DayHeaderViewModel)
            #expect(section.id == Identity(header.day))
            #expect(header.property("title") == .string(header.day))
            #expect(try list.kinds.kind(of: header, role: .header) == "DayHeaderView")
        }
        // The first load is one insert of every section.
        #expect(harness.batches.values == [[.sections(Splice(position: 0, removed: 0, added: expected.count))]])
        // A photo's date is shown in the same time zone.
        let photo = try #require(list.row(at: RowIndex(section: 0, index: 1)) as? PhotoRowViewModel)
        #expect(photo.property("date") == .string(photoDate))
    }

    @Test("Rows: kinds MemberRowView and PhotoRowView (MVVMKit's convention) with their properties")
    func rowsAndProperties() async throws {
        let harness = ScreensFeedHarness(entries: Self.mixed)
        #expect(await harness.load())
        let list = harness.feed.list
        #expect(list.kind(ofRowAt: RowIndex(section: 0, index: 0)) == "MemberRowView")
        #expect(list.kind(ofRowAt: RowIndex(section: 0, index: 1)) == "PhotoRowView")
        let photo = try #require(list.row(at: RowIndex(section: 0, index: 1)))
        #expect(photo.propertyNames == ["title", "description", "imageUrl", "date"])
        #expect(photo.property("title") == .string("Harbour"))
        #expect(photo.property("description") == .string("about 3"))
        #expect(photo.property("imageUrl") == .string("https://example.com/photos/3.png"))
        #expect(photo.property("date") == .string("2026-11-20 12:00"))
        #expect(photo.property("nope") == nil)
        let member = try #require(list.row(at: RowIndex(section: 0, index: 0)))
        #expect(member.propertyNames == ["name", "avatarUrl", "followState", "buttonHidden", "buttonEnabled", "spinning"])
        #expect(member.property("name") == .string("Ada"))
        #expect(member.property("avatarUrl") == .string("https://example.com/avatars/2.png"))
        #expect(member.property("followState") == .string("normal"))
        #expect(member.property("buttonHidden") == .boolean(false))
        #expect(member.property("buttonEnabled") == .boolean(true))
        #expect(member.property("spinning") == .boolean(false))
        // Already followed according to the service: checked.
        #expect(harness.followState(6) == "checked")
        #expect(harness.member(6)?.property("buttonEnabled") == .boolean(false))
        #expect(harness.member(6)?.property("buttonHidden") == .boolean(false))
        // A member without "following" is not followed.
        let bare = ScreensFeedHarness(entries: [JSON.member(1, date: "2026-11-20T10:00:00Z", following: nil)])
        #expect(await bare.load())
        #expect(bare.followState(1) == "normal")
    }

    @Test("Reloads report minimal changes: an inserted row, an updated row, a removed day")
    func minimalChanges() async {
        let first = [
            JSON.member(2, date: "2026-11-20T09:00:00Z"),
            JSON.photo(3, date: "2026-11-20T10:00:00Z"),
            JSON.photo(1, date: "2026-11-18T10:00:00Z"),
        ]
        let harness = ScreensFeedHarness(entries: first)
        #expect(await harness.load())
        #expect(harness.layout == ["2026-11-20: member-2 photo-3", "2026-11-18: photo-1"])

        func reload(_ entries: [String]) async -> [[ListChange]] {
            harness.batches.removeAll()
            harness.screensService.setFeeds(entries)
            _ = await harness.load()
            return harness.batches.values
        }
        let inserted = first + [JSON.photo(7, date: "2026-11-20T13:00:00Z")]
        #expect(await reload(inserted) == [[.rows(section: 0, Splice(position: 2, removed: 0, added: 1))]])
        #expect(harness.layout == ["2026-11-20: member-2 photo-3 photo-7", "2026-11-18: photo-1"])

        let renamed = [
            JSON.member(2, date: "2026-11-20T09:00:00Z"),
            JSON.photo(3, title: "renamed", date: "2026-11-20T10:00:00Z"),
            JSON.photo(1, date: "2026-11-18T10:00:00Z"),
            JSON.photo(7, date: "2026-11-20T13:00:00Z"),
        ]
        #expect(await reload(renamed) == [[.rowUpdated(section: 0, index: 1)]])
        #expect(await reload(renamed) == [], "the same document changes nothing")

        #expect(await reload(Array(renamed.filter { !$0.contains("\"id\": 1,") })) == [[.sections(Splice(position: 1, removed: 1, added: 0))]])
        #expect(harness.layout == ["2026-11-20: member-2 photo-3 photo-7"])
        #expect(harness.mirror.problems.isEmpty, "\(harness.mirror.problems)")
        #expect(harness.mirror.copy == ToolkitSectionSnapshot.of(harness.feed.list.sections))
    }

    @Test("Entries of an unknown type are skipped, whatever their fields; not an error")
    func unknownTypesSkipped() async {
        let harness = ScreensFeedHarness(entries: [
            "{\"type\": \"ad\", \"slogan\": 42}",
            JSON.member(2, date: "2026-11-20T09:00:00Z"),
            "{\"type\": \"story\", \"date\": \"not a date\"}",
            JSON.place(5, name: "Lisbon", date: "2026-11-20T10:00:00Z"),
        ])
        #expect(await harness.load())
        #expect(harness.errors.values.isEmpty)
        #expect(harness.layout == ["2026-11-20: member-2"])
    }

    @Test(
        "Malformed documents fail the reload with a code and a message naming the item and field",
        arguments: [
            ("[{\"type\": \"member\", \"id\": 7, \"avatarUrl\": \"a\", \"date\": \"2026-11-20T09:15:00Z\"}]",
             VCTableError.Code.missingField, "Item 0, field \"name\" is missing."),
            ("[" + ScreensFeedJSON.photo(1, date: "2026-11-20T09:15:00Z") + ", {\"type\": \"member\", \"id\": \"7\", \"name\": \"Ada\", \"avatarUrl\": \"a\", \"date\": \"2026-11-20T09:15:00Z\"}]",
             .wrongFieldType, "Item 1, field \"id\" should be an integer (found a string)."),
            ("[{\"type\": \"photo\", \"id\": 1, \"title\": \"t\", \"description\": null, \"imageUrl\": \"u\", \"date\": \"2026-11-20T09:15:00Z\"}]",
             .missingField, "Item 0, field \"description\" is null."),
            ("[{\"type\": \"member\", \"id\": 1.5, \"name\": \"Ada\", \"avatarUrl\": \"a\", \"date\": \"2026-11-20T09:15:00Z\"}]",
             .wrongFieldType, "Item 0, field \"id\" should be an integer (found the number 1.5)."),
            ("[{\"type\": \"member\", \"id\": 1, \"name\": \"Ada\", \"avatarUrl\": \"a\", \"date\": \"2026-11-20T09:15:00Z\", \"following\": \"yes\"}]",
             .wrongFieldType, "Item 0, field \"following\" should be a boolean (found a string)."),
            ("[{\"type\": \"photo\", \"id\": 1, \"title\": \"t\", \"description\": \"d\", \"imageUrl\": \"u\", \"date\": \"yesterday\"}]",
             .wrongFieldType, "Item 0, field \"date\" should be an ISO 8601 date such as \"2026-11-20T09:15:00Z\" (found \"yesterday\")."),
            ("[{\"type\": \"photo\", \"id\": 1, \"date\": 20261120}]",
             .wrongFieldType, "Item 0, field \"date\" should be an ISO 8601 date string (found the number 20261120)."),
            ("[{\"id\": 1}]", .missingField, "Item 0, field \"type\" is missing."),
            ("[{\"type\": 3}]", .wrongFieldType, "Item 0, field \"type\" should be a string (found the number 3)."),
            ("[42]", .wrongFieldType, "Item 0 is not a JSON object (found the number 42)."),
            ("{\"feeds\": []}", .notAnArray, "The response is not a JSON array of feed items (found an object)."),
            ("null", .notAnArray, "The response is not a JSON array of feed items (found null)."),
            (" \n", .emptyResponse, "The response is empty."),
        ] as [(String, VCTableError.Code, String)])
    func malformed(document: String, code: VCTableError.Code, message: String) async {
        let context = TestContext()
        let service = ScreensFeedService(context: context)
        service.setFeeds(.success(Data(document.utf8)))
        let harness = ScreensFeedHarness(context: context, service: service)
        #expect(await harness.load())
        #expect(harness.feed.lastError == VCTableError(code, message))
        #expect(harness.errors.values == ["An Error Occurred\n\n" + message])
        #expect(harness.feed.list.numberOfSections == 0)
    }

    @Test("Invalid JSON says where the syntax breaks")
    func invalidJSON() throws {
        let error = #expect(throws: VCTableError.self) {
            try FeedDecoder.decode(Data("[{\"type\": ".utf8), types: ["member"])
        }
        #expect(error?.code == .invalidJSON)
        #expect(error?.message.hasPrefix("The response is not valid JSON: ") == true)
        #expect(error?.message.hasSuffix(".") == true)
    }

    @Test("Selecting or pressing a photo row reports openDetail with the photo; member rows never do")
    func openDetail() async throws {
        let harness = ScreensFeedHarness(entries: Self.mixed)
        #expect(await harness.load())
        harness.events.removeAll()
        let list = harness.feed.list
        #expect(list.selectRow(at: RowIndex(section: 0, index: 1)))      // photo 3
        #expect(harness.details.count == 0, "reported later, not inside selectRow")
        #expect(list.pressRow(at: RowIndex(section: 2, index: 0)))       // photo 1
        #expect(list.selectRow(at: RowIndex(section: 0, index: 0)))      // member 2: nothing
        #expect(!list.selectRow(at: RowIndex(section: 5, index: 0)))
        #expect(await harness.drain())
        #expect(harness.details.values.map(\.id) == [3, 1])
        let photo = try #require(harness.details.values.first)
        #expect(photo == FeedPhoto(
            id: 3, title: "Harbour", description: "about 3", imageUrl: "https://example.com/photos/3.png",
            date: try Date("2026-11-20T12:00:00Z", strategy: Date.ISO8601FormatStyle())))
        #expect(harness.events.values == ["detail:3", "detail:1"])
        #expect(harness.screensService.followCalls.isEmpty)
    }

    @Test("A photo row is ViewModelPressible: its factory sets cellPressed, which selecting and pressing call; a program's factory can set its own")
    func cellPressed() async throws {
        let harness = ScreensFeedHarness(entries: Self.mixed)
        #expect(await harness.load())
        harness.events.removeAll()
        let list = harness.feed.list
        let row = try #require(list.row(at: RowIndex(section: 0, index: 1)) as? any ViewModelPressible)
        #expect((row as? PhotoRowViewModel)?.photo.id == 3)
        #expect(!(list.row(at: RowIndex(section: 0, index: 0)) is any ViewModelPressible), "a member row is not pressible")
        // What the original's didSelectRowAt does: `rowViewModel.cellPressed?()`.
        let pressed = try #require(row.cellPressed)
        pressed()
        #expect(harness.details.count == 0, "reported later, not inside cellPressed")
        #expect(await harness.drain())
        #expect(harness.events.values == ["detail:3"])
        // A row without a closure does nothing when selected or pressed.
        var bare = try #require(row as? PhotoRowViewModel)
        bare.cellPressed = nil
        bare.userSelected()
        bare.userPressed()
        #expect(await harness.drain())
        #expect(harness.events.values == ["detail:3"])

        // The program wraps the standard photo factory and sets its own cellPressed: the
        // list's selection and press call it instead of openDetail.
        let factories = FeedRowFactories.standard()
        let standardPhoto = try #require(factories.factory(for: "photo"))
        let opened = ToolkitRecorder<Int>()
        try factories.register("photo", rowType: PhotoRowViewModel.self) { item, context in
            guard var photo = try standardPhoto(item, context) as? PhotoRowViewModel else {
                throw VCTableError(.failed, "not a photo row")
            }
            let id = photo.photo.id
            photo.cellPressed = { opened.append(id) }
            return photo
        }
        let custom = ScreensFeedHarness(entries: Self.mixed, rowFactories: factories)
        #expect(await custom.load())
        #expect(custom.feed.list.selectRow(at: RowIndex(section: 0, index: 1)))   // photo 3
        #expect(custom.feed.list.pressRow(at: RowIndex(section: 2, index: 0)))    // photo 1
        #expect(opened.values == [3, 1], "called inline, on the caller's thread")
        #expect(await custom.drain())
        #expect(custom.details.values.isEmpty)
    }

    @Test("A third row kind (place) comes from a factory registration alone, with its own kind")
    func placeRows() async throws {
        let entries = [
            JSON.place(5, name: "Lisbon", date: "2026-11-20T10:00:00Z"),
            JSON.member(2, date: "2026-11-20T09:00:00Z"),
            JSON.photo(3, date: "2026-11-19T09:00:00Z"),
        ]
        let factories = FeedRowFactories.screensWithPlaces()
        #expect(factories.types == ["member", "photo", "place"])
        #expect(FeedRowFactories.standard().types == ["member", "photo"], "standard() is a new registry each time")
        let harness = ScreensFeedHarness(entries: entries, rowFactories: factories)
        #expect(await harness.load())
        #expect(harness.layout == ["2026-11-20: place-5 member-2", "2026-11-19: photo-3"])
        let list = harness.feed.list
        #expect(list.kind(ofRowAt: RowIndex(section: 0, index: 0)) == "PlaceRowView")
        #expect(list.row(at: RowIndex(section: 0, index: 0))?.property("name") == .string("Lisbon"))
        #expect(list.kind(ofRowAt: RowIndex(section: 0, index: 1)) == "MemberRowView")

        // Its fields are checked like any other entry's.
        harness.screensService.setFeeds(["{\"type\": \"place\", \"id\": 5, \"date\": \"2026-11-20T10:00:00Z\"}"])
        #expect(await harness.load())
        #expect(harness.feed.lastError == VCTableError(.missingField, "Item 0, field \"name\" is missing."))

        // A factory returning a type it did not register fails the reload instead of crashing a view.
        let wrong = FeedRowFactories.standard()
        try wrong.register("place", rowType: PhotoRowViewModel.self) { item, _ in try ScreensPlaceRowViewModel(item: item) }
        let unregistered = ScreensFeedHarness(entries: entries, rowFactories: wrong)
        #expect(await unregistered.load())
        #expect(unregistered.feed.lastError?.code == .failed)
        #expect(unregistered.feed.lastError?.message.contains("ScreensPlaceRowViewModel") == true)
    }

    @Test("Latest wins: a superseded fetch is cancelled and its late result is never shown")
    func latestWins() async {
        let context = TestContext()
        let service = ScreensFeedService(context: context, gatedFeeds: true)
        let harness = ScreensFeedHarness(context: context, service: service)
        harness.feed.reload()
        #expect(await context.screensIterate(until: { service.feedGate.count == 1 }))
        harness.feed.reload()
        #expect(await context.screensIterate(until: { service.feedGate.count == 2 && service.feedGate.isCancelled(0) }))
        service.feedGate.resolve(1, .success(ScreensFeedJSON.document([JSON.photo(2, date: "2026-11-20T10:00:00Z")])))
        #expect(await context.screensIterate(until: { harness.events.values.contains("loading:false") }))
        service.feedGate.resolve(0, .success(ScreensFeedJSON.document([JSON.photo(1, date: "2026-11-20T10:00:00Z")])))
        #expect(await harness.drain())
        #expect(harness.layout == ["2026-11-20: photo-2"])
        #expect(harness.events.values == ["loading:true", "list", "hidden:false", "title:Your Feeds", "loading:false"])
    }

    @Test("Releasing the wall cancels its fetch; nothing is delivered afterwards")
    func releaseCancels() async {
        let context = TestContext()
        let service = ScreensFeedService(context: context, gatedFeeds: true)
        let delivered = ToolkitRecorder<String>()
        do {
            let feed = FeedViewModel(service: service, scheduler: context.scheduler)
            _ = feed.isLoading.observe { delivered.append("loading:\($0)") }
            feed.reload()
            #expect(await context.screensIterate(until: { service.feedGate.count == 1 }))
        }
        #expect(await context.screensIterate(until: { service.feedGate.isCancelled(0) }))
        #expect(await context.screensDrain())
        #expect(!delivered.values.contains("loading:false"))
    }
}
