internal import CGLib
internal import VCTableGObject
import FoundationEssentials

/// Encoded bytes to a `DecodedImage` through gdk-pixbuf (vct-image-decode.c), at most as
/// large as the box asked for, the dimension check first. Runs on the caller's thread: the
/// pipeline calls it from its decode tasks, never on a loop a view draws with.
enum ImageDecoder {
    /// Decodes `data` to fit `width` × `height` (0: unbounded on that side), refusing an
    /// image of more than `maximumPixels` pixels before decoding its pixels.
    static func decode(
        _ data: Data, width: Int, height: Int, maximumPixels: Int, uri: String
    ) throws(VCTableError) -> DecodedImage {
        var error: UnsafeMutablePointer<GError>?
        let pixbuf = data.withUnsafeBytes { bytes in
            _vct_image_decode(
                bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), gsize(bytes.count),
                Int32(clamping: width), Int32(clamping: height), gint64(maximumPixels), uri, &error)
        }
        guard let pixbuf else {
            defer { if let error { g_error_free(error) } }
            throw error.map { CError.read($0) } ?? VCTableError(.invalidImage, "The data at \(uri) is not an image.")
        }
        return DecodedImage(adopting: pixbuf)
    }
}
