/// The Herald daemon's HTTP API as Swift values: the JSON bodies of `/v1`, shared
/// by the server, the `herald` command line and `HeraldClient`.
///
/// These are the wire shapes the OpenAPI document (`openapi.yaml`) describes:
/// option sets as arrays of names, dates as ISO 8601 text, a trigger as an object
/// with a `type`. They convert to and from the engine's values, which stay free to
/// change their storage shapes.
///
/// ```swift
/// let body = API.RequestBody(
///     identifier: "walk-dog",
///     content: API.Content(title: "Task Reminder", body: "Walk Dog!!"),
///     trigger: .timeInterval(seconds: 60, repeats: true))
/// let data = try API.encoder().encode(body)
/// ```
public enum API {
    /// The path prefix of every versioned endpoint.
    public static let basePath = "/v1"
}
