/// When notifications show their previews (their body) (iOS 11).
public enum UNShowPreviewsSetting: Int, Sendable, Hashable {
    /// Always, even while the screen is locked.
    case always = 0
    /// Only while the user is authenticated.
    case whenAuthenticated = 1
    /// Never: the category's hidden-previews placeholder shows instead.
    case never = 2
}
