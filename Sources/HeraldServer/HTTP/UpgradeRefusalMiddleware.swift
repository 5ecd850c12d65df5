import Hummingbird
import HeraldAPI
import NIOHTTP1

/// Hands the router's refusal of a WebSocket upgrade (401, 403, 404, 426, 429 …) to the
/// connection's ``ConnectionGuard``, which answers with it: without this, the upgrade
/// code answers every refusal with a bare 400.
struct UpgradeRefusalMiddleware: RouterMiddleware {
    typealias Context = HeraldRequestContext

    let refusals: UpgradeRefusals

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        guard WebSocketUpgrade.isRequested(by: request) else { return try await next(request, context) }
        do {
            return try await next(request, context)
        } catch {
            let (status, body) = APIErrorMiddleware<Context>.describe(error)
            let headers = (error as? ServerError)?.headers.map { ($0.name.rawName, $0.value) } ?? []
            refusals.refusal(for: context.channel)?.record(
                UpgradeRefusal.Answer(
                    status: HTTPResponseStatus(statusCode: Int(status.code)), code: body.error.code,
                    message: body.error.message, headers: headers))
            throw error
        }
    }
}
