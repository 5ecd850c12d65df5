/// What the body of `POST /v1/apps/{app}/requests` may hold, besides the largest body
/// (``HeraldRequestContext/maxAttachmentUploadSize``, about 66.7 MiB, for attachment
/// bytes).
///
/// Attachment bytes (the base64 strings of attachments' `data`) cost their size in
/// memory, and their size is what the large body limit is for. The rest of the JSON is
/// what becomes requests, several times their size in memory: it is held to
/// ``requestJSON`` bytes and ``batchCount`` requests. A body is counted as it arrives,
/// so one over a limit is refused before it is read in full.
public struct UploadLimits: Sendable, Equatable {
    /// Bytes of the body outside attachment bytes: 1 MiB, the largest request the
    /// engine accepts several times over (a body of 8,192 characters, 64 KiB of
    /// localized text, 4 KiB of `userInfo`, JSON-escaped). Beyond it: 413
    /// `payloadTooLarge`.
    public var requestJSON = 1 << 20
    /// Requests in one batch (`{"requests": [...]}`): 256. Beyond it: 413 `batchTooLarge`.
    public var batchCount = 256
    /// Bodies over 64 KiB (the limit of every other route) read and added at once: 2.
    /// Beyond it, a body that grows past 64 KiB is answered 503 `tooManyUploads` with
    /// `Retry-After`.
    public var concurrentLargeUploads = 2

    /// The size from which a body is a large upload: 64 KiB, the limit of every other route.
    public static let largeUploadSize = 64 * 1024

    /// The defaults: 1 MiB of JSON, 256 requests, two large uploads at once.
    public init() {}
}
