internal import CGLib
import FoundationEssentials

/// Finds the data files VCTable ships (the photos fixture) wherever the library runs from.
///
/// In order: `<prefix>/share/vctable/` beside an installed `<prefix>/lib/libVCTable.so`;
/// the SwiftPM resource bundle `VCTable_VCTable.resources/` beside the built library or
/// executable; the package's own `Sources/VCTable/Resources/` (a build from a checkout).
enum BundledFixture {
    /// The absolute path of the shipped file `name`, or `.fileUnreadable` listing where it looked.
    static func path(named name: String) throws(VCTableError) -> String {
        let candidates = directories().map { $0 + "/" + name }
        if let found = candidates.first(where: { FileManager.default.isReadableFile(atPath: $0) }) {
            return found
        }
        throw VCTableError(
            .fileUnreadable,
            "The bundled \(name) was not found; looked in: \(candidates.joined(separator: ", ")).")
    }

    /// The file of the loaded image (library or executable) that maps `address`, read from
    /// `/proc/self/maps` (`dladdr` needs `_GNU_SOURCE`, which Swift's Glibc module lacks).
    static func imagePath(containing address: UnsafeRawPointer) -> String? {
        // Read to the end: procfs files report size 0, and a single read returns only the
        // first page, which rarely holds libVCTable.so's lines.
        // (GLib's reader: FileHandle is Foundation's, which the library does not link.)
        var contents: UnsafeMutablePointer<gchar>?
        guard g_file_get_contents("/proc/self/maps", &contents, nil, nil) != 0, let contents else { return nil }
        let maps = String(cString: contents)
        g_free(contents)
        let target = UInt(bitPattern: address)
        for line in maps.split(separator: "\n") {
            let fields = line.split(separator: " ", maxSplits: 5, omittingEmptySubsequences: true)
            // `maxSplits` leaves the padding before the path in the last field.
            guard fields.count == 6 else { continue }
            let path = fields[5].drop(while: { $0 == " " })
            guard path.hasPrefix("/") else { continue }
            let bounds = fields[0].split(separator: "-")
            guard bounds.count == 2, let low = UInt(bounds[0], radix: 16), let high = UInt(bounds[1], radix: 16) else { continue }
            if low <= target && target < high { return String(path) }
        }
        return nil
    }

    static func directories() -> [String] {
        var directories: [String] = []
        if let file = imagePath(containing: #dsohandle) {
            let image = URL(fileURLWithPath: file).resolvingSymlinksInPath()
            let folder = image.deletingLastPathComponent()
            directories.append(folder.deletingLastPathComponent().appendingPathComponent("share/vctable").path)
            directories.append(folder.appendingPathComponent("VCTable_VCTable.resources").path)
        }
        let source = URL(fileURLWithPath: #filePath)  // …/Sources/VCTable/Model/BundledFixture.swift
            .deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Resources")
        directories.append(source.path)
        return directories
    }
}
