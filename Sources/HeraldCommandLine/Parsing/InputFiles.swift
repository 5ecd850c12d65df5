package import Foundation
package import HeraldAPI
import NotificationModel

/// What commands read from their arguments: category files and action names.
package enum InputFiles {
    /// The categories in a JSON file: `{"categories": [...]}` (API.CategoryList) or a bare array.
    package static func categories(fromFile path: String) throws(CommandLineError) -> [API.Category] {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw CommandLineError("cannot read \(path)")
        }
        return try categories(from: data, named: path)
    }

    /// The categories in JSON `data`.
    package static func categories(from data: Data, named name: String) throws(CommandLineError) -> [API.Category] {
        let decoder = API.decoder()
        if let list = try? decoder.decode(API.CategoryList.self, from: data) { return list.categories }
        do {
            return try decoder.decode([API.Category].self, from: data)
        } catch {
            throw CommandLineError(
                #"\#(name) is not {"categories": [...]} nor an array of categories: \#(Self.reason(error))"#)
        }
    }

    /// The action identifier `herald respond` sends: `default` and `dismiss`
    /// stand for Apple's tap and dismiss identifiers.
    package static func actionIdentifier(_ name: String) -> String {
        switch name {
        case "default": NotificationAction.defaultIdentifier
        case "dismiss": NotificationAction.dismissIdentifier
        default: name
        }
    }

    /// `--options alert,sound,badge` as names, checked.
    package static func authorizationOptions(_ text: String) throws(CommandLineError) -> [String] {
        let names = text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        for name in names where !["alert", "sound", "badge"].contains(name) {
            throw CommandLineError("“\(name)” is not an authorization option: use alert, sound, badge")
        }
        return names
    }

    private static func reason(_ error: any Error) -> String {
        switch error {
        case DecodingError.keyNotFound(let key, let context):
            "missing “\(key.stringValue)” at \(path(context))"
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context),
            DecodingError.dataCorrupted(let context):
            "\(context.debugDescription) at \(path(context))"
        default:
            "\(error)"
        }
    }

    private static func path(_ context: DecodingError.Context) -> String {
        let path = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
        return path.isEmpty ? "the top" : path
    }
}
