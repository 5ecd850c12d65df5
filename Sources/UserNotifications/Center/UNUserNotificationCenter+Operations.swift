import Logging
import NotificationModel
import Signals

extension UNUserNotificationCenter {
    /// Runs `operation` after every operation called before it; the engine's
    /// errors become ``UNError``.
    func enqueue<T: Sendable>(_ operation: @escaping @Sendable () async throws -> T) -> Task<T, any Error> {
        queue.enqueue {
            do {
                return try await operation()
            } catch {
                throw UNError.converting(error)
            }
        }
    }

    /// Runs `operation` in order and hands its result to `completion`.
    func enqueue<T: Sendable>(
        _ operation: @escaping @Sendable () async throws -> T,
        completion: @escaping @Sendable (Result<T, any Error>) -> Void
    ) {
        _ = queue.enqueue {
            do {
                completion(.success(try await operation()))
            } catch {
                completion(.failure(UNError.converting(error)))
            }
        }
    }

    /// Runs a fire-and-forget `operation` in order, as Apple's calls without a
    /// completion handler do; a failure is reported (logged and sent on ``errors``).
    func perform(_ what: String, _ operation: @escaping @Sendable () async throws -> Void) {
        _ = queue.enqueue { [self] in
            do {
                try await operation()
            } catch {
                report(error, what)
            }
        }
    }

    /// Runs `operation` in order and returns its value, or — Apple's `async`
    /// getter having no error channel — reports the failure and returns `fallback`.
    func fetch<T: Sendable>(
        _ what: String, fallback: T, _ operation: @escaping @Sendable () async throws -> T
    ) async -> T {
        let result = await enqueue(operation).result
        return value(of: result, what, fallback: fallback)
    }

    /// The value of a result for a completion handler that, as Apple's, has no
    /// error parameter: a failure is reported and `fallback` handed over instead.
    func value<T>(of result: Result<T, any Error>, _ what: String, fallback: T) -> T {
        switch result {
        case .success(let value):
            return value
        case .failure(let error):
            report(error, what)
            return fallback
        }
    }

    /// A failure no caller can see: logged, and sent on ``errors`` as a ``UNError``.
    func report(_ error: any Error, _ what: String) {
        let error = (error as? UNError) ?? UNError(NotificationError(reporting: error))
        logger.error("\(what) failed: \(error)")
        errorSubject.send(error)
    }
}
