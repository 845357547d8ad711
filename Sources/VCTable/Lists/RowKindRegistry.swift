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
/// "reuse identifier"). MVVMKit's convention, "SomeView shows SomeViewModel": a type's kind
/// is its name without the trailing `Model` (`PhotoCellViewModel` shows as
/// `"PhotoCellView"`), unless a kind is given at registration. A name that does not end in
/// `Model` is resolved by `resolveIdentifier(forModelTypeUsingUnusualNaming:)` (the resolver
/// given to `init`). Headers and footers are registered with their role.
///
/// ```swift
/// let kinds = RowKindRegistry { name in name == "Banner" ? "BannerView" : nil }
/// try kinds.register(PhotoRowViewModel.self)   // "PhotoRowView"
/// try kinds.register(Banner.self)              // "BannerView", from the resolver
/// try kinds.register(Ad.self, kind: "AdCell")  // an explicit kind
/// ```
///
/// A name neither the convention nor the resolver answers is a `RowKindError` when it is
/// registered, and an unregistered type is one when it is first handed to a `ListModel`:
/// never a crash inside a view's data source.
public final class RowKindRegistry: Sendable {
    private struct Entry: Sendable {
        var kind: String
        var role: RowRole
    }

    private let entries = Mutex<[ObjectIdentifier: Entry]>([:])
    private let unusualNaming: UnusualNaming?

    /// Answers the kind of a type whose name does not end in `Model` (the name as
    /// `String(describing:)` gives it), or `nil` when it has none. Called when such a type
    /// is registered without a kind, on the registering thread.
    public typealias UnusualNaming = @Sendable (_ fullTypeName: String) -> String?

    /// An empty registry. `resolveIdentifier` answers the names that do not end in `Model`
    /// (by default none: such a type needs an explicit kind).
    public init(resolveIdentifier: UnusualNaming? = nil) {
        unusualNaming = resolveIdentifier
    }

    /// The conventional kind of `type`: its name without the trailing `Model`
    /// (`PhotoCellViewModel` → `"PhotoCellView"`), or `nil` when the name does not end in
    /// `Model`.
    public static func conventionalKind(of type: any RowViewModel.Type) -> String? {
        let name = typeName(type)
        guard name.hasSuffix("Model"), name.count > "Model".count else { return nil }
        return String(name.dropLast("Model".count))
    }

    /// `type`'s name as `String(describing:)` gives it, read directly: `String(describing:)`
    /// first asks (dynamic casts) whether the metatype conforms to the printing protocols,
    /// which at the first model's creation ran two thirds of its instructions and touched
    /// about 0.25 MB more of the Swift runtime (`make bench-rss`).
    static func typeName(_ type: any RowViewModel.Type) -> String {
        _typeName(type, qualified: false)
    }

    /// MVVMKit's `resolveIdentifier(forModelTypeUsingUnusualNaming:)`: the kind of a type
    /// named `fullTypeName`, which does not end in `Model`, as the resolver given to `init`
    /// answers it; `nil` without a resolver or an answer.
    public func resolveIdentifier(forModelTypeUsingUnusualNaming fullTypeName: String) -> String? {
        unusualNaming?(fullTypeName)
    }

    /// Registers `type` for `role` under `kind` (default: the conventional kind, or for a
    /// name not ending in `Model` the one `resolveIdentifier(forModelTypeUsingUnusualNaming:)`
    /// answers) and returns the kind. Registering it again the same way is harmless.
    @discardableResult
    public func register(_ type: any RowViewModel.Type, kind: String? = nil, role: RowRole = .row) throws(RowKindError) -> String {
        let resolved = kind ?? Self.conventionalKind(of: type)
            ?? resolveIdentifier(forModelTypeUsingUnusualNaming: Self.typeName(type))
        guard let kind = resolved, !kind.isEmpty else {
            throw RowKindError(message:
                "\(type) does not end in \"Model\": register it with an explicit kind, or resolve its name in resolveIdentifier(forModelTypeUsingUnusualNaming:).")
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
