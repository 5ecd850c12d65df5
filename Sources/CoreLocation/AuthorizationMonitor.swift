import NotificationModel
import Signals
import Synchronization

/// An app's location permission as a service reports it, kept for the
/// synchronous reads of Core Location's API: read once when it starts, then
/// kept up to date by the service's changes.
final class AuthorizationMonitor: Sendable {
    let app: AppIdentifier
    let service: any LocationAuthorizationService
    private let state: Mutex<State>

    private struct State {
        /// The permission; `nil` until the first read or change arrives.
        var authorization: LocationAuthorization?
        /// Whether the service gets positions; `nil` until read.
        var servicesEnabled: Bool?
        /// Whether a change has arrived: a read that ends later may be older.
        var heardChange = false
        var subscription: (any Disposable)?
        var onChange: (@Sendable () -> Void)?
    }

    /// A monitor of `app`'s permission, starting from `known` if another monitor knows it.
    init(app: AppIdentifier, service: any LocationAuthorizationService, known: LocationAuthorization? = nil) {
        self.app = app
        self.service = service
        state = Mutex(State(authorization: known))
    }

    deinit {
        state.withLock { $0.subscription }?.dispose()
    }

    /// The status, `nil` while it is not known yet.
    var status: LocationAuthorizationStatus? {
        state.withLock { $0.authorization?.status }
    }

    /// Whether the service gets positions, `nil` while it is not known yet.
    var servicesEnabled: Bool? {
        state.withLock { $0.servicesEnabled }
    }

    /// The permission, `nil` while it is not known yet.
    var authorization: LocationAuthorization? {
        state.withLock { $0.authorization }
    }

    /// Listens to the service's changes and reads the permission; calls
    /// `onChange` each time the status is first known or changes, and `onError`
    /// if the read fails.
    func start(onChange: @escaping @Sendable () -> Void, onError: @escaping @Sendable (any Error) -> Void) {
        state.withLock { $0.onChange = onChange }
        let subscription = service.locationAuthorizationChanges(for: app).subscribeNext { [weak self] authorization in
            self?.receive(authorization, fromRead: false)
        }
        state.withLock { $0.subscription = subscription }
        Task { [weak self] in await self?.read(onError: onError) }
    }

    private func read(onError: @Sendable (any Error) -> Void) async {
        do {
            let authorization = try await service.locationAuthorization(for: app)
            let enabled = try await service.locationServicesEnabled(for: app)
            state.withLock { $0.servicesEnabled = enabled }
            receive(authorization, fromRead: true)
        } catch {
            onError(error)
        }
    }

    private func receive(_ authorization: LocationAuthorization, fromRead: Bool) {
        let onChange: (@Sendable () -> Void)? = state.withLock { state in
            if fromRead && state.heardChange { return nil }
            if !fromRead { state.heardChange = true }
            let old = state.authorization?.status
            state.authorization = authorization
            return old == authorization.status ? nil : state.onChange
        }
        onChange?()
    }
}
