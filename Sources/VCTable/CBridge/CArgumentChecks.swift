internal import CGLib

/// `g_return_if_fail` for the C entry points: a failed check logs GLib's usual critical
/// ("vct_…: assertion 'model != NULL' failed", log domain "VCTable") through
/// `g_return_if_fail_warning`, the function the GLib macro itself calls, and the entry
/// point returns a safe value instead of crashing.
@inline(__always)
func cCheck(_ condition: Bool, _ function: StaticString, _ expression: StaticString) -> Bool {
    if condition { return true }
    function.withUTF8Buffer { name in
        expression.withUTF8Buffer { text in
            // StaticString literals are NUL-terminated.
            g_return_if_fail_warning(
                "VCTable",
                UnsafeRawPointer(name.baseAddress!).assumingMemoryBound(to: CChar.self),
                UnsafeRawPointer(text.baseAddress!).assumingMemoryBound(to: CChar.self))
        }
    }
    return false
}

/// A `GDestroyNotify` as the C entry points receive it.
@_spi(CInterop) public typealias CDestroyNotify = @convention(c) (UnsafeMutableRawPointer?) -> Void
