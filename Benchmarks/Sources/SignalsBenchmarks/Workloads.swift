/// The benchmark workloads: what each side runs and the goal it is held to.
struct Workload: Sendable {
    let id: String
    let title: String
    /// The workload's sides at `scale` (1 = full size).
    let make: @Sendable (_ scale: Double) -> Sides
}

/// What one workload runs on each side, each returning a checksum.
struct Sides {
    let id: String
    let title: String
    let events: Int
    let goals: [Goal]
    let signals: () -> Int
    var openCombine: (() -> Int)? = nil
    var floor: (() -> Int)? = nil
    /// A second floor shown beside the goal's, without a goal: for B1, the floor without its sink.
    var otherFloor: (title: String, body: () -> Int)? = nil

    /// The side named `name` ("signals", "opencombine" or "floor"), if this workload has it.
    func side(named name: String) -> (() -> Int)? {
        switch name {
        case "signals": signals
        case "opencombine": openCombine
        case "floor": floor
        case "otherfloor": otherFloor?.body
        default: nil
        }
    }
}

/// `count` scaled, at least 1.
func scaled(_ count: Int, _ scale: Double) -> Int {
    max(1, Int((Double(count) * scale).rounded()))
}

enum Workloads {
    static let all: [Workload] = [b1, b2, b3, b4, b5, b6]

    static let b1 = Workload(id: "B1", title: "cold map→filter→map→sink, 10M values") { scale in
        let n = scaled(10_000_000, scale)
        return Sides(
            id: "B1", title: "cold map→filter→map→sink", events: n,
            goals: [.fasterThanOpenCombine(6), .withinFloor(1.5)],
            signals: { SignalsSide.pipeline(n) },
            openCombine: { OpenCombineSide.pipeline(n) },
            floor: { Floors.pipelineWithSink(n) },
            otherFloor: ("the stages alone, no sink (the goal's floor until 2026-11-26)", { Floors.pipeline(n) })
        )
    }

    static let b2 = Workload(id: "B2", title: "subject, 1 subscriber, 10M sends") { scale in
        let n = scaled(10_000_000, scale)
        return Sides(
            id: "B2", title: "subject → 1 subscriber", events: n, goals: [.fasterThanOpenCombine(4)],
            signals: { SignalsSide.subject(subscribers: 1, sends: n) },
            openCombine: { OpenCombineSide.subject(subscribers: 1, sends: n) }
        )
    }

    static let b3 = Workload(id: "B3", title: "subject, 100 subscribers × 100k sends") { scale in
        let sends = scaled(100_000, scale)
        return Sides(
            id: "B3", title: "subject → 100 subscribers (per delivery)", events: sends * 100,
            goals: [.fasterThanOpenCombine(8), .withinFloor(1.5)],
            signals: { SignalsSide.subject(subscribers: 100, sends: sends) },
            openCombine: { OpenCombineSide.subject(subscribers: 100, sends: sends) },
            floor: { Floors.fanOut(subscribers: 100, sends: sends) }
        )
    }

    static let b4 = Workload(id: "B4", title: "flattenMap/flatMap, 100k inner × 10 values") { scale in
        let outer = scaled(100_000, scale)
        return Sides(
            id: "B4", title: "flattenMap / flatMap (per value)", events: outer * 10,
            goals: [.fasterThanOpenCombine(4)],
            signals: { SignalsSide.flattenMap(outer: outer, inner: 10) },
            openCombine: { OpenCombineSide.flatMap(outer: outer, inner: 10) }
        )
    }

    static let b5 = Workload(id: "B5", title: "combineLatest of two subjects, 1M alternating sends") { scale in
        let sends = scaled(1_000_000, scale)
        return Sides(
            id: "B5", title: "combineLatest, 2 subjects (per send; Signals only)", events: sends,
            goals: [.atMostNanoseconds(100)],
            signals: { SignalsSide.combineLatest(sends: sends) }
        )
    }

    static let b6 = Workload(id: "B6", title: "subscribe + dispose on a subject, 1M cycles") { scale in
        let cycles = scaled(1_000_000, scale)
        return Sides(
            id: "B6", title: "subscribe + dispose (per cycle)", events: cycles,
            // Issue 20: at most 60 ns, and at most 0.05 of OpenCombine's time in the same run.
            goals: [.atMostNanoseconds(60), .fasterThanOpenCombine(20)],
            signals: { SignalsSide.subscribeDispose(cycles: cycles) },
            openCombine: { OpenCombineSide.subscribeDispose(cycles: cycles) }
        )
    }
}
