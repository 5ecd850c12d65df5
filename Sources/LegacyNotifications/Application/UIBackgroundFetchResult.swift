import NotificationModel

/// What a background fetch found, handed to the completion handler of the
/// delegate's `application(_:didReceiveRemoteNotification:fetchCompletionHandler:)`.
public enum UIBackgroundFetchResult: UInt, Sendable {
    /// New data was downloaded.
    case newData = 0
    /// There was nothing new to download.
    case noData = 1
    /// The download failed.
    case failed = 2

    /// The engine's form of the result.
    var engineValue: BackgroundFetchResult {
        switch self {
        case .newData: .newData
        case .noData: .noData
        case .failed: .failed
        }
    }
}
