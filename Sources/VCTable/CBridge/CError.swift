internal import CGLib

/// The `VCT_ERROR` domain (`vct_error_quark`, vct-error.c): `VCTableError` codes as
/// `GError`s.
enum CError {
    /// `g_quark_from_string` copies the name. A Swift string passed as `const char *` is a
    /// temporary buffer (a small string is not even stored in the binary), so
    /// `g_quark_from_static_string` kept a dangling pointer and `g_quark_to_string (VCT_ERROR)`
    /// later read garbage.
    static let quark: GQuark = g_quark_from_string("vct-error-quark")

    /// A new `GError *` (caller frees) for `error`.
    static func make(_ error: VCTableError) -> UnsafeMutablePointer<GError> {
        g_error_new_literal(quark, gint(error.code.rawValue), error.message)
    }

    /// Reads a caller's `GError`: a `VCT_ERROR` code is kept, any other domain is `.failed`.
    static func read(_ error: UnsafePointer<GError>) -> VCTableError {
        let message = error.pointee.message.map { String(cString: $0) } ?? "Unknown error."
        if error.pointee.domain == quark, let code = VCTableError.Code(rawValue: error.pointee.code) {
            return VCTableError(code, message)
        }
        return VCTableError(.failed, message)
    }
}
