import Foundation

/// Where a document's JSON syntax breaks ("Unexpected end of file during JSON parse.",
/// "Invalid value around character 10."): `JSONDecoder` does not say, `JSONSerialization`
/// does. Every decoder's `.invalidJSON` message uses it; it runs on the error path only.
enum JSONSyntax {
    static func problem(in data: Data) -> String {
        problemIfAny(in: data) ?? "the data is malformed."
    }

    /// `JSONSerialization`'s description of what is wrong with `data`, or nil when
    /// `JSONSerialization` reads it (it accepts a few things a stricter reader rejects,
    /// such as trailing commas).
    static func problemIfAny(in data: Data) -> String? {
        do {
            _ = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        } catch {
            if let text = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String {
                return text.hasSuffix(".") ? text : text + "."
            }
            return "the data is malformed."
        }
        return nil
    }
}
