/// An object handed to another task or thread although its type is not
/// `Sendable`: an app's delegate, which Apple's protocols do not require to be
/// `Sendable` and which Herald calls from the engine's threads, as documented on
/// the delegate protocols. The delegate protects its own state.
struct UncheckedReference<Object>: @unchecked Sendable {
    let value: Object

    init(_ value: Object) {
        self.value = value
    }
}
