import Synchronization
internal import VCTableGObject

/// A member on the wall (kind `"MemberRowView"`): name, avatar, and a follow button whose
/// state lives in `followState`.
///
/// Pressing the row's control (`ListModel.pressRow(at:)`) follows the member through the
/// feed's `FeedService`: `normal` → `loading` → `checked`, or back to `normal` with an
/// error on `FeedViewModel.didError`. A press while loading or checked does nothing, so two
/// presses send one request. Each change is reported to `observeProperties` with the names
/// of the properties that changed, so the list redraws this row only.
///
/// Properties: `name`, `avatarUrl`, `followState` (`"normal"`, `"loading"`, `"checked"`),
/// `buttonHidden`, `buttonEnabled`, `spinning`.
public struct MemberRowViewModel: DeclaredRowViewModel {
    /// The member.
    public let member: FeedMember
    /// The follow button's state; shared with the row of the same member after a reload.
    public let followState: Observable<FollowState>
    private let follower: FeedFollower?

    init(member: FeedMember, followState: Observable<FollowState>, follower: FeedFollower?) {
        self.member = member
        self.followState = followState
        self.follower = follower
    }

    /// The row for `item` (a `"member"` entry): its follow state is carried over from the
    /// previous row of the same member (a follow still loading stays loading), else
    /// `checked` when the service says it is followed, else `normal`.
    init(item: FeedItem, context: FeedRowContext) throws(VCTableError) {
        let member = try FeedMember(item)
        let previous = context.previousRow(withIdentity: Self.identity(ofMember: member.id)) as? MemberRowViewModel
        let state = context.follower.followState(
            forMember: member.id, following: member.isFollowing, previous: previous?.followState, context: context)
        self.init(member: member, followState: state, follower: context.follower)
    }

    /// The row identity of member `id` (`"member-<id>"`).
    public static func identity(ofMember id: Int) -> Identity {
        Identity("member-\(id)")
    }

    /// The property names, shared by every member row: its row class's (vct-row-properties.h), in
    /// camelCase and in declaration order.
    public static let propertyNames = RowClassProperties.member.names

    static var rowClass: RowClassProperties { .member }
    static var changesInPlace: Bool { true }

    /// `"member-<id>"`: the same member across reloads.
    public var diffIdentifier: Identity { Self.identity(ofMember: member.id) }

    /// The value of property `key` now.
    func value(for key: VctRowProperty) -> PropertyValue? {
        value(for: key, state: followState.value)
    }

    /// A property as it is with the follow state `state`.
    private func value(for key: VctRowProperty, state: FollowState) -> PropertyValue? {
        switch key {
        case VCT_ROW_MEMBER_NAME: .string(member.name)
        case VCT_ROW_MEMBER_AVATAR_URL: .string(member.avatarUrl)
        default: Self.stateValue(for: key, of: state)
        }
    }

    /// A property that follows the follow state, as it is in `state`; `nil` for the others.
    private static func stateValue(for key: VctRowProperty, of state: FollowState) -> PropertyValue? {
        switch key {
        case VCT_ROW_MEMBER_FOLLOW_STATE: .string(state.rawValue)
        case VCT_ROW_MEMBER_BUTTON_HIDDEN: .boolean(state.isButtonHidden)
        case VCT_ROW_MEMBER_BUTTON_ENABLED: .boolean(state.isButtonEnabled)
        case VCT_ROW_MEMBER_SPINNING: .boolean(state.isSpinning)
        default: nil
        }
    }

    /// Whether `other` is a member row showing the same name, avatar and follow state.
    public func isContentEqual(to other: any RowViewModel) -> Bool {
        guard let other = other as? MemberRowViewModel else { return false }
        return other.member.name == member.name && other.member.avatarUrl == member.avatarUrl
            && other.followState.value == followState.value
    }

    /// Reports, for each follow state change, the names of the properties it changed
    /// (`followState` and whichever of `buttonHidden`, `buttonEnabled`, `spinning` did).
    public func observeProperties(_ observer: @escaping @Sendable (String) -> Void) -> (any Disposable)? {
        observePropertyChanges { observer($0.name) }
    }

    /// Each follow-state change, once per property it changes, with the row's values in
    /// that state.
    public func observePropertyChanges(_ observer: @escaping @Sendable (RowPropertyChange) -> Void) -> (any Disposable)? {
        let last = Mutex(followState.value)
        return followState.observe { [self] state in
            let previous = last.withLock { last in
                defer { last = state }
                return last
            }
            for property in Self.rowClass.properties
            where Self.stateValue(for: property.key, of: state) != Self.stateValue(for: property.key, of: previous) {
                observer(RowPropertyChange(name: property.name) { name in
                    Self.rowClass.key(named: name).flatMap { value(for: $0, state: state) }
                })
            }
        }
    }

    /// The follow button was pressed: follows the member (when `normal`).
    public func userPressed() {
        follower?.follow(memberID: member.id, state: followState)
    }
}
