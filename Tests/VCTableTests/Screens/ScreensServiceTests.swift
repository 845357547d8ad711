import Foundation
import Testing
@testable import VCTable

@Suite("Screens: URIFeedService and URISongService")
struct ScreensServiceTests {
    @Test("Only http, https and file URIs are accepted", arguments: ["ftp://example.com/feeds", "feeds.json", "", "http://"])
    func invalidURIs(_ uri: String) {
        let feeds = #expect(throws: VCTableError.self) { try URIFeedService(feedsURI: uri) }
        #expect(feeds?.code == .invalidURI)
        #expect(feeds?.message == "Cannot fetch feeds from \"\(uri)\": use an http://, https:// or file:// URI.")
        let songs = #expect(throws: VCTableError.self) { try URISongService(uri: uri) }
        #expect(songs?.code == .invalidURI)
        #expect(songs?.message == "Cannot fetch songs from \"\(uri)\": use an http://, https:// or file:// URI.")
    }

    @Test(
        "A follow goes to <directory of the feeds URI>/members/<id>/follow",
        arguments: [
            ("http://example.com/api/feeds.json", "http://example.com/api/members/7/follow"),
            ("https://example.com/api/v2/feeds?page=1#top", "https://example.com/api/v2/members/7/follow"),
            ("http://example.com/feeds", "http://example.com/members/7/follow"),
            ("http://example.com/api/", "http://example.com/api/members/7/follow"),
            ("http://127.0.0.1:8080", "http://127.0.0.1:8080/members/7/follow"),
        ])
    func followURI(feeds: String, follow: String) throws {
        let service = try URIFeedService(feedsURI: feeds)
        #expect(service.followURI(forMember: 7) == follow)
        #expect(service.followsOverHTTP)
        #expect(service.timeout == .seconds(30))
        #expect(service.maximumBodySize == 64 * 1024 * 1024)
    }

    @Test("Feeds and songs are fetched over HTTP; a status outside 2xx is .httpStatus")
    func http() async throws {
        let feeds = ScreensFeedJSON.document([ScreensFeedJSON.photo(1, date: "2026-11-20T10:00:00Z")])
        let songs = ScreensSongJSON.document([1, 2])
        let server = try LoopbackHTTPServer(["/feeds": .respond(body: Array(feeds)), "/songs": .respond(body: Array(songs))])
        defer { server.stop() }
        #expect(try await URIFeedService(feedsURI: server.url("/feeds")).getFeeds() == feeds)
        #expect(try await URISongService(uri: server.url("/songs")).getSongs() == songs)
        let missing = await #expect(throws: VCTableError.self) {
            try await URISongService(uri: server.url("/nothing")).getSongs()
        }
        #expect(missing?.code == .httpStatus)
        #expect(missing?.httpStatus == 404)
        let follow = await #expect(throws: VCTableError.self) {
            try await URIFeedService(feedsURI: server.url("/feeds")).followMember(id: 3)
        }
        #expect(follow?.httpStatus == 404)
        #expect(server.requests(for: "/members/3/follow") == 1)
    }

    @Test("Files are read through GIO; a missing one is .fileUnreadable")
    func files() async throws {
        let songs = ScreensSongJSON.document([4])
        let file = try TemporaryFile(contents: songs)
        defer { file.remove() }
        let service = try URISongService(filePath: file.path)
        #expect(service.uri.hasPrefix("file:///"))
        #expect(try await service.getSongs() == songs)
        let missing = await #expect(throws: VCTableError.self) {
            try await URIFeedService(filePath: "/nonexistent-\(UUID().uuidString).json").getFeeds()
        }
        #expect(missing?.code == .fileUnreadable)
        // Following over file:// needs no server.
        try await URIFeedService(filePath: file.path).followMember(id: 1)
    }
}
