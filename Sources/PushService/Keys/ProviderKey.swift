public import Foundation

/// A provider's signing key, registered from the `.p8` file Apple hands out: its
/// identifier (the tokens' `kid`), its team (`iss`), its public key and the
/// topics (app identifiers) the team may push to. Only the public key is kept.
public struct ProviderKey: Hashable, Sendable, Codable {
    /// The key identifier, 10 characters as Apple's.
    public var identifier: String
    /// The team, 10 characters as Apple's.
    public var team: String
    /// The P-256 public key's raw representation (x and y).
    public var publicKey: Data
    /// The apps the team owns: the topics its tokens may push to.
    public var topics: [String]
    public var addedAt: Date

    public init(identifier: String, team: String, publicKey: Data, topics: [String], addedAt: Date) {
        self.identifier = identifier
        self.team = team
        self.publicKey = publicKey
        self.topics = topics
        self.addedAt = addedAt
    }
}
