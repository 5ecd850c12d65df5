import Foundation
import HeraldAPI
import Hummingbird
import NIOCore

extension Request {
    /// The body decoded as `T` in the API's JSON shapes; a body that is not such
    /// JSON is refused with 400 `badRequest` naming what is wrong.
    /// `limit` is the largest body accepted, the context's `maxUploadSize` by default.
    func decodeJSON<T: Decodable>(
        _ type: T.Type, named name: String? = nil, context: HeraldRequestContext, limit: Int? = nil
    ) async throws -> T {
        try decodeJSON(T.self, named: name, buffer: try await body.collect(upTo: limit ?? context.maxUploadSize))
    }

    /// `buffer`, the body already read, decoded as ``decodeJSON(_:named:context:)`` does.
    func decodeJSON<T: Decodable>(_ type: T.Type, named name: String? = nil, buffer: ByteBuffer) throws -> T {
        do {
            return try buffer.withUnsafeReadableBytes { bytes in
                // The bytes as `Data` without a copy: an add's body may be tens of MiB. The
                // decoder keeps nothing of them: what it decodes is copied out.
                guard let base = bytes.baseAddress, !bytes.isEmpty else { return try API.decoder().decode(T.self, from: Data()) }
                let data = Data(bytesNoCopy: UnsafeMutableRawPointer(mutating: base), count: bytes.count, deallocator: .none)
                return try API.decoder().decode(T.self, from: data)
            }
        } catch let error as DecodingError {
            throw ServerError.badRequest("the body is not a valid \(name ?? String(describing: T.self)): \(error.readableDescription)")
        } catch {
            throw ServerError.badRequest("the body is not JSON: \(error.localizedDescription)")
        }
    }
}

extension DecodingError {
    /// What is wrong and where, in one line.
    var readableDescription: String {
        switch self {
        case .keyNotFound(let key, let context):
            "missing “\(key.stringValue)” at \(context.path)"
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            "\(context.debugDescription) at \(context.path)"
        @unknown default:
            "\(self)"
        }
    }
}

extension DecodingError.Context {
    fileprivate var path: String {
        let keys = codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
        return keys.isEmpty ? "the top level" : String(keys.drop { $0 == "." })
    }
}

/// A JSON body in the API's shapes, sent with a status.
struct JSONResponse<Value: Encodable & Sendable>: ResponseGenerator {
    var status: HTTPResponse.Status = .ok
    var value: Value

    init(_ value: Value, status: HTTPResponse.Status = .ok) {
        self.value = value
        self.status = status
    }

    /// The `Content-Type` of every JSON answer.
    static var contentType: String { "application/json; charset=utf-8" }

    func response(from request: Request, context: some RequestContext) throws -> Response {
        let data = try API.encoder().encode(value)
        return Response(
            status: status, headers: [.contentType: Self.contentType],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
    }
}
