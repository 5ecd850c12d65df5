import Foundation
import HeraldAPI
import Hummingbird
import Signals

/// `/v1/clock` and, with `--virtual-clock`, `/v1/debug/clock`, which moves time
/// forward so tests never wait.
struct ClockRoutes {
    let services: DaemonServices

    func add(to router: Router<HeraldRequestContext>) {
        router.get("v1/clock") { _, context in
            _ = try context.requirePrincipal()
            return JSONResponse(clock)
        }
        router.post("v1/debug/clock") { request, context in
            try context.requireAdmin()
            guard let virtualClock = services.virtualClock else {
                throw ServerError.notFound("the clock can be moved only when the daemon runs with --virtual-clock")
            }
            let body = try await request.decodeJSON(API.ClockAdvance.self, context: context)
            guard body.advanceSeconds.isFinite, (0...(366 * 86_400 * 10)).contains(body.advanceSeconds) else {
                throw ServerError(
                    status: .unprocessableContent, code: .invalidClockAdvance,
                    message: "advanceSeconds must be a number of seconds from 0 to ten years")
            }
            virtualClock.advance(by: body.advanceSeconds)
            return JSONResponse(clock)
        }
    }

    private var clock: API.Clock {
        API.Clock(now: services.scheduler.now, isVirtual: services.virtualClock != nil)
    }
}
