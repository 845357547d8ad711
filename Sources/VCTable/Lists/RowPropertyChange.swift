/// One property change of a row as its observers receive it: which property changed, and
/// the row's properties as of that change.
///
/// Changes are delivered later, on the row's scheduler, so by the time an observer runs
/// the row may have moved on (a follow that has already succeeded: `property(_:)` says
/// "checked" while the change being delivered is the one to "loading"). `value(of:)`
/// answers for the change being delivered, as a GObject `notify` handler reading the
/// object would: every change is seen, in order, with its own values.
public struct RowPropertyChange: Sendable {
    /// The property that changed.
    public let name: String
    private let values: @Sendable (String) -> PropertyValue?

    /// A change of `name`, whose row then had the properties `values` answers.
    public init(name: String, values: @escaping @Sendable (String) -> PropertyValue?) {
        self.name = name
        self.values = values
    }

    /// The value of `property` (any of the row's properties) as of this change.
    public func value(of property: String) -> PropertyValue? { values(property) }

    /// The changed property's value as of this change.
    public var value: PropertyValue? { values(name) }
}
