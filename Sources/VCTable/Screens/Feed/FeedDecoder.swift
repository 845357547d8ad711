import FoundationEssentials

/// Turns a feeds document into `FeedItem`s, or a `VCTableError` naming what is wrong.
///
/// The document is a JSON array of objects, each with a string `type` and an ISO 8601
/// `date`, in any order. An entry whose `type` is not one of `types` (a kind this version
/// does not know yet) is skipped, not an error, so a service can add new kinds without
/// breaking older clients; the fields of the known entries are read by their factories.
enum FeedDecoder {
    /// The entries of `data` whose type is in `types`, in document order.
    static func decode(_ data: Data, types: Set<String>) throws(VCTableError) -> [FeedItem] {
        let elements = try JSONArrayDocument.elements(of: data, holding: "feed items")
        var items: [FeedItem] = []
        items.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() {
            let reader = try JSONArrayDocument.object(element, at: index)
            let type = try reader.string("type")
            guard types.contains(type) else { continue }
            items.append(FeedItem(index: index, type: type, date: try reader.date("date"), fields: reader.fields))
        }
        return items
    }
}
