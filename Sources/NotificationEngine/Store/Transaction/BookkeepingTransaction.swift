/// A transaction's bookkeeping: what the engine keeps for itself rather than for
/// an app (the attachments' bytes still referred to, the time zone of the
/// schedule, the person's Focus modes and summary times, the last summary).
package protocol BookkeepingTransaction {
    /// The digests of the attachments of every pending request and of every
    /// delivery that is listed, in the outbox or answered with a response its app
    /// has not handled: the bytes the attachment store must keep. A delivery that
    /// only waits out its retention needs none.
    func attachmentDigests() throws -> Set<String>
    /// The attachments the app's pending requests (by identifier) and those of its
    /// deliveries ``attachmentDigests()`` keeps bytes for refer to; requests and
    /// deliveries without attachments may be left out.
    func attachmentReferences(_ app: AppIdentifier) throws -> AttachmentReferences

    /// The identifier of the time zone the pending floating calendar triggers'
    /// fire dates were computed in; `nil` if none was saved yet.
    func scheduleTimeZone() throws -> String?
    func saveScheduleTimeZone(_ identifier: String) throws

    /// The person's Focus modes and summary times, as JSON; `nil` if none were saved.
    func quietSettings() throws -> String?
    func saveQuietSettings(_ json: String) throws

    /// The last scheduled summary delivered, as JSON; `nil` if none was.
    func lastSummary() throws -> String?
    func saveLastSummary(_ json: String) throws
}
