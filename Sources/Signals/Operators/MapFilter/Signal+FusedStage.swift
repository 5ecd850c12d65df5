extension Signal {
    /// The operators fused into the stage this signal is the output of: `"filter"`, `"map"`,
    /// `"filter+map"`, `"map+filter"` or `"filter+map+filter"`; `nil` for any other signal.
    ///
    /// For tests: whether a chain of `map` and `filter` was fused as documented.
    @_spi(Testing)
    public var fusedStage: String? {
        switch kind {
        case .plain, .subject:
            return nil
        case .filter:
            return "filter"
        case .map(let stage):
            let (before, after) = stage._withUnsafeGuaranteedRef { ($0.filtersBefore, $0.filtersAfter) }
            return (before ? "filter+" : "") + "map" + (after ? "+filter" : "")
        }
    }
}
