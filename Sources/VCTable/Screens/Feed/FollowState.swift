/// A member row's follow button: `normal` (press to follow), `loading` (a spinner, the
/// button hidden, while the request runs), `checked` (followed: shown checked, disabled).
///
/// A press moves `normal` to `loading`; the request's success moves it to `checked`, its
/// failure back to `normal`. Presses in any other state do nothing.
public enum FollowState: String, Sendable, Hashable, CaseIterable {
    /// Not followed: the button shows and can be pressed.
    case normal
    /// A follow request is running: a spinner instead of the button.
    case loading
    /// Followed: the button shows checked and cannot be pressed.
    case checked

    /// Whether the button is hidden (while loading).
    public var isButtonHidden: Bool { self == .loading }
    /// Whether the button can be pressed (only in `normal`).
    public var isButtonEnabled: Bool { self == .normal }
    /// Whether the spinner shows (while loading).
    public var isSpinning: Bool { self == .loading }
}
