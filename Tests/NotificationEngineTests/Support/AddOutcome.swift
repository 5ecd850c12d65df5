import Foundation
import NotificationEngine

/// An add's result without the error's message, to compare outcomes.
enum AddOutcome: Equatable, CustomStringConvertible {
    case added(evicted: [String])
    case refused(NotificationError.Code)
    case failed(String)

    init(_ result: Result<AddResult, any Error>) {
        switch result {
        case .success(let added): self = .added(evicted: added.evictedIdentifiers)
        case .failure(let error as NotificationError): self = .refused(error.code)
        case .failure(let error): self = .failed("\(error)")
        }
    }

    var description: String {
        switch self {
        case .added(let evicted): evicted.isEmpty ? "added" : "added, evicting \(evicted.joined(separator: ","))"
        case .refused(let code): "refused: \(code)"
        case .failed(let error): "failed: \(error)"
        }
    }
}
