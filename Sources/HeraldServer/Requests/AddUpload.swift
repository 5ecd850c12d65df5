import HTTPTypes
import HeraldAPI
import Hummingbird
import NIOCore

/// The body of `POST /v1/apps/{app}/requests`, read under the daemon's
/// ``UploadLimits`` as it arrives: a body over a limit is refused before the rest of
/// it is read, and a large one holds a place in the ``UploadGate`` until ``finish()``.
struct AddUpload {
    private var body: ByteBuffer?
    private let gate: UploadGate
    private var holdsPlace: Bool

    /// Reads the body of `request`.
    ///
    /// - Throws: 413 `payloadTooLarge` for a body over the largest an add takes or with
    ///   more JSON than ``UploadLimits/requestJSON`` besides attachment data, 413
    ///   `batchTooLarge` for a batch of more than ``UploadLimits/batchCount`` requests,
    ///   503 `tooManyUploads` for a body over 64 KiB while the gate is full.
    static func read(_ request: Request, limits: UploadLimits, gate: UploadGate) async throws -> AddUpload {
        var scanner = AddBodyScanner()
        var body = ByteBuffer()
        var holdsPlace = false
        do {
            for try await part in request.body {
                guard body.readableBytes + part.readableBytes <= HeraldRequestContext.maxAttachmentUploadSize else {
                    throw ServerError.tooLargeForAnAdd()
                }
                part.withUnsafeReadableBytes { scanner.scan($0) }
                try check(scanner, against: limits)
                body.writeImmutableBuffer(part)
                if !holdsPlace, body.readableBytes > UploadLimits.largeUploadSize {
                    guard gate.enter() else { throw ServerError.tooManyUploads(gate.capacity) }
                    holdsPlace = true
                }
            }
        } catch {
            if holdsPlace { gate.leave() }
            throw error
        }
        return AddUpload(body: body, gate: gate, holdsPlace: holdsPlace)
    }

    private static func check(_ scanner: AddBodyScanner, against limits: UploadLimits) throws {
        if scanner.batchCount > limits.batchCount {
            throw ServerError(
                status: .contentTooLarge, code: .batchTooLarge,
                message: "a batch holds at most \(limits.batchCount) requests: send them in several")
        }
        if scanner.jsonBytes > limits.requestJSON {
            throw ServerError(
                status: .contentTooLarge, code: .payloadTooLarge,
                message: "the body has more than \(limits.requestJSON) bytes besides attachment data, "
                    + "the most an add takes: send fewer or smaller requests")
        }
    }

    /// The body, handed over once: the caller lets it go as soon as it is decoded.
    mutating func takeBody() -> ByteBuffer {
        defer { body = nil }
        return body ?? ByteBuffer()
    }

    /// Gives the place in the gate back, once the add is done.
    mutating func finish() {
        body = nil
        if holdsPlace { gate.leave() }
        holdsPlace = false
    }
}

extension ServerError {
    /// 413: a body over the largest an add takes.
    static func tooLargeForAnAdd() -> Self {
        ServerError(
            status: .contentTooLarge, code: .payloadTooLarge,
            message: "the body is over \(HeraldRequestContext.maxAttachmentUploadSize) bytes, the most an add takes "
                + "(64 KiB and the base64 of the largest attachment)")
    }

    /// 503 with `Retry-After`: `capacity` large uploads are being read already.
    static func tooManyUploads(_ capacity: Int) -> Self {
        ServerError(
            status: .serviceUnavailable, code: .tooManyUploads,
            message: "\(capacity) bodies over 64 KiB are being read and added already: try again in a moment",
            headers: [.retryAfter: "1"])
    }
}
