import Foundation
import HeraldAPI
import Hummingbird
import NotificationEngine
import Signals
import Synchronization

/// `/v1/focus`: what keeps the person's notifications quiet (a Focus, the
/// desktop's Do Not Disturb, the scheduled summary) and what the person set; and
/// `/v1/summary`, the last summary delivered, by this daemon or another node on
/// its store (admin).
///
/// Reading is open to every credential, but an app's token reads only whether
/// notifications are quiet now (as `INFocusStatus.isFocused`): the Focus modes
/// name other apps and their filter criteria, and the summary times say when
/// the person reads. Every change is the admin's; a refused change changes nothing.
/// A class: its routes share one lock.
final class FocusRoutes: Sendable {
    let services: DaemonServices
    /// Serializes this daemon's read-modify-write changes of the settings, so
    /// that two at once do not lose one.
    private let changes = Mutex(())

    init(services: DaemonServices) {
        self.services = services
    }

    func add(to router: Router<HeraldRequestContext>) {
        let focus = router.group("v1/focus")
        focus.get { [self] _, context in
            JSONResponse(answer(for: try context.requirePrincipal()))
        }
        focus.put { [self] request, context in
            try context.requireAdmin()
            let body = try await request.decodeJSON(API.QuietSettings.self, context: context)
            let settings = try body.engineValue()
            try change { _ in settings }
            return JSONResponse(answer(for: .admin(viaCookie: false)))
        }
        focus.post("override") { [self] request, context in
            try context.requireAdmin()
            let body = try await request.decodeJSON(API.FocusOverride.self, context: context)
            let override = try body.engineValue(now: services.scheduler.now)
            try change { settings in
                var settings = settings
                settings.override = override
                return settings
            }
            return JSONResponse(answer(for: .admin(viaCookie: false)))
        }
        router.get("v1/summary") { [self] _, context in
            try context.requireAdmin()
            guard let summary = try await services.engine.lastSummary() else {
                throw ServerError.notFound("no scheduled summary was delivered yet")
            }
            return JSONResponse(API.Summary(summary))
        }
        focus.delete("override") { [self] _, context in
            try context.requireAdmin()
            try change { settings in
                var settings = settings
                settings.override = nil
                return settings
            }
            return JSONResponse(answer(for: .admin(viaCookie: false)))
        }
    }

    /// Applies `update` to the settings as they are; the engine validates the result.
    private func change(_ update: (QuietSettings) throws -> QuietSettings) throws {
        try changes.withLock { _ in
            try services.engine.updateQuietSettings(try update(services.engine.quietSettings()))
        }
    }

    /// What `principal` may read of the quiet state.
    private func answer(for principal: Principal) -> API.Focus {
        let state = services.engine.quietState()
        let isFocused = state.focus != nil || state.desktopDoNotDisturb
        guard case .admin = principal else { return API.Focus(isFocused: isFocused) }
        return API.Focus(
            isFocused: isFocused, state: API.QuietState(state), settings: API.QuietSettings(services.engine.quietSettings()))
    }
}
