import Synchronization

/// Where an app stands with the user's permission: the registration that
/// ``HeraldApp/start()`` begins and that may wait for the user's answer.
///
/// Actions that schedule notifications ask ``requireFinished(_:)`` first, so
/// that while the user has not answered they are refused at once with a clear
/// message instead of waiting for an answer that may never come.
final class Registration: Sendable {
    /// The page's view of the permission.
    enum Status: String, Sendable {
        /// The app asked; the user has not answered yet.
        case waiting
        /// The user allowed notifications.
        case allowed
        /// The user did not allow them, or registering failed.
        case denied
    }

    private enum State {
        case notStarted
        case running(Task<Void, any Error>)
        case finished
        case failed(HeraldAppError)
    }

    private let state = Mutex(State.notStarted)

    /// Runs `register` once, in a task of its own; `then` runs when it has
    /// finished, successfully or not.
    func begin(
        _ register: @escaping @Sendable () async throws -> Void,
        then finished: @escaping @Sendable () -> Void
    ) {
        state.withLock { state in
            guard case .notStarted = state else { return }
            state = .running(Task {
                defer { finished() }
                do {
                    try await register()
                    self.state.withLock { $0 = .finished }
                } catch {
                    self.state.withLock { $0 = .failed(.converting(error)) }
                    throw error
                }
            })
        }
    }

    /// Whether the registration has run to its end (the user answered), failed,
    /// or is still waiting.
    var progress: Progress {
        state.withLock { state in
            switch state {
            case .notStarted, .running: .waiting
            case .finished: .finished
            case .failed: .failed
            }
        }
    }

    /// How far the registration got.
    enum Progress: Sendable {
        case waiting, finished, failed
    }

    /// The page's view: ``Status/waiting`` until the registration finishes, then
    /// ``Status/allowed`` or ``Status/denied`` as `isAllowed` says now (the user
    /// may change it in the notification center's settings at any time).
    func status(_ isAllowed: () async throws -> Bool) async throws -> Status {
        switch progress {
        case .waiting: .waiting
        case .failed: .denied
        case .finished: try await isAllowed() ? .allowed : .denied
        }
    }

    /// Returns if the registration has finished; otherwise throws
    /// `notificationsNotAllowed`, explaining that `app` is waiting for the user.
    func requireFinished(_ app: String) throws(HeraldAppError) {
        let current = state.withLock { $0 }
        switch current {
        case .finished:
            return
        case .failed(let error):
            throw .notificationsNotAllowed("\(app) could not register for notifications: \(error.message)")
        case .notStarted, .running:
            throw .notificationsNotAllowed(
                "\(app) is waiting for you to allow its notifications in the Herald notification center")
        }
    }
}
