public import NIOCore

/// How long an HTTP connection may take at each step before the daemon closes it.
public struct ConnectionTimeouts: Sendable, Equatable {
    /// A new connection that has sent no byte yet: 5 s. A client opens a connection
    /// to send a request on it; one that stays silent holds a descriptor for nothing.
    public var firstByte: TimeAmount = .seconds(5)
    /// A connection with no request under way after its first (the last one answered): 60 s.
    public var idle: TimeAmount = .seconds(60)
    /// From a request's first byte to the end of its header: 10 s.
    public var header: TimeAmount = .seconds(10)
    /// Between two reads of a request's body: 10 s.
    public var body: TimeAmount = .seconds(10)

    /// The defaults: 5 s for a first byte, 60 s idle, 10 s for a header, 10 s between body reads.
    public init() {}
}

/// The timeouts of one HTTP/1 connection, as a state machine with no I/O: events in
/// (bytes arrived, a request's parts read, a response ended), the next deadline and
/// what to do when it passes out.
///
/// The read side is idle, in a header or in a body; requests read in full wait for their
/// answers, which the daemon works on without a deadline. Each wait has its own limit:
/// ``ConnectionTimeouts/firstByte`` from the connection's opening to its first byte,
/// ``ConnectionTimeouts/idle`` while nothing is under way, ``ConnectionTimeouts/header``
/// from a request's first byte until its header is complete, ``ConnectionTimeouts/body``
/// between reads of its body.
struct ConnectionDeadlines {
    enum Reading: Equatable {
        case idle(since: NIODeadline)
        case header(since: NIODeadline)
        case body(lastRead: NIODeadline)
    }

    /// What a passed deadline calls for.
    enum Expiry: Equatable {
        /// Close the connection without a word: it was idle, or its answer is under way.
        case close
        /// Answer (408 for a timeout, 400 for a malformed request), then close.
        case answerThenClose
    }

    let timeouts: ConnectionTimeouts
    private(set) var reading: Reading
    /// Requests whose header was read and whose answer has not ended.
    private(set) var unanswered = 0
    /// Whether the answer to the oldest unanswered request has begun.
    private(set) var answerBegun = false
    /// Whether any byte has arrived since the connection opened.
    private(set) var spoken = false

    init(timeouts: ConnectionTimeouts, now: NIODeadline) {
        self.timeouts = timeouts
        reading = .idle(since: now)
    }

    /// Bytes arrived: while idle, a request has begun.
    mutating func bytesArrived(now: NIODeadline) {
        spoken = true
        if case .idle = reading { reading = .header(since: now) }
    }

    /// A request's header was read.
    mutating func headerRead(now: NIODeadline) {
        reading = .body(lastRead: now)
        unanswered += 1
    }

    /// Part of a request's body was read.
    mutating func bodyRead(now: NIODeadline) {
        if case .body = reading { reading = .body(lastRead: now) }
    }

    /// A request was read to its end.
    mutating func requestEnded(now: NIODeadline) {
        reading = .idle(since: now)
    }

    /// The answer to the oldest unanswered request began.
    mutating func answerBegan() {
        answerBegun = true
    }

    /// The answer to the oldest unanswered request ended.
    mutating func answerEnded(now: NIODeadline) {
        unanswered = max(unanswered - 1, 0)
        answerBegun = false
        if case .idle = reading { reading = .idle(since: now) }
    }

    /// When the current wait runs out; `nil` while the daemon is answering.
    var deadline: NIODeadline? {
        switch reading {
        case .idle(let since): unanswered == 0 ? since + (spoken ? timeouts.idle : timeouts.firstByte) : nil
        case .header(let since): since + timeouts.header
        case .body(let lastRead): lastRead + timeouts.body
        }
    }

    /// Since when the connection has been waiting for its client (to begin a request, or
    /// for the rest of one); `nil` while the daemon is answering. The connection that has
    /// waited longest is the first closed to make room for a new one
    /// (``ConnectionTable``).
    var waitingSince: NIODeadline? {
        switch reading {
        case .idle(let since): unanswered == 0 ? since : nil
        case .header(let since): since
        case .body(let lastRead): lastRead
        }
    }

    /// What to do at `now`: `nil` if the deadline has not passed (or there is none).
    func expiry(now: NIODeadline) -> Expiry? {
        guard let deadline, now >= deadline else { return nil }
        if case .idle = reading { return .close }
        return answerBegun ? .close : .answerThenClose
    }

    /// What a malformed request calls for: a 400 if no answer is being written, else closing.
    var malformedRequest: Expiry {
        answerBegun ? .close : .answerThenClose
    }
}
