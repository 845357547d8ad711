internal import CGLib

/// The `VCT_ERROR` domain: `VCTableError` codes as `GError`s.
enum CError {
    static let quark: GQuark = g_quark_from_static_string("vct-error-quark")

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

@_spi(CInterop) @c(vct_error_quark)
public func vct_error_quark() -> UInt32 {
    CError.quark
}
