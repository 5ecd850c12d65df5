public import NotificationModel

/// ``FocusPolicy``'s decision reached from outside the engine, so the engine benchmark
/// (`Benchmarks/`, E9) can time it alone, beside the firing path that calls it. No
/// part of Herald calls it.
@_spi(Benchmarks)
public struct FocusDecisionProbe: Sendable {
    /// ``FocusPolicy/Decision`` without the summary's date.
    public enum Outcome: Sendable, Equatable {
        /// Shown as the app's settings say.
        case present
        /// Shown although the person's notifications are quiet.
        case breakThrough
        /// Kept in the list without a banner or a sound.
        case quiet
        /// Kept back for the next summary.
        case hold
    }

    private let standing: FocusPolicy.Standing

    /// An app's standing: its identifier, its time-sensitive setting and whether it is
    /// in the scheduled summary.
    public init(app: String, allowsTimeSensitive: Bool, isInSummary: Bool) {
        standing = FocusPolicy.Standing(app: app, allowsTimeSensitive: allowsTimeSensitive, isInSummary: isInSummary)
    }

    /// What the engine decides for a delivery of this app at `level` with `criteria`
    /// under `quiet` (``FocusPolicy/decide(_:criteria:of:quiet:)``).
    public func decide(
        _ level: NotificationContent.InterruptionLevel, criteria: String, quiet: QuietState
    ) -> Outcome {
        switch FocusPolicy.decide(level, criteria: criteria, of: standing, quiet: quiet) {
        case .present: .present
        case .breakThrough: .breakThrough
        case .quiet: .quiet
        case .hold: .hold
        }
    }
}
