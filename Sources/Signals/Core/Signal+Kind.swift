extension Signal {
    /// What a signal is the output of, beside its start handler, when subscribing to it or
    /// chaining an operator onto it can use that.
    ///
    /// The references are unretained: the signal's start handler holds the object, so
    /// copying a signal (`subject.signal`) retains one object, and reaching the object
    /// retains none.
    @usableFromInline
    enum Kind: Sendable {
        /// Only a start handler (`Signal { observer in … }` and most operators).
        case plain
        /// A subject's (or replay subject's) output: subscribing with closures joins its
        /// list directly, with no observer object.
        case subject(Unmanaged<SubjectCore<Value, Failure>>)
        /// A `filter`: a `map` that follows takes its predicate into its own stage.
        case filter(Unmanaged<FilterStage<Value, Failure>>)
        /// A `map`: a `filter` that follows is fused into it (see `MapStage`).
        case map(Unmanaged<AnyMapStage<Value, Failure>>)
    }
}
