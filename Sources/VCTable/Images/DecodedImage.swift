internal import CGLib
internal import VCTableGObject

/// A decoded image, at the size it was asked for: what an `AsyncImage` shows once loaded.
///
/// Immutable, so safe to share between threads. Its pixels are a `GdkPixbuf` (8-bit RGB or
/// RGBA), which the C face hands out as it is (`vct_image_get_pixbuf`) and GTK 4 turns
/// into a texture with `gdk_texture_new_for_pixbuf`. Two `DecodedImage`s are equal when
/// they are the same image.
public final class DecodedImage: @unchecked Sendable, Equatable {
    /// The `GdkPixbuf` (one reference, released in `deinit`).
    let pixbuf: UnsafeMutableRawPointer

    /// The width in pixels.
    public let width: Int
    /// The height in pixels.
    public let height: Int
    /// The bytes its pixels take: what it costs a memory cache.
    public let byteCount: Int

    /// Adopts one reference to `pixbuf`.
    init(adopting pixbuf: UnsafeMutableRawPointer) {
        self.pixbuf = pixbuf
        var width: Int32 = 0
        var height: Int32 = 0
        var bytes: gsize = 0
        _vct_image_pixbuf_describe(pixbuf, &width, &height, &bytes)
        self.width = Int(width)
        self.height = Int(height)
        byteCount = Int(bytes)
    }

    deinit {
        g_object_unref(pixbuf)
    }

    /// Whether `lhs` and `rhs` are the same image.
    public static func == (lhs: DecodedImage, rhs: DecodedImage) -> Bool { lhs === rhs }
}
