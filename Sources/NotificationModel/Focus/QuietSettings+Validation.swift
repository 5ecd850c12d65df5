import Foundation

extension QuietSettings {
    /// The most Focus modes a person keeps.
    public static let maximumFocusModes = 50
    /// The most apps one Focus lets through.
    public static let maximumAllowedApps = 1_000
    /// The most filter criteria one Focus names, over all its apps.
    public static let maximumCriteria = 10_000
    /// The most schedules one Focus has.
    public static let maximumSchedules = 20
    /// The most summaries a day, as iOS allows.
    public static let maximumSummaryTimes = 12
    /// The longest identifier, name or filter criterion, in characters.
    public static let maximumTextLength = 256

    /// Checks the settings before they are kept.
    ///
    /// - Throws: ``NotificationError/Code/invalidPayload`` naming the first problem:
    ///   a duplicate or empty identifier, an empty name, a limit passed, a weekday
    ///   outside 1…7, a summary time given twice, an override naming no Focus.
    public func validate() throws {
        guard focusModes.count <= Self.maximumFocusModes else {
            throw invalid("at most \(Self.maximumFocusModes) Focus modes are kept, not \(focusModes.count)")
        }
        var identifiers = Set<String>()
        for mode in focusModes {
            try validate(mode)
            guard identifiers.insert(mode.identifier).inserted else {
                throw invalid("two Focus modes are called “\(mode.identifier)”")
            }
        }
        if let focus = override?.focus, !identifiers.contains(focus) {
            throw invalid("no Focus is called “\(focus)”")
        }
        guard summaryTimes.count <= Self.maximumSummaryTimes else {
            throw invalid("at most \(Self.maximumSummaryTimes) summaries a day, not \(summaryTimes.count)")
        }
        guard Set(summaryTimes).count == summaryTimes.count else { throw invalid("a summary time is given twice") }
    }

    private func validate(_ mode: FocusMode) throws {
        for (what, text) in [("identifier", mode.identifier), ("name", mode.name)] {
            guard !text.trimmingCharacters(in: .whitespaces).isEmpty, text.count <= Self.maximumTextLength else {
                throw invalid("a Focus \(what) must have 1 to \(Self.maximumTextLength) characters: “\(text)”")
            }
        }
        guard mode.allowedApps.count <= Self.maximumAllowedApps else {
            throw invalid("“\(mode.name)” lets through \(mode.allowedApps.count) apps; at most \(Self.maximumAllowedApps)")
        }
        let criteria = mode.allowedApps.values.flatMap { allowance -> Set<String> in
            if case .criteria(let criteria) = allowance { return criteria }
            return []
        }
        guard criteria.count <= Self.maximumCriteria else {
            throw invalid("“\(mode.name)” names \(criteria.count) filter criteria; at most \(Self.maximumCriteria)")
        }
        if let long = (Array(mode.allowedApps.keys) + criteria).first(where: { $0.isEmpty || $0.count > Self.maximumTextLength }) {
            throw invalid("“\(mode.name)”: an app or filter criterion must have 1 to \(Self.maximumTextLength) characters: “\(long)”")
        }
        guard mode.schedules.count <= Self.maximumSchedules else {
            throw invalid("“\(mode.name)” has \(mode.schedules.count) schedules; at most \(Self.maximumSchedules)")
        }
        for schedule in mode.schedules where schedule.weekdays.isEmpty || !schedule.weekdays.isSubset(of: 1...7) {
            throw invalid("“\(mode.name)”: a schedule's weekdays are 1 (Sunday) to 7 (Saturday), at least one")
        }
    }

    private func invalid(_ message: String) -> NotificationError {
        NotificationError(.invalidPayload, message)
    }
}
