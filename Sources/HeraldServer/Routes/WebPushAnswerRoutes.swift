import Foundation
import HTTPTypes
import HeraldAPI
import Hummingbird
import NotificationEngine
import Signals

/// `POST /v1/push/answers`: the web center's service worker answers a delivery its
/// browser showed by Web Push, a click or an action, with the key the push carried
/// (``WebPushAnswerKeys``); the center may be closed, so no session is asked for. The
/// answer is the person's, unauthenticated: an action that needs the person signed in
/// (`authenticationRequired`), or a text-input action from a browser without a text
/// field, is not answered here but by the center, which the worker opens on it. A worker that opens the center gets an address that signs its
/// browser in, once per delivery; after that, the center's own address.
struct WebPushAnswerRoutes {
    let services: DaemonServices
    let keys: WebPushAnswerKeys
    let hosts: AllowedHosts

    func add(to router: Router<HeraldRequestContext>) {
        router.post("v1/push/answers") { request, context in
            if let origin = request.headers[.origin], !hosts.allowsOrigin(origin) {
                throw ServerError(status: .forbidden, code: .csrf, message: "requests from \(origin) are not allowed")
            }
            let body = try await request.decodeJSON(API.WebPushAnswer.self, context: context)
            guard keys.admits(body.key, for: body.delivery), let id = DeliveryID(body.delivery),
                let delivery = try services.engine.delivery(id)
            else {
                throw ServerError.notFound("there is no delivery \(body.delivery) for this key")
            }
            let answered = try await answer(body, delivery)
            let open = body.opensCenter || !answered ? try address(body, delivery, answered: answered) : nil
            return JSONResponse(API.WebPushAnswered(answered: answered, open: open))
        }
    }

    /// Answers for the person; `false` for an action that needs the person signed in,
    /// or a text-input action without its text (a browser with no text field), which the
    /// center's reply field answers.
    private func answer(_ body: API.WebPushAnswer, _ delivery: EngineDelivery) async throws -> Bool {
        let action = delivery.category?.actions.first { $0.identifier == body.actionIdentifier }
        if action?.textInput != nil, body.userText == nil { return false }
        do {
            try await services.engine.respond(
                to: delivery.id, actionIdentifier: body.actionIdentifier, userText: body.userText, authenticated: false,
                for: delivery.app)
        } catch let error as NotificationError where error.code == .authenticationRequired {
            return false
        }
        try await services.foreground.answered(delivery.app)
        return true
    }

    /// The center's address for this answer: the app's section, or, unanswered, the
    /// delivery's reply with the action; behind a sign-in the first time.
    private func address(_ body: API.WebPushAnswer, _ delivery: EngineDelivery, answered: Bool) throws -> String {
        var next = URLComponents(string: "/")!
        next.queryItems =
            answered
            ? [URLQueryItem(name: "app", value: delivery.app.rawValue)]
            : [URLQueryItem(name: "reply", value: body.delivery), URLQueryItem(name: "action", value: body.actionIdentifier)]
        let destination = SessionRoutes.destination(next.string)
        guard keys.takeSignIn(for: body.delivery) else { return destination }
        let code = try services.signInCodes.issue(now: services.scheduler.now).code
        var login = URLComponents(string: "/login")!
        login.queryItems = [URLQueryItem(name: "code", value: code), URLQueryItem(name: "next", value: destination)]
        return login.string ?? destination
    }
}
