import Synchronization

/// Where a view model shows up: as a row, or as a section's header or footer.
public enum RowRole: String, Sendable, CaseIterable {
    case row, header, footer
}

/// A row kind problem: an unregistered type, a name that does not follow the convention,
/// or a type registered twice with different kinds.
public struct RowKindError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong, naming the type.
    public var message: String
    /// The message.
    public var description: String { message }
}

/// Maps row view model types to the kind string a view uses to pick its widget (the
/// "reuse identifier"): by convention `SomethingViewModel` shows as `Something`, unless a
/// kind is given at registration. Headers and footers are registered with their role.
///
/// An unregistered type is a `RowKindError` when it is first handed to a `ListModel`,
/// never a crash inside a view's data source.
public final class RowKindRegistry: Sendable {
    private struct Entry: Sendable {
        var kind: String
        var role: RowRole
    }

    private let entries = Mutex<[ObjectIdentifier: Entry]>([:])

    /// An empty registry.
    public init() {}

    /// The conventional kind of `type`: its name without the `ViewModel` suffix, or `nil`
    /// when the name does not end in `ViewModel`.
    public static func conventionalKind(of type: any RowViewModel.Type) -> String? {
        let name = String(describing: type)
        guard name.hasSuffix("ViewModel"), name.count > "ViewModel".count else { return nil }
        return String(name.dropLast("ViewModel".count))
    }

    /// Registers `type` for `role` under `kind` (default: the conventional kind) and
    /// returns the kind. Registering it again the same way is harmless.
    @discardableResult
    public func register(_ type: any RowViewModel.Type, kind: String? = nil, role: RowRole = .row) throws(RowKindError) -> String {
        guard let kind = kind ?? Self.conventionalKind(of: type), !kind.isEmpty else {
            throw RowKindError(message: "\(type) does not end in \"ViewModel\": register it with an explicit kind.")
        }
        let conflict = entries.withLock { entries -> Entry? in
            let key = ObjectIdentifier(type)
            if let existing = entries[key], existing.kind != kind || existing.role != role { return existing }
            entries[key] = Entry(kind: kind, role: role)
            return nil
        }
        if let conflict {
            throw RowKindError(message: "\(type) is already registered as \(conflict.role) kind \"\(conflict.kind)\".")
        }
        return kind
    }

    /// The kind of `type`, checking it was registered for `role`.
    public func kind(of type: any RowViewModel.Type, role: RowRole = .row) throws(RowKindError) -> String {
        guard let entry = entries.withLock({ $0[ObjectIdentifier(type)] }) else {
            throw RowKindError(message: "\(type) is not registered: call register(\(type).self) before showing it.")
        }
        guard entry.role == role else {
            throw RowKindError(message: "\(type) is registered as a \(entry.role), not a \(role).")
        }
        return entry.kind
    }

    /// The kind of `row`'s type.
    public func kind(of row: any RowViewModel, role: RowRole = .row) throws(RowKindError) -> String {
        try kind(of: type(of: row), role: role)
    }

    /// Checks every row, header and footer of `sections` is registered for its role.
    func validate(_ sections: [ListSection]) throws(RowKindError) {
        var seen = Set<ObjectIdentifier>()
        // Rows of a list are mostly of one type: the previous row's type needs no lookup.
        var previousRowType: ObjectIdentifier?
        func check(_ model: (any RowViewModel)?, _ role: RowRole) throws(RowKindError) {
            guard let model else { return }
            let key = ObjectIdentifier(type(of: model))
            if role == .row {
                if key == previousRowType { return }
                previousRowType = key
            }
            if role != .row || seen.insert(key).inserted { _ = try kind(of: type(of: model), role: role) }
        }
        for section in sections {
            try check(section.header, .header)
            try check(section.footer, .footer)
            for row in section.rows { try check(row, .row) }
        }
    }
}
