import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import HeraldAPI

extension HeraldClient {
    /// An HTTP method of the API.
    enum Method: String {
        case get = "GET", post = "POST", put = "PUT", patch = "PATCH", delete = "DELETE"
    }

    /// Sends a request and decodes the answer's JSON body.
    func call<Answer: Decodable>(
        _ method: Method, _ path: [String], query: [URLQueryItem] = [], body: (some Encodable)? = Empty?.none,
        as type: Answer.Type = Answer.self, timeout: TimeInterval? = nil
    ) async throws -> Answer {
        let data = try await send(method, path, query: query, body: body, timeout: timeout)
        do {
            return try API.decoder().decode(Answer.self, from: data)
        } catch {
            throw HeraldClientError(
                .invalidResponse, "the daemon's answer to \(method.rawValue) \(Self.path(path)) is not \(Answer.self): \(error)")
        }
    }

    /// Sends a request whose answer has no body (204).
    func perform(_ method: Method, _ path: [String], body: (some Encodable)? = Empty?.none) async throws {
        _ = try await send(method, path, query: [], body: body, timeout: nil)
    }

    /// Sends a request; returns the body of a 2xx answer or throws the daemon's error.
    func send(
        _ method: Method, _ path: [String], query: [URLQueryItem], body: (some Encodable)?, timeout: TimeInterval?
    ) async throws -> Data {
        var request = URLRequest(url: url(path, query: query))
        request.httpMethod = method.rawValue
        request.timeoutInterval = timeout ?? self.timeout
        request.setValue("Bearer \(endpoint.token)", forHTTPHeaderField: "Authorization")
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        if let body {
            request.httpBody = try API.encoder().encode(body)
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        let (data, response) = try await load(request)
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        guard (200..<300).contains(status) else { throw refusal(status: status, data: data) }
        return data
    }

    private func load(_ request: URLRequest) async throws -> (Data, URLResponse) {
        do {
            return try await session.data(for: request)
        } catch let error as URLError {
            throw transportError(error)
        }
    }

    /// The error for a non-2xx answer: the daemon's error body, or the status alone.
    private func refusal(status: Int, data: Data) -> HeraldClientError {
        if let body = try? API.decoder().decode(API.ErrorBody.self, from: data) {
            return .refused(status: status, body)
        }
        let text = String(decoding: data.prefix(200), as: UTF8.self)
        return HeraldClientError(.refused, "HTTP \(status) \(text)", status: status)
    }

    /// The error for a failed connection; one refused at once means no daemon is there.
    func transportError(_ error: URLError) -> HeraldClientError {
        switch error.code {
        case .cannotConnectToHost, .cannotFindHost, .notConnectedToInternet, .dnsLookupFailed:
            HeraldClientError(.daemonUnreachable, "no Herald daemon at \(endpoint.url.absoluteString): start one with `herald serve`")
        case .timedOut:
            HeraldClientError(.connectionFailed, "the Herald daemon at \(endpoint.url.absoluteString) did not answer in time")
        default:
            HeraldClientError(.connectionFailed, "the connection to \(endpoint.url.absoluteString) failed: \(error.localizedDescription)")
        }
    }

    /// The URL of an API path: each segment percent-encoded, after the endpoint's own path.
    func url(_ path: [String], query: [URLQueryItem] = []) -> URL {
        var components = URLComponents(url: endpoint.url, resolvingAgainstBaseURL: false) ?? URLComponents()
        let base = components.percentEncodedPath.hasSuffix("/")
            ? String(components.percentEncodedPath.dropLast()) : components.percentEncodedPath
        components.percentEncodedPath = base + Self.path(path)
        components.percentEncodedQuery = query.isEmpty ? nil : query.map {
            "\(Self.encode($0.name))=\(Self.encode($0.value ?? ""))"
        }.joined(separator: "&")
        return components.url ?? endpoint.url
    }

    /// `/v1/apps/com.example.todo/requests`, each segment percent-encoded.
    static func path(_ segments: [String]) -> String {
        segments.map { "/" + encode($0) }.joined()
    }

    /// `text` with every byte but RFC 3986's unreserved characters percent-encoded.
    static func encode(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? text
    }

    private static let unreserved = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
}

/// The body of a request that has none.
struct Empty: Codable, Sendable {}
