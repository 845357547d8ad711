import CGLib
import Foundation
import Testing
import VCTableGObject
@testable import VCTable

/// A row property is declared once, in `vct-row-properties.h`: the C classes install their
/// `GParamSpec`s from it, and the Swift view models' `propertyNames` are its names in
/// camelCase. What a declaration cannot say is whether the view model answers each key it
/// declares (`value(for:)`): a key it forgets reads as absent. These checks, in `make
/// test`, fail when a view model leaves a declared key unanswered, when the C class and
/// the Swift names disagree, or when a value's type is not the property's.
@Suite("Each row class declares exactly its view model's properties")
struct RowClassPropertiesTests {
    /// One view model of each type that has a row class of its own.
    static func samples() -> [any RowViewModel] {
        let scheduler = TestScheduler()
        return [
            PhotoCellViewModel(
                cell: VCTableCellData(albumId: 1, id: 2, title: "accusamus", url: "https://example.com/2.png",
                                      thumbnailUrl: "https://example.com/2t.png"),
                owner: nil),
            MemberRowViewModel(
                member: FeedMember(id: 3, name: "Tim", avatarUrl: "https://example.com/3.png", date: Date(timeIntervalSince1970: 0)),
                followState: Observable(FollowState.normal, scheduler: scheduler), follower: nil),
            PhotoRowViewModel(
                photo: FeedPhoto(id: 4, title: "Dunes", description: "At dawn", imageUrl: "https://example.com/4.png",
                                 date: Date(timeIntervalSince1970: 0)),
                dateText: "1970-01-01 00:00"),
            DayHeaderViewModel(day: "Thursday"),
            SongRowViewModel(
                song: Song(id: 1, title: "Open Horizon", subtitle: "Guided breathing", duration: .seconds(894)),
                mode: .picking(.unselected), scheduler: scheduler, owner: WeakBox()),
        ]
    }

    /// "albumId" → "album-id": the C name of a Swift property name (vct-row.c maps back).
    static func kebabCase(_ name: String) -> String {
        name.reduce(into: "") { result, character in
            if character.isUppercase {
                result += "-" + character.lowercased()
            } else {
                result.append(character)
            }
        }
    }

    /// The properties a row object's own class declares (not `VctRow`'s), by name, with
    /// their value types' fundamental types.
    static func declaredProperties(of object: UnsafeMutableRawPointer) -> [String: GType] {
        let type = object.assumingMemoryBound(to: GTypeInstance.self).pointee.g_class.pointee.g_type
        let objectClass = g_type_class_peek(type).assumingMemoryBound(to: GObjectClass.self)
        var count: guint = 0
        guard let specs = g_object_class_list_properties(objectClass, &count) else { return [:] }
        defer { g_free(specs) }
        var declared: [String: GType] = [:]
        for index in 0 ..< Int(count) {
            guard let spec = specs[index], spec.pointee.owner_type == type else { continue }
            declared[String(cString: spec.pointee.name)] = g_type_fundamental(spec.pointee.value_type)
        }
        return declared
    }

    @Test("Keys: the view model answers every key its class declares (a sample with every field set)")
    func everyKeyAnswered() {
        for model in Self.samples() {
            guard let declared = model as? any DeclaredRowViewModel else {
                Issue.record("\(type(of: model)) answers no keys")
                continue
            }
            for property in type(of: declared).rowClass.properties where property.source == nil {
                #expect(declared.value(for: property.key) != nil, "\(type(of: model)) leaves \(property.name) unanswered")
            }
        }
    }

    @Test("Names: the C class's properties are the Swift view model's, kebab-cased, no more and no fewer")
    func namesAgree() {
        for model in Self.samples() {
            let object = _vct_row_new(CRowRecord.make(model, role: .row, kinds: KindNames(RowKindRegistry()), identity: 0))!
            defer { g_object_unref(object) }
            let declared = Self.declaredProperties(of: object)
            let expected = Set(model.propertyNames.map(Self.kebabCase)).union(model.imageSources.keys.map(Self.kebabCase))
            #expect(Set(declared.keys) == expected,
                    "\(type(of: model)): C declares \(declared.keys.sorted()), Swift \(model.propertyNames)")
        }
    }

    @Test("Types: each C property holds the kind of value the Swift view model gives")
    func typesAgree() {
        // Fundamental types (G_TYPE_MAKE_FUNDAMENTAL: the number shifted by 2).
        let string = GType(16 << 2), int64 = GType(10 << 2), boolean = GType(5 << 2), enumeration = GType(12 << 2)
        for model in Self.samples() {
            let object = _vct_row_new(CRowRecord.make(model, role: .row, kinds: KindNames(RowKindRegistry()), identity: 0))!
            defer { g_object_unref(object) }
            let declared = Self.declaredProperties(of: object)
            let object_ = GType(20 << 2)
            for (image, source) in model.imageSources {
                #expect(declared[Self.kebabCase(image)] == object_, "\(type(of: model)).\(image): not an object property")
                #expect(model.propertyNames.contains(source), "\(type(of: model)).\(image) loads \(source), no property")
            }
            for name in model.propertyNames {
                guard let fundamental = declared[Self.kebabCase(name)], let value = model.property(name) else { continue }
                let expected: Set<GType> = switch value {
                case .string: [string, enumeration]
                case .integer: [int64]
                case .boolean: [boolean]
                }
                #expect(expected.contains(fundamental),
                        "\(type(of: model)).\(name): \(value) in a property of fundamental type \(fundamental)")
            }
        }
    }
}
