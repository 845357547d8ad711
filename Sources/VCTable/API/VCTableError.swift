/// Why a reload or an image load failed: one code per failure kind, and a message a person can read.
///
/// The C API reports the same codes in the `VCT_ERROR` domain (`VctError`), with the same
/// raw values.
public struct VCTableError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The failure kinds. Raw values are the C `VctError` codes.
    public enum Code: Int32, Sendable, CaseIterable {
        /// A failure with no more specific code, such as one a custom MyAPI reported.
        case failed = 0
        /// The URI is not an `http://`, `https://` or `file://` URI, or cannot be parsed.
        case invalidURI = 1
        /// The server could not be reached: connection refused, no route, name not resolved, TLS failed.
        case connectionFailed = 2
        /// The request did not complete within its timeout.
        case timedOut = 3
        /// The server answered with a status outside 200–299.
        case httpStatus = 4
        /// The body is larger than the API's size limit.
        case bodyTooLarge = 5
        /// The connection ended before the whole body arrived.
        case truncatedBody = 6
        /// The body is empty (or white space only).
        case emptyResponse = 7
        /// The body is not JSON (syntax error, invalid UTF-8).
        case invalidJSON = 8
        /// The JSON document is not an array.
        case notAnArray = 9
        /// An element or field has the wrong JSON type.
        case wrongFieldType = 10
        /// A required field is missing (or null).
        case missingField = 11
        /// The file could not be read.
        case fileUnreadable = 12
        /// The request was cancelled.
        case cancelled = 13
        /// The data is not an image gdk-pixbuf can decode, or a truncated or corrupt one.
        case invalidImage = 14
        /// The image claims more pixels than the pipeline accepts (a decompression bomb);
        /// refused before decoding.
        case imageTooLarge = 15
    }

    /// The failure kind.
    public var code: Code
    /// A human description naming what failed: the HTTP status, the JSON index and field, the path.
    public var message: String
    /// The HTTP status, for `.httpStatus`.
    public var httpStatus: Int?

    /// An error of kind `code` described by `message`.
    public init(_ code: Code, _ message: String, httpStatus: Int? = nil) {
        self.code = code
        self.message = message
        self.httpStatus = httpStatus
    }

    /// The error's `message`.
    public var description: String { message }
}

extension VCTableError {
    /// Maps any error a `MyAPI` throws to a `VCTableError`: a `VCTableError` stays as it is;
    /// anything else becomes `.failed` with its description.
    init(from error: any Error) {
        if let error = error as? VCTableError {
            self = error
        } else if error is CancellationError {
            self.init(.cancelled, "The request was cancelled.")
        } else {
            self.init(.failed, String(describing: error))
        }
    }
}
