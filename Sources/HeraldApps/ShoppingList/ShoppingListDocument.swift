/// What Shopping List saves in `shopping-list.json`: the items, in the order
/// they were added.
struct ShoppingListDocument: Codable, Sendable, Equatable {
    /// One thing to buy.
    struct Item: Codable, Sendable, Equatable {
        /// A stable identity for deleting, so two "Milk" rows are told apart.
        var id: String
        /// What to buy, as the user typed it.
        var name: String
    }

    /// The list.
    var items: [Item] = []
}
