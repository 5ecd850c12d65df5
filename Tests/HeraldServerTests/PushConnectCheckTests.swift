import HeraldAPI
import HTTPTypes
@testable import HeraldServer
import Testing

/// What `POST /v1/push/upstream` refuses before any connection: it cannot name a push service.
struct PushConnectCheckTests {
    static let fingerprint = Array(repeating: "AB", count: 32).joined(separator: ":")
    static let code = "hpi_" + String(repeating: "0a", count: 16)

    @Test(arguments: [
        API.PushConnectRequest(url: "https://push.example.org:2197", fingerprint: fingerprint, code: code),
        API.PushConnectRequest(url: "http://127.0.0.1:2197", fingerprint: nil, code: code),
    ])
    func accepted(_ request: API.PushConnectRequest) throws {
        try PushDeviceRoutes.check(request)
    }

    @Test(arguments: [
        API.PushConnectRequest(url: "", fingerprint: fingerprint, code: code),
        API.PushConnectRequest(url: "ftp://push.example.org", fingerprint: fingerprint, code: code),
        API.PushConnectRequest(url: "http://push.example.org:2197", fingerprint: nil, code: code),
        API.PushConnectRequest(url: "https://push.example.org/path", fingerprint: fingerprint, code: code),
        API.PushConnectRequest(url: "https://user@push.example.org", fingerprint: fingerprint, code: code),
        API.PushConnectRequest(url: "https://push.example.org", fingerprint: nil, code: code),
        API.PushConnectRequest(url: "https://push.example.org", fingerprint: "AB:CD", code: code),
        API.PushConnectRequest(url: "https://push.example.org", fingerprint: fingerprint, code: "hpi_short"),
        API.PushConnectRequest(url: "https://push.example.org", fingerprint: fingerprint, code: "x" + code.dropFirst()),
    ])
    func refused(_ request: API.PushConnectRequest) {
        let error = #expect(throws: ServerError.self) { try PushDeviceRoutes.check(request) }
        #expect(error?.status == .badRequest)
    }
}
