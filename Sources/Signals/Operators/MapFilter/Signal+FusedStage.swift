extension Signal {
    /// The operators fused into the stage this signal is the output of: `"filter"`, or
    /// `"map"` with `"filter+"` before it, `"+filter"` and `"+map"` after it when those
    /// joined (`"filter+map+filter+map"` at most); `nil` for any other signal.
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
            let (before, after, mapAfter) = stage._withUnsafeGuaranteedRef { ($0.filtersBefore, $0.filtersAfter, $0.mapsAfter) }
            return (before ? "filter+" : "") + "map" + (after ? "+filter" : "") + (mapAfter ? "+map" : "")
        }
    }
}
