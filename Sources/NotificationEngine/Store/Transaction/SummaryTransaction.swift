package import Foundation

/// A transaction's summary queue: deliveries kept back from the presenters until
/// the scheduled summary they wait for (``FocusPolicy``). They stay in the
/// notification center's list meanwhile.
package protocol SummaryTransaction {
    /// Keeps the deliveries for the summary at `date`; one already kept keeps its date.
    func holdForSummary(_ deliveries: [(id: DeliveryID, app: AppIdentifier)], until date: Date) throws
    /// Takes out every delivery kept for a summary at or before `date`, and returns
    /// those still listed, in order.
    func takeSummary(through date: Date) throws -> [Delivery]
    /// The soonest summary anything is kept for.
    func nextSummaryDate() throws -> Date?
    /// The app's listed deliveries kept for a summary, with the summary's date.
    func summaryHolds(_ app: AppIdentifier) throws -> [DeliveryID: Date]
}
