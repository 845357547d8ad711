import VCTableDiff

/// A row with a string identity and an integer content, written `a` (content 0) or `a2`.
struct Item: Diffable, Hashable, CustomStringConvertible {
    var id: String
    var content: Int

    init(_ id: String, _ content: Int = 0) {
        self.id = id
        self.content = content
    }

    var diffIdentifier: String { id }
    func isContentEqual(to other: Item) -> Bool { content == other.content }

    var description: String { content == 0 ? id : "\(id)\(content)" }
}

/// Rows from a compact spelling: `items("a b2 c")` is a, b with content 2, c. An identity is
/// the leading letters, the content the digits after them.
func items(_ spelling: String) -> [Item] {
    spelling.split(separator: " ").map { word in
        let letters = word.prefix { $0.isLetter }
        let digits = word.dropFirst(letters.count)
        return Item(String(letters), Int(digits) ?? 0)
    }
}

/// A section with a string identity, a header (its own content) and rows.
struct Group: DiffableSection, Hashable, CustomStringConvertible {
    var id: String
    var header: Int
    var rows: [Item]

    init(_ id: String, header: Int = 0, _ rows: String = "") {
        self.id = id
        self.header = header
        self.rows = items(rows)
    }

    init(id: String, header: Int, rows: [Item]) {
        self.id = id
        self.header = header
        self.rows = rows
    }

    var diffIdentifier: String { id }
    func isContentEqual(to other: Group) -> Bool { header == other.header }

    var description: String { "\(id)#\(header)\(rows)" }
}
