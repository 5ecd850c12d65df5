import Foundation
import Logging
import Signals
import Synchronization

/// One push going through an app's service extension: runs the
/// ``ServiceExtensionFlow`` under its lock and its actions outside it, so the
/// extension may call its content handler from within `didReceive` or
/// `serviceExtensionTimeWillExpire`, or from any thread later. Both are called
/// one after the other on a queue of the push's own, never at once, as iOS calls
/// an extension on one thread: an extension that blocks holds up neither the
/// engine's scheduler nor other pushes. ``content()`` returns the content to
/// show once the flow decides.
final class ServiceExtensionRun: Sendable {
    private struct State {
        var flow = ServiceExtensionFlow()
        var deadline: (any Disposable)?
        var outcome: CheckedContinuation<NotificationContent, Never>?
    }

    private let engine: NotificationEngine
    private let app: AppIdentifier
    private let push: RemoteNotification
    private let request: NotificationRequest
    private let handler: any ServiceExtensionHandler
    private let state = Mutex(State())
    /// Where the extension is called: off the caller's task and the scheduler's
    /// thread, as iOS runs an extension apart, and one call at a time.
    private let queue = DispatchQueue(label: "herald.service-extension")

    init(
        engine: NotificationEngine, app: AppIdentifier, push: RemoteNotification, request: NotificationRequest,
        handler: any ServiceExtensionHandler
    ) {
        self.engine = engine
        self.app = app
        self.push = push
        self.request = request
        self.handler = handler
    }

    /// Runs the extension on the push and returns the content to show: the
    /// extension's, or the push's own.
    func content() async -> NotificationContent {
        await withCheckedContinuation { continuation in
            state.withLock { $0.outcome = continuation }
            handle(.started(now: engine.scheduler.now))
        }
    }

    private func handle(_ event: ServiceExtensionFlow.Event) {
        let actions = state.withLock { $0.flow.handle(event) }
        for action in actions { perform(action) }
    }

    private func perform(_ action: ServiceExtensionFlow.Action) {
        switch action {
        case .armDeadline(let date):
            let timer = engine.scheduler.schedule(after: date) { self.handle(.deadlinePassed) }
            let isDone = state.withLock { state in
                state.deadline = timer
                return state.flow.phase == .done
            }
            if isDone { timer.dispose() }
        case .callExtension:
            queue.async {
                self.handler.didReceive(self.request) { content in self.received(content) }
                self.handle(.didReceiveReturned)
            }
        case .cancelDeadline:
            state.withLock { state in defer { state.deadline = nil }; return state.deadline }?.dispose()
        case .callTimeWillExpire:
            engine.logger.info("the service extension of \(app) did not change push \(push.id) within 30 s: its time will expire")
            queue.async {
                self.handler.serviceExtensionTimeWillExpire { self.handle(.timeWillExpireReturned) }
            }
        case .showModified(let content):
            finish(content)
        case .showOriginal(let fallback):
            engine.logger.warning("push \(push.id) for \(app) is shown as it came: \(Self.describe(fallback))")
            finish(request.content)
        case .ignoreLateContent:
            engine.logger.info("the service extension of \(app) gave content for push \(push.id) too late; ignored")
        }
    }

    /// The extension's content, validated as the content of the request it replaces.
    private func received(_ content: NotificationContent) {
        let result: Result<NotificationContent, NotificationError>
        do {
            result = .success(try engine.validateExtensionContent(content, replacing: request))
        } catch {
            result = .failure(NotificationError(reporting: error))
        }
        handle(.contentReceived(result))
    }

    private func finish(_ content: NotificationContent) {
        state.withLock { state in defer { state.outcome = nil }; return state.outcome }?.resume(returning: content)
    }

    private static func describe(_ fallback: ServiceExtensionFlow.Fallback) -> String {
        switch fallback {
        case .refused(let error): "the service extension's content was refused: \(error)"
        case .timedOut: "the service extension did not call its content handler in time"
        case .stillReceiving: "the service extension was still in didReceive after 30 s"
        }
    }
}
