import HTTPTypes
import HeraldAPI
import Hummingbird

/// Answers a request for a known path with a method the path does not have with
/// 405 `methodNotAllowed` and an `Allow` header listing the methods it has,
/// instead of the router's 404.
///
/// Add it to the router after every route: Hummingbird applies a middleware to
/// the routes added after it and to the not-found responder, so this one runs
/// only for requests no route matched.
struct MethodNotAllowedMiddleware<Context: RequestContext>: RouterMiddleware {
    /// The router's paths, each with the methods it answers.
    let routes: [(path: RouterPath, methods: Set<HTTPRequest.Method>)]

    /// A middleware for the routes of `router`, as they are when it is made.
    init(routes descriptions: [Router<Context>.RouteDescription]) {
        var methods: [String: (path: RouterPath, methods: Set<HTTPRequest.Method>)] = [:]
        for route in descriptions {
            methods[route.path.description, default: (route.path, [])].methods.insert(route.method)
        }
        routes = methods.values.sorted { $0.path.description < $1.path.description }
    }

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        let allowed = allowedMethods(for: request.uri.path)
        guard !allowed.isEmpty, !allowed.contains(request.method) else {
            return try await next(request, context)
        }
        let names = allowed.map(\.rawValue).sorted()
        var response = APIErrorMiddleware<Context>.response(
            status: .methodNotAllowed,
            body: API.ErrorBody(
                code: .methodNotAllowed,
                message: "\(request.uri.path) does not take \(request.method.rawValue); it takes \(names.joined(separator: ", "))"))
        response.headers[.allow] = names.joined(separator: ", ")
        return response
    }

    /// The methods of every route whose path matches `path`; empty when none does.
    func allowedMethods(for path: String) -> Set<HTTPRequest.Method> {
        let components = path.split(separator: "/", omittingEmptySubsequences: true)
        return routes.reduce(into: []) { allowed, route in
            if Self.matches(route.path, components) { allowed.formUnion(route.methods) }
        }
    }

    private static func matches(_ path: RouterPath, _ components: [Substring]) -> Bool {
        guard path.components.count == components.count else { return false }
        return zip(path.components, components).allSatisfy { element, component in element ~= component }
    }
}
