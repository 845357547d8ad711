internal import CGLib
internal import Dispatch
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
        return make(
            model, declared: properties == nil ? nil : model as? any DeclaredRowViewModel, classId: classId,
            properties: properties, role: role, kind: kinds.name(of: model, role: role), identity: identity,
            list: list, change: change, live: live)
    }

    /// `make` with what rows of one type share looked up already (`RecordWriter`).
    static func make(
        _ model: any RowViewModel, declared: (any DeclaredRowViewModel)?, classId: VctRowClassId,
        properties: RowClassProperties?, role: RowRole, kind: UnsafePointer<CChar>?, identity: UInt64,
        list: CListModel?, change: RowPropertyChange? = nil, live: CLiveRow? = nil
    ) -> Pointer {
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
                kind: kind, identity: guint64(truncatingIfNeeded: identity),
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
        identity(identityPrefix(section: section, role: role), role: role, model: model)
    }

    /// What the identity of every row of `role` in section `section` starts with (a
    /// `Hasher` to copy: `RecordWriter` makes it once per section).
    static func identityPrefix(section: Identity, role: RowRole) -> Hasher {
        var hasher = Hasher()
        hasher.combine(section)
        hasher.combine(role)
        return hasher
    }

    /// The identity of `model` as `role`, from its section's `prefix`.
    static func identity(_ prefix: Hasher, role: RowRole, model: any RowViewModel) -> UInt64 {
        var hasher = prefix
        if role == .row { hasher.combine(model.diffIdentifier) }
        return UInt64(bitPattern: Int64(hasher.finalize()))
    }
}

/// Writes the records of positions of one flat list, with what rows share looked up once:
/// each section's place and the part of its rows' identity it gives, each view model
/// type's class, kind and properties (a reload of 10⁶ rows writes 10⁶ records, in its task).
struct RecordWriter {
    let sections: FlatSections
    let kinds: KindNames
    let list: CListModel?
    /// The section of the last position, its range and its rows' range.
    private var section = -1
    private var start = 0
    private var rowsStart = 0
    private var rowsEnd = 0
    private var end = 0
    /// The identity of a row of that section without the row's own (a `Hasher` copied).
    private var rowHasher = Hasher()
    /// The last view model type and role's lookups.
    private var lastType: ObjectIdentifier?
    private var lastRole = RowRole.row
    private var classId = VCT_ROW_CLASS_GENERIC
    private var properties: RowClassProperties?
    private var kind: UnsafePointer<CChar>?

    init(_ sections: FlatSections, kinds: KindNames, list: CListModel?) {
        self.sections = sections
        self.kinds = kinds
        self.list = list
    }

    /// The record of flat position `position` (transfer full).
    mutating func record(at position: Int) -> VctListRecordAt {
        if position < start || position >= end {
            section = sections.sectionIndex(at: position)!
            start = sections.start(ofSection: section)
            end = sections.start(ofSection: section + 1)
            rowsStart = start + (sections.sections[section].header == nil ? 0 : 1)
            rowsEnd = rowsStart + sections.sections[section].rows.count
            rowHasher = CRowRecord.identityPrefix(section: sections.sections[section].id, role: .row)
        }
        let model: any RowViewModel
        let role: RowRole
        let identity: UInt64
        if position >= rowsStart && position < rowsEnd {
            model = sections.sections[section].rows[position - rowsStart]
            role = .row
            identity = CRowRecord.identity(rowHasher, role: .row, model: model)
        } else {
            role = position < rowsStart ? .header : .footer
            model = (role == .header ? sections.sections[section].header : sections.sections[section].footer)!
            identity = CRowRecord.identity(section: sections.sections[section].id, role: role, model: model)
        }
        let type = ObjectIdentifier(Swift.type(of: model))
        if type != lastType || role != lastRole {
            lastType = type
            lastRole = role
            classId = CRowClass.id(of: model)
            properties = RowClassProperties.of(classId)
            kind = kinds.name(of: model, role: role)
        }
        return VctListRecordAt(
            position: guint(position),
            record: CRowRecord.make(
                model, declared: properties == nil ? nil : model as? any DeclaredRowViewModel, classId: classId,
                properties: properties, role: role, kind: kind, identity: identity, list: list))
    }

    /// The records of `positions` (in any order), written on two threads when there are
    /// many (a first load).
    static func records(at positions: [Int], in sections: FlatSections, kinds: KindNames, list: CListModel?) -> [VctListRecordAt] {
        // (None: not `unsafeUninitializedCapacity: 0`, which writes the count of the shared
        // empty array's storage, a race between threads.)
        guard !positions.isEmpty else { return [] }
        let parts = positions.count >= 20_000 ? 2 : 1
        return [VctListRecordAt](unsafeUninitializedCapacity: positions.count) { buffer, initialized in
            let base = UncheckedPointer(buffer.baseAddress)
            let write: @Sendable (Int) -> Void = { part in
                var writer = RecordWriter(sections, kinds: kinds, list: list)
                let range = positions.count * part / parts ..< positions.count * (part + 1) / parts
                for index in range { (base.pointer! + index).initialize(to: writer.record(at: positions[index])) }
            }
            if parts == 1 {
                write(0)
            } else {
                DispatchQueue.concurrentPerform(iterations: parts, execute: write)
            }
            initialized = positions.count
        }
    }
}

/// A pointer handed to the threads of `concurrentPerform`, each writing its own part.
private struct UncheckedPointer: @unchecked Sendable {
    let pointer: UnsafeMutablePointer<VctListRecordAt>?

    init(_ pointer: UnsafeMutablePointer<VctListRecordAt>?) {
        self.pointer = pointer
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
