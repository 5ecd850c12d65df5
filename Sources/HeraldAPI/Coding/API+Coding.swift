public import Foundation

extension API {
    /// A JSON encoder for the API: ISO 8601 dates with milliseconds, sorted keys.
    public static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(date.formatted(timestampStyle))
        }
        return encoder
    }

    /// A JSON decoder for the API: accepts ISO 8601 dates with or without
    /// fractional seconds, with a zone (`Z` or an offset).
    public static func decoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            guard let date = parseTimestamp(text) else {
                throw DecodingError.dataCorruptedError(
                    in: container, debugDescription: "“\(text)” is not an ISO 8601 date with a time zone")
            }
            return date
        }
        return decoder
    }

    /// Parses an ISO 8601 timestamp with a zone, with or without fractional seconds.
    public static func parseTimestamp(_ text: String) -> Date? {
        (try? timestampStyle.parse(text)) ?? (try? wholeSecondStyle.parse(text))
    }

    private static let timestampStyle = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
    private static let wholeSecondStyle = Date.ISO8601FormatStyle()
}
