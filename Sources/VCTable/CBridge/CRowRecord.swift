internal import CGLib
internal import VCTableGObject
import Synchronization

/// Row records (`VctRowRecord`, vctable-private.h): what one row shows, written here in
/// the C half's layout so that the C half reads every row property without calling back
/// into Swift.
///
/// A record is one `g_malloc`'d block: the header, one `VctRowValue` per key of the row's
/// class (`RowClassProperties`), then the bytes of its strings, each NUL-terminated. It is
/// made with one reference, which the delivery that carries it gives to the C half.
enum CRowRecord {
    typealias Pointer = UnsafeMutablePointer<VctRowRecord>

    /// A record of `model` shown as `role`, its kind from `kinds`, its identity `identity`
    /// (`identity(section:role:model:)`), its values `model`'s now or, for a change being
    /// reported, `change`'s. A view model whose values change in place
    /// (`DeclaredRowViewModel.changesInPlace`) is read at once through the record outside
    /// its list's deliveries (`CLiveRow`). Transfer full.
    static func make(
        _ model: any RowViewModel, role: RowRole, kinds: KindNames, identity: UInt64,
        list: CListModel? = nil, change: RowPropertyChange? = nil, live: CLiveRow? = nil
    ) -> Pointer {
        let classId = CRowClass.id(of: model)
        let properties = RowClassProperties.of(classId)
        let declared = properties == nil ? nil : model as? any DeclaredRowViewModel
        let keys = properties?.properties ?? []
        let headerSize = MemoryLayout<VctRowRecord>.stride
        let valueSize = MemoryLayout<VctRowValue>.stride

        let core = declared.map { type(of: $0).changesInPlace } == true
            ? Unmanaged.passRetained(live ?? CLiveRow(model, role: role, identity: identity, list: list)).toOpaque()
            : nil
        // The values, as the C half reads them (on the stack), and the bytes their strings
        // take; then the record, in one block.
        return withUnsafeTemporaryAllocation(of: (String?, Int64).self, capacity: max(keys.count, 1)) { buffer in
            let pairs = buffer.baseAddress!
            var stringBytes = 0
            for (index, property) in keys.enumerated() {
                let value = change.map { $0.value(of: property.name) } ?? declared?.value(for: property.key)
                let pair: (String?, Int64) = Self.value(value, as: property.valueType)
                if let string = pair.0 { stringBytes += string.utf8.count + 1 }
                (pairs + index).initialize(to: pair)
            }
            defer { pairs.deinitialize(count: keys.count) }

            let raw = g_malloc(gsize(headerSize + valueSize * keys.count + stringBytes))!
            let record = raw.bindMemory(to: VctRowRecord.self, capacity: 1)
            record.initialize(to: VctRowRecord(
                ref_count: 1, class_id: guint16(classId.rawValue), role: Self.cRole(role),
                kind: kinds.name(of: model, role: role), identity: guint64(truncatingIfNeeded: identity),
                first_key: guint(keys.first?.key.rawValue ?? 0), n_values: guint(keys.count), core: core))
            let values = (raw + headerSize).bindMemory(to: VctRowValue.self, capacity: keys.count)
            var bytes = (raw + headerSize + valueSize * keys.count).assumingMemoryBound(to: CChar.self)
            for index in keys.indices {
                var text: UnsafePointer<CChar>?
                if let string = pairs[index].0 {
                    // withCString lends a native string's own bytes (no copy into an array).
                    let length = string.utf8.count
                    string.withCString { bytes.update(from: $0, count: length + 1) }
                    text = UnsafePointer(bytes)
                    bytes += length + 1
                }
                (values + index).initialize(to: VctRowValue(string: text, integer: gint64(pairs[index].1)))
            }
            return record
        }
    }

    /// `value` as a record value of a property of `type`, its string `g_strdup`'d (the
    /// receiver's).
    static func value(_ value: PropertyValue?, as type: VctRowValueType) -> VctRowValue {
        let (string, integer) = Self.value(value, as: type) as (String?, Int64)
        return VctRowValue(string: string.map { text in UnsafePointer(text.withCString { g_strdup($0) }) } ?? nil,
                           integer: gint64(integer))
    }

    /// A view model's value as the C half reads a property of `type`: a string (a
    /// `STRING`, an `ENUM`'s nick) or an integer (an `INT64`, a `BOOLEAN`); an absent value
    /// is a `NULL` string or 0.
    private static func value(_ value: PropertyValue?, as type: VctRowValueType) -> (String?, Int64) {
        guard let value else { return (nil, 0) }
        switch type {
        case VCT_ROW_VALUE_STRING, VCT_ROW_VALUE_ENUM:
            switch value {
            case .string(let text): return (text, 0)
            case .integer(let number): return (String(number), 0)
            case .boolean(let flag): return (flag ? "true" : "false", 0)
            }
        case VCT_ROW_VALUE_INT64, VCT_ROW_VALUE_BOOLEAN:
            switch value {
            case .integer(let number): return (nil, type == VCT_ROW_VALUE_BOOLEAN ? (number != 0 ? 1 : 0) : number)
            case .boolean(let flag): return (nil, flag ? 1 : 0)
            case .string: return (nil, 0)
            }
        default:
            return (nil, 0)  // an image: its URL property carries it
        }
    }

    /// `VctRowRole`'s value for `role`.
    static func cRole(_ role: RowRole) -> guint16 {
        switch role {
        case .row: 0
        case .header: 1
        case .footer: 2
        }
    }

    /// A row's identity in its list, for the C half to find a removed row's object back by:
    /// its section's, its role, and (for a row) its own.
    static func identity(section: Identity, role: RowRole, model: any RowViewModel) -> UInt64 {
        var hasher = Hasher()
        hasher.combine(section)
        hasher.combine(role)
        if role == .row { hasher.combine(model.diffIdentifier) }
        return UInt64(bitPattern: Int64(hasher.finalize()))
    }
}

/// A row view model whose values change in place (a member's follow state, a song's
/// mode), as its records refer to it (`VctRowRecord.core`): its row objects read it at once
/// (`row_get`), from any thread, outside their list's deliveries, as a change may not have
/// been told yet; and it tells each change to its list as it is reported
/// (`CListModel.deliver(_:of:)`), for as long as a record of it lives (the one of a row
/// object a program holds after a batch removed its row included). Released with
/// `core_release` when its last record goes.
final class CLiveRow: Sendable {
    let model: any RowViewModel
    let role: RowRole
    let identity: UInt64
    private weak let list: CListModel?
    private let subscription = SerialDisposable()

    init(_ model: any RowViewModel, role: RowRole, identity: UInt64, list: CListModel?) {
        self.model = model
        self.role = role
        self.identity = identity
        self.list = list
        guard list != nil else { return }
        subscription.inner = model.observePropertyChanges { [weak self] change in
            guard let self else { return }
            self.list?.deliver(change, of: self)
        }
    }

    deinit {
        subscription.dispose()
    }
}

/// The row class (`VctRowClassId`) a view model shows as.
enum CRowClass {
    static func id(of row: any RowViewModel) -> VctRowClassId {
        id(ofType: type(of: row))
    }

    /// The same comparisons without an instance (no dynamic cast).
    static func id(ofType type: any RowViewModel.Type) -> VctRowClassId {
        switch ObjectIdentifier(type) {
        case ObjectIdentifier(PhotoCellViewModel.self): VCT_ROW_CLASS_PHOTO
        case ObjectIdentifier(MemberRowViewModel.self): VCT_ROW_CLASS_MEMBER
        case ObjectIdentifier(PhotoRowViewModel.self): VCT_ROW_CLASS_FEED_PHOTO
        case ObjectIdentifier(DayHeaderViewModel.self): VCT_ROW_CLASS_DAY_HEADER
        case ObjectIdentifier(SongRowViewModel.self): VCT_ROW_CLASS_SONG
        default: VCT_ROW_CLASS_GENERIC
        }
    }
}

/// The kinds of a list's rows (`RowKindRegistry`) as interned C strings, one lookup per
/// view model type and role.
final class KindNames: Sendable {
    private struct Key: Hashable {
        var type: ObjectIdentifier
        var role: RowRole
    }

    /// A name, or none (the type is not registered for the role).
    private struct Name: @unchecked Sendable {
        var pointer: UnsafePointer<CChar>?
    }

    let kinds: RowKindRegistry
    private let names = Mutex<[Key: Name]>([:])

    init(_ kinds: RowKindRegistry) {
        self.kinds = kinds
    }

    /// The interned kind of `model` as `role`, or `nil`.
    func name(of model: any RowViewModel, role: RowRole) -> UnsafePointer<CChar>? {
        let key = Key(type: ObjectIdentifier(type(of: model)), role: role)
        if let known = names.withLock({ $0[key] }) { return known.pointer }
        let pointer = (try? kinds.kind(of: model, role: role)).flatMap { kind in
            kind.withCString { g_intern_string($0) }
        }
        names.withLock { $0[key] = Name(pointer: pointer) }
        return pointer
    }
}
