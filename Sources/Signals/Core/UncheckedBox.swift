/// Carries a value that is only ever used by one subscription's serialized event
/// handlers (for example the stateful closure of `bind`) into `@Sendable` closures.
///
/// Events sent to one observer never overlap, so the value is never used concurrently.
@usableFromInline
final class SerialBox<Wrapped>: @unchecked Sendable {
    @usableFromInline
    var value: Wrapped

    @inlinable
    init(_ value: Wrapped) {
        self.value = value
    }
}
