import InMemoryTracing
import Tracing

/// swift-distributed-tracing's `InMemoryTracer` with W3C-shaped identifiers (32 and 16 hex
/// digits) that injects a span context as W3C Trace Context does: one `traceparent` header,
/// `00-<trace ID>-<span ID>-01`, as swift-otel's propagator writes it.
struct W3CTestTracer: Tracer {
    let recorder = InMemoryTracer(
        idGenerator: .init(nextTraceID: { Self.hex(digits: 32) }, nextSpanID: { Self.hex(digits: 16) }))

    private static func hex(digits: Int) -> String {
        String((0..<digits).map { _ in "0123456789abcdef".randomElement()! })
    }

    func startSpan<Instant: TracerInstant>(
        _ operationName: String, context: @autoclosure () -> InstrumentationContext, ofKind kind: SpanKind,
        at instant: @autoclosure () -> Instant, function: String, file fileID: String, line: UInt
    ) -> InMemorySpan {
        recorder.startSpan(operationName, context: context(), ofKind: kind, at: instant(), function: function, file: fileID, line: line)
    }

    func forceFlush() { recorder.forceFlush() }

    func inject<Carrier, Inject: Injector>(_ context: InstrumentationContext, into carrier: inout Carrier, using injector: Inject)
    where Carrier == Inject.Carrier {
        guard let span = context.inMemorySpanContext else { return }
        injector.inject("00-\(span.traceID)-\(span.spanID)-01", forKey: "traceparent", into: &carrier)
    }

    func extract<Carrier, Extract: Extractor>(_ carrier: Carrier, into context: inout InstrumentationContext, using extractor: Extract)
    where Carrier == Extract.Carrier {}
}
