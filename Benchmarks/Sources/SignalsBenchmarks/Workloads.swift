/// The benchmark workloads: what each side runs and the goal it is held to.
struct Workload: Sendable {
    let id: String
    let title: String
    /// Measures the workload at `scale` (1 = full size).
    let run: @Sendable (_ scale: Double) -> Row
}

/// `count` scaled, at least 1.
func scaled(_ count: Int, _ scale: Double) -> Int {
    max(1, Int((Double(count) * scale).rounded()))
}

enum Workloads {
    static let all: [Workload] = [b1, b2, b3, b4, b6]

    static let b1 = Workload(id: "B1", title: "cold map→filter→map→sink, 10M values") { scale in
        let n = scaled(10_000_000, scale)
        return Row(
            id: "B1", title: "cold map→filter→map→sink",
            signals: Harness.measure(events: n) { SignalsSide.pipeline(n) },
            openCombine: Harness.measure(events: n) { OpenCombineSide.pipeline(n) },
            floor: Harness.measure(events: n) { Floors.pipeline(n) },
            goals: [.fasterThanOpenCombine(6)]
        )
    }

    static let b2 = Workload(id: "B2", title: "subject, 1 subscriber, 10M sends") { scale in
        let n = scaled(10_000_000, scale)
        return Row(
            id: "B2", title: "subject → 1 subscriber",
            signals: Harness.measure(events: n) { SignalsSide.subject(subscribers: 1, sends: n) },
            openCombine: Harness.measure(events: n) { OpenCombineSide.subject(subscribers: 1, sends: n) },
            floor: nil,
            goals: [.fasterThanOpenCombine(4)]
        )
    }

    static let b3 = Workload(id: "B3", title: "subject, 100 subscribers × 100k sends") { scale in
        let sends = scaled(100_000, scale)
        let deliveries = sends * 100
        return Row(
            id: "B3", title: "subject → 100 subscribers (per delivery)",
            signals: Harness.measure(events: deliveries) { SignalsSide.subject(subscribers: 100, sends: sends) },
            openCombine: Harness.measure(events: deliveries) {
                OpenCombineSide.subject(subscribers: 100, sends: sends)
            },
            floor: Harness.measure(events: deliveries) { Floors.fanOut(subscribers: 100, sends: sends) },
            goals: [.fasterThanOpenCombine(8), .withinFloor(1.5)]
        )
    }

    static let b4 = Workload(id: "B4", title: "flattenMap/flatMap, 100k inner × 10 values") { scale in
        let outer = scaled(100_000, scale)
        let values = outer * 10
        return Row(
            id: "B4", title: "flattenMap / flatMap (per value)",
            signals: Harness.measure(events: values) { SignalsSide.flattenMap(outer: outer, inner: 10) },
            openCombine: Harness.measure(events: values) { OpenCombineSide.flatMap(outer: outer, inner: 10) },
            floor: nil,
            goals: [.fasterThanOpenCombine(4)]
        )
    }

    static let b6 = Workload(id: "B6", title: "subscribe + dispose on a subject, 1M cycles") { scale in
        let cycles = scaled(1_000_000, scale)
        return Row(
            id: "B6", title: "subscribe + dispose (per cycle)",
            signals: Harness.measure(events: cycles) { SignalsSide.subscribeDispose(cycles: cycles) },
            openCombine: Harness.measure(events: cycles) { OpenCombineSide.subscribeDispose(cycles: cycles) },
            floor: nil,
            goals: [.fasterThanOpenCombine(3)]
        )
    }
}
