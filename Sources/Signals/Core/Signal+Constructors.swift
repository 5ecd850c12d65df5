extension Signal {
    /// A signal that sends `value`, then completes.
    @inlinable
    public static func just(_ value: Value) -> Signal {
        Signal { observer in
            observer.send(value)
            observer.sendCompleted()
            return nil
        }
    }

    /// A signal that completes at once.
    @inlinable
    public static func empty() -> Signal {
        Signal { observer in
            observer.sendCompleted()
            return nil
        }
    }

    /// A signal that fails at once with `error`.
    @inlinable
    public static func fail(_ error: Failure) -> Signal {
        Signal { observer in
            observer.send(error: error)
            return nil
        }
    }

    /// A signal that never sends anything.
    @inlinable
    public static func never() -> Signal {
        Signal { _ in nil }
    }

    /// A signal that sends each element of `values` in order, then completes.
    /// Disposing stops it between elements.
    @inlinable
    public static func from<S: Sequence & Sendable>(_ values: S) -> Signal where S.Element == Value {
        Signal { observer in
            guard observer.isActive else { return nil }
            for value in values {
                observer.send(value)
                // Checked before the next element is pulled, so a lazy sequence computes no extra one.
                guard observer.isActive else { return nil }
            }
            observer.sendCompleted()
            return nil
        }
    }

    /// A signal that runs `body` for each subscription and sends its result, or fails with its error.
    @inlinable
    public static func deferred(_ body: @escaping @Sendable () -> Signal) -> Signal {
        Signal { observer in body().start(observer) }
    }
}
