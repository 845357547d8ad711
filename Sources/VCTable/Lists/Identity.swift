/// A row's or section's identity for diffing: any `Hashable & Sendable` value, type-erased.
///
/// `AnyHashable` is not `Sendable`; this wrapper only accepts values that are, which is
/// what makes it safe to share.
public struct Identity: Hashable, @unchecked Sendable, CustomStringConvertible,
    ExpressibleByIntegerLiteral, ExpressibleByStringLiteral {
    private let base: AnyHashable

    /// The identity `value`.
    public init<Value: Hashable & Sendable>(_ value: Value) {
        base = AnyHashable(value)
    }

    /// The identity of an integer literal.
    public init(integerLiteral value: Int) {
        self.init(value)
    }

    /// The identity of a string literal.
    public init(stringLiteral value: String) {
        self.init(value)
    }

    /// The wrapped value, as `AnyHashable`.
    public var value: AnyHashable { base }

    /// The wrapped value's description.
    public var description: String { String(describing: base.base) }
}
