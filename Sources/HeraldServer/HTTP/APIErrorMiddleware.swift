import Foundation
import HTTPTypes
import HeraldAPI
import Hummingbird
import Logging
import NotificationEngine

/// Turns every error into the API's one error shape,
/// `{"error": {"code", "message"}}`, with its status.
struct APIErrorMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        do {
            return try await next(request, context)
        } catch {
            let (status, body) = Self.describe(error)
            // A large upload turned away while others are read is load shed, not a failure.
            if status.code >= 500, body.error.code != .tooManyUploads {
                context.logger.error("\(request.method) \(request.uri.path) failed: \(error)")
            }
            var response = Self.response(status: status, body: body)
            if let error = error as? ServerError {
                response.headers.append(contentsOf: error.headers)
            }
            return response
        }
    }

    static func describe(_ error: any Error) -> (HTTPResponse.Status, API.ErrorBody) {
        switch error {
        case let error as ServerError:
            return (error.status, API.ErrorBody(code: error.code, message: error.message))
        case let error as NotificationError:
            return (error.httpStatus, API.ErrorBody(code: API.ErrorCode(error.code), message: error.message))
        case let error as HTTPError:
            return (error.status, API.ErrorBody(code: code(for: error.status), message: error.body ?? message(for: error.status)))
        case let error as any HTTPResponseError:
            return (error.status, API.ErrorBody(code: code(for: error.status), message: message(for: error.status)))
        default:
            return (.internalServerError, API.ErrorBody(code: .internal, message: "the daemon failed: \(error)"))
        }
    }

    static func response(status: HTTPResponse.Status, body: API.ErrorBody) -> Response {
        let data = (try? API.encoder().encode(body)) ?? Data(#"{"error":{"code":"internal","message":""}}"#.utf8)
        return Response(
            status: status, headers: [.contentType: "application/json; charset=utf-8"],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
    }

    private static func code(for status: HTTPResponse.Status) -> API.ErrorCode {
        switch status {
        case .notFound: .notFound
        case .methodNotAllowed: .methodNotAllowed
        case .contentTooLarge: .payloadTooLarge
        case .unauthorized: .unauthorized
        case .forbidden: .forbidden
        case .badRequest: .badRequest
        default: status.code >= 500 ? .internal : .badRequest
        }
    }

    private static func message(for status: HTTPResponse.Status) -> String {
        switch status {
        case .notFound: "there is nothing at this address"
        case .contentTooLarge:
            "the request body is larger than the route accepts: 64 KiB, or for adding requests (with attachments) "
                + "\(HeraldRequestContext.maxAttachmentUploadSize) bytes"
        default: status.reasonPhrase
        }
    }
}
