/// What an app's background fetch for a push found: Apple's `UIBackgroundFetchResult`.
public enum BackgroundFetchResult: String, Codable, Sendable, Hashable {
    /// It downloaded new data.
    case newData
    /// There was nothing new.
    case noData
    /// It tried, and failed.
    case failed
}
