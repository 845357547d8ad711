import FoundationEssentials

/// Turns a songs document into `Song`s, or a `VCTableError` naming what is wrong with it
/// (the item and the field, as `PhotoDecoder` does).
enum SongDecoder {
    /// Decodes `data`, a JSON array of `{id, title, subtitle, duration}` objects
    /// (`duration`: a non-negative integer, in seconds). Unknown extra fields are accepted.
    static func decode(_ data: Data) throws(VCTableError) -> [Song] {
        let elements = try JSONArrayDocument.elements(of: data, holding: "songs")
        var songs: [Song] = []
        songs.reserveCapacity(elements.count)
        // A song is selected, played and diffed by its id: two songs with one id would
        // both play, or neither.
        var seen: [Int: Int] = [:]
        for (index, element) in elements.enumerated() {
            let reader = try JSONArrayDocument.object(element, at: index)
            let seconds = try reader.integer("duration")
            guard seconds >= 0 else {
                throw VCTableError(
                    .wrongFieldType, "\(reader.place("duration")) should be a non-negative number of seconds (found \(seconds)).")
            }
            let id = try reader.integer("id")
            if let first = seen.updateValue(index, forKey: id) {
                throw VCTableError(
                    .wrongFieldType, "\(reader.place("id")) repeats the id of item \(first) (\(id)): song ids must be unique.")
            }
            songs.append(Song(
                id: id, title: try reader.string("title"),
                subtitle: try reader.string("subtitle"), duration: .seconds(seconds)))
        }
        return songs
    }
}
