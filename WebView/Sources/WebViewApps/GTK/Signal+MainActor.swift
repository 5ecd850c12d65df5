package import Signals

extension Signal where Failure == Never {
    /// Subscribes `body`, called with `owner` (held weakly) and each value. For signals that
    /// send on the main actor, as a `WebView`'s do.
    @MainActor
    package func observe<Owner: AnyObject>(
        _ owner: Owner, _ body: @escaping @MainActor (Owner, Value) -> Void
    ) -> any Disposable {
        let box = MainActorBox(owner: owner, body: body)
        return subscribeNext { value in
            MainActor.assumeIsolated {
                guard let owner = box.owner else { return }
                box.body(owner, value)
            }
        }
    }
}

/// An owner and a callback, used only on the main actor (the signal sends there).
private final class MainActorBox<Owner: AnyObject, Value>: @unchecked Sendable {
    weak var owner: Owner?
    let body: @MainActor (Owner, Value) -> Void

    init(owner: Owner, body: @escaping @MainActor (Owner, Value) -> Void) {
        self.owner = owner
        self.body = body
    }
}
