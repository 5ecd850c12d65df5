/// A `userInfo` dictionary held under a notification's lock. Its values are
/// property-list values (strings, numbers, arrays, dictionaries), which are
/// immutable or copied on write, so sharing them across threads is safe.
struct UserInfoBox: @unchecked Sendable {
    var value: [AnyHashable: Any]?

    init(_ value: [AnyHashable: Any]?) {
        self.value = value
    }
}
